import { Elysia } from "elysia";
import type { Deps } from "../deps";
import { recordAudit } from "../modules/audit/service";
import { audienceOf } from "./access-gate";
import { auditsItself } from "./audit-option";
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
  return { action: isVerb ? (VERB_BY_SEGMENT[last] ?? last) : byMethod, itemKind };
}

const STATES: Record<string, [string, string, string]> = {
  online: ["online", "mis en ligne", "mis hors ligne"],
  approve: ["approved", "approuvé", "désapprouvé"],
  read: ["read", "lu", "non lu"],
};

/** A few French words for the log: the item's name and, for toggles, the new state. */
export function summarize(action: string, response: unknown): string {
  const r = (typeof response === "object" && response !== null ? response : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  const label =
    text(r.title) ??
    (text(r.firstname) && text(r.name) ? `${text(r.firstname)} ${text(r.name)}` : null) ??
    text(r.name) ??
    text(r.nickname) ??
    text(r.subject);
  const state = STATES[action];
  const stateText = state && typeof r[state[0]] === "boolean" ? (r[state[0]] ? state[1] : state[2]) : null;
  const parts = [label, stateText ?? (label ? null : text(r.message))].filter(Boolean);
  return parts.join(" — ");
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Writes one audit entry after every successful write on an admin route (`/api/admin/*`, `/api/users/*`), for
 * every module at once: a handler cannot forget it. Registered before the modules (a global hook applies to the
 * routes added after it). Failures (thrown errors) never reach afterHandle, so they are not logged as done.
 */
export const auditPlugin = (deps: Deps) =>
  new Elysia({ name: "audit-log" }).onAfterHandle({ as: "global" }, async (ctx) => {
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
    try {
      await recordAudit(deps.db, {
        userId: viewer?.user.id ?? null,
        actor: viewer?.user.nickname ?? "?",
        action,
        route: `${request.method} ${route}`,
        itemKind,
        itemId: (params as Record<string, string | undefined>)?.id ?? (typeof answerId === "string" ? answerId : null),
        summary: summarize(action, response),
      });
    } catch (e) {
      // The write itself succeeded; a lost log line must not turn it into an error for the admin.
      console.error("audit log write failed", e);
    }
  });
