import { Elysia } from "elysia";

/**
 * Route option `{ audit: "self" }`: the route writes its own journal rows (one per item of a bulk action,
 * api/modules/articles/bulk.ts), so the audit plugin (api/plugins/audit.ts) writes none for it. Declared on the
 * route, not guessed from its path. Carried by the auth plugin, which every admin module already uses.
 */
export const auditOption = new Elysia({ name: "audit-option" }).macro({
  audit: (mode: "self") => ({ resolve: () => ({ auditedBy: mode }) }),
});

/** True when the route that ran declared `{ audit: "self" }`. */
export const auditsItself = (ctx: object): boolean => (ctx as { auditedBy?: unknown }).auditedBy === "self";

const notes = new WeakMap<Request, string>();

/**
 * A few words a route adds to the summary of the entry the audit plugin writes for this request: what the
 * generic entry cannot tell (« mot de passe remplacé »: an admin who resets someone else's password is journaled
 * as that admin, saying so).
 */
export function noteForAudit(request: Request, note: string): void {
  notes.set(request, note);
}

export const auditNoteOf = (request: Request): string | null => notes.get(request) ?? null;
