import { t, type Static } from "elysia";
import { strict } from "../../lib/strict-schema";

export const AuditEntry = t.Object({
  _id: t.String(),
  /** The admin's alias at the time (still shown after their account is deleted). */
  actor: t.String(),
  actorId: t.Nullable(t.String()),
  action: t.String(),
  route: t.String(),
  itemKind: t.String(),
  itemId: t.Nullable(t.String()),
  summary: t.String(),
  createdAt: t.String(),
});

export type AuditEntry = Static<typeof AuditEntry>;

export const AuditPage = t.Object({
  items: t.Array(AuditEntry),
  page: t.Number(),
  pageSize: t.Number(),
  total: t.Number(),
});

export type AuditPage = Static<typeof AuditPage>;

export const AuditQuery = strict(t.Object({
  page: t.Optional(t.Numeric({ minimum: 1, maximum: 100_000, error: "Le numéro de page n'est pas valide." })),
}));
