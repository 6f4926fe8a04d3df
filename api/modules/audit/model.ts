import { t, type Static } from "elysia";
import { strict } from "../../lib/strict-schema";
import { DateParam, listQuerySchema } from "../../lib/list-query";

export const AuditEntry = t.Object({
  _id: t.String(),
  /** The admin's alias at the time (still shown after their account is deleted). */
  actor: t.String(),
  actorId: t.Nullable(t.String()),
  action: t.String(),
  route: t.String(),
  itemKind: t.String(),
  itemId: t.Nullable(t.String()),
  /** The item's title or name as it was at the time; empty for old entries (the summary names them) and the site. */
  title: t.String(),
  /** The title and what became of the item, in French (« Un article — approuvé »). */
  summary: t.String(),
  /** The item still exists (a deleted one keeps its title but loses its link). */
  exists: t.Boolean(),
  /** Where an admin opens the item, while it exists; null otherwise. */
  href: t.Nullable(t.String()),
  createdAt: t.String(),
});

export type AuditEntry = Static<typeof AuditEntry>;

export const AuditPage = t.Object({
  items: t.Array(AuditEntry),
  page: t.Number(),
  pageSize: t.Number(),
  total: t.Number(),
  // More than `total` entries match (a broad search counted up to COUNT_CAP, api/lib/list-query.ts).
  capped: t.Optional(t.Boolean()),
});

export type AuditPage = Static<typeof AuditPage>;

/** GET /api/admin/audit: one page of the journal, newest first, filtered by actor, action, item kind and dates. */
export const AuditQuery = listQuerySchema(["recent"] as const, {
  /** The acting admin's member id. */
  actor: t.Optional(t.String({ maxLength: 64, error: "Auteur invalide." })),
  /** create, update, delete, approve, online, read, rebuild. */
  action: t.Optional(t.String({ maxLength: 20, error: "Action invalide." })),
  /** article, media, member, theme, event, contact, site. */
  kind: t.Optional(t.String({ maxLength: 20, error: "Type d'élément invalide." })),
  /** On or after this day (YYYY-MM-DD). */
  from: t.Optional(DateParam("Date de début invalide (AAAA-MM-JJ).")),
  /** On or before this day (YYYY-MM-DD). */
  to: t.Optional(DateParam("Date de fin invalide (AAAA-MM-JJ).")),
});

export type AuditQuery = Static<typeof AuditQuery>;
