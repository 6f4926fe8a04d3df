import { Elysia } from "elysia";
import type { Deps } from "../deps";
import { itemLabel } from "../modules/audit/items";
import { recordAudit } from "../modules/audit/service";
import { audienceOf } from "./access-gate";
import { auditNoteOf, auditsItself } from "./audit-option";
import { viewerOf } from "./auth";

const KIND_BY_SEGMENT: Record<string, string> = {
  articles: "article",
  media: "media",
  users: "member",
  register: "member",
  themes: "theme",
  events: "event",
  contact: "contact",
  site: "site",
};

/** Sub-routes whose last segment says what happened better than the method does. */
const VERB_BY_SEGMENT: Record<string, string> = { "admin-full-update": "update", register: "create" };

/** "PUT /api/admin/events/:id/online" -> { action: "online", itemKind: "event" }. */
export function classify(method: string, route: string): { action: string; itemKind: string } {
  const segments = route.split("/").filter(Boolean);
  // /api/admin/<kind>/... or /api/users/...
  const kindIndex = segments[1] === "users" ? 1 : 2;
  const kindSegment = segments[kindIndex] ?? "";
  const itemKind = KIND_BY_SEGMENT[kindSegment] ?? kindSegment;
  const last = segments[segments.length - 1] ?? "";
  // A fixed segment after the kind names what was done (approve, online, read, rebuild...).
  const isVerb = !last.startsWith(":") && (segments.length - 1 > kindIndex || last in VERB_BY_SEGMENT);
  const byMethod = method === "POST" ? "create" : method === "DELETE" ? "delete" : "update";
  // « Restaurer » a version from « Historique » (issue 20 §4) is not a restore from the trash.
  if (last === "restore" && segments.includes("revisions")) return { action: "revision-restore", itemKind };
  // « Approuver la modification » (issue 32 §3) is not the approval toggle: the article was approved already.
  if (last === "approve" && segments.includes("pending-edit")) return { action: "approve-edit", itemKind };
  return { action: isVerb ? (VERB_BY_SEGMENT[last] ?? last) : byMethod, itemKind };
}

const STATES: Record<string, [string, string, string]> = {
  online: ["online", "mis en ligne", "mis hors ligne"],
  approve: ["approved", "approuvé", "désapprouvé"],
  read: ["read", "lu", "non lu"],
};

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

/** The item's title or name in a handler's answer (an article, a member, a message...), or null. */
export function labelOf(response: unknown): string | null {
  const r = (typeof response === "object" && response !== null ? response : {}) as Record<string, unknown>;
  return (
    text(r.title) ??
    (text(r.firstname) && text(r.name) ? `${text(r.firstname)} ${text(r.name)}` : null) ??
    text(r.name) ??
    text(r.nickname) ??
    text(r.subject)
  );
}

/**
 * A few French words for the log: the item's name and, for toggles, the new state. `title` is the name read
 * elsewhere when the answer has none (a deletion answers only « supprimé »).
 */
export function summarize(action: string, response: unknown, title: string | null = null): string {
  const r = (typeof response === "object" && response !== null ? response : {}) as Record<string, unknown>;
  const label = labelOf(response) ?? title;
  const state = STATES[action];
  const stateText = state && typeof r[state[0]] === "boolean" ? (r[state[0]] ? state[1] : state[2]) : null;
  const parts = [label, stateText ?? (label ? null : text(r.message))].filter(Boolean);
  return parts.join(" — ");
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Titles read before a deletion ran, by request (a deleted item can no longer be read afterwards). */
const titlesBefore = new WeakMap<Request, string>();

const idParam = (params: unknown) => (params as Record<string, string | undefined> | undefined)?.id;

/**
 * Writes one audit entry after every successful write on an admin route (`/api/admin/*`, `/api/users/*`), for
 * every module at once: a handler cannot forget it. Registered before the modules (a global hook applies to the
 * routes added after it). Failures (thrown errors) never reach afterHandle, so they are not logged as done.
 * The entry keeps the item's title as it was: from the handler's answer, else read before a deletion (by kind and
 * id, api/modules/audit/items.ts), else read after the write.
 */
export const auditPlugin = (deps: Deps) =>
  new Elysia({ name: "audit-log" })
    .onBeforeHandle({ as: "global" }, async (ctx) => {
      const { request, route, params } = ctx;
      // The access gate has already refused anyone but an admin here; only deletions need the title beforehand.
      if (request.method !== "DELETE" || audienceOf(route) !== "admin" || auditsItself(ctx)) return;
      const id = idParam(params);
      if (!id) return;
      try {
        const title = await itemLabel(deps.db, classify(request.method, route).itemKind, id);
        if (title) titlesBefore.set(request, title);
      } catch (e) {
        // The journal must never stop a deletion: the entry will simply have no title.
        console.error("audit title read failed", e);
      }
    })
    .onAfterHandle({ as: "global" }, async (ctx) => {
      const { request, route, set, params } = ctx;
      // The route that ran, as the router matched it (never the URL re-read: see api/plugins/routed-path.ts).
      if (READS.has(request.method) || audienceOf(route) !== "admin") return;
      // A route declaring `{ audit: "self" }` writes its own entries (one per item of a bulk action).
      if (auditsItself(ctx)) return;
      const status = typeof set.status === "number" ? set.status : 200;
      if (status >= 400) return;
      // Elysia 1.4 names the handler's answer `responseValue` (older releases: `response`).
      const c = ctx as unknown as { responseValue?: unknown; response?: unknown; viewer?: Awaited<ReturnType<typeof viewerOf>> };
      const response = "responseValue" in c ? c.responseValue : c.response;
      if (response instanceof Response && !response.ok) return;
      const viewer = c.viewer ?? (await viewerOf(deps, request));
      const { action, itemKind } = classify(request.method, route);
      const answerId = (response as { _id?: unknown } | null)?._id;
      const itemId = idParam(params) ?? (typeof answerId === "string" ? answerId : null);
      try {
        const title = labelOf(response) ?? titlesBefore.get(request) ?? (itemId ? await itemLabel(deps.db, itemKind, itemId) : null);
        await recordAudit(deps.db, {
          userId: viewer?.user.id ?? null,
          actor: viewer?.user.nickname ?? "?",
          action,
          route: `${request.method} ${route}`,
          itemKind,
          itemId,
          title: title ?? "",
          summary: [summarize(action, response, title), auditNoteOf(request)].filter(Boolean).join(" — "),
        });
      } catch (e) {
        // The write itself succeeded; a lost log line must not turn it into an error for the admin.
        console.error("audit log write failed", e);
      }
    });
