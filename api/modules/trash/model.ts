import { t, type Static } from "elysia";
import { listPageSchema, listQuerySchema } from "../../lib/list-query";
import { UserSummary } from "../members/summary";

/** What the trash holds: articles and media (issue 20 §6). */
export const TRASH_KINDS = ["article", "media"] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** Days an item stays in the trash before the purge removes it for good. */
export const TRASH_DAYS = 30;

/** The trash lists one sort: most recently deleted first. */
export const TRASH_SORTS = ["recent"] as const;

const Kind = t.Union([t.Literal("article"), t.Literal("media")], { error: "Type inconnu (article ou media)." });

/** GET /api/user/trash and /api/admin/trash: paging, search in titles and texts, and the kind. */
export const TrashQuery = listQuerySchema(TRASH_SORTS, { kind: t.Optional(Kind) });
export type TrashQuery = Static<typeof TrashQuery>;

/** The `:kind/:id` of the restore and purge routes. */
export const TrashParams = t.Object({ kind: Kind, id: t.String({ maxLength: 64, error: "Identifiant invalide." }) });

/** One row of the trash. */
export const TrashItem = t.Object({
  kind: Kind,
  _id: t.String(),
  title: t.String(),
  /** The media's type (audio, pdf…), null for an article. */
  mediaType: t.Nullable(t.String()),
  /** Where the item was (the article page or media page address), for the restored item's link. */
  url: t.String(),
  deletedAt: t.String(),
  /** When the purge removes it (deletedAt + 30 days). */
  purgeAt: t.String(),
  /** Who put it in the trash; null when that account is gone. */
  deletedBy: t.Nullable(UserSummary),
});
export type TrashItem = Static<typeof TrashItem>;

export const TrashPage = listPageSchema(TrashItem);
export type TrashPage = Static<typeof TrashPage>;

/** The answer of « Restaurer » and « Supprimer définitivement ». */
export const TrashDone = t.Object({ _id: t.String(), kind: Kind, title: t.String(), message: t.String() });
