import { t, type Static } from "elysia";
import { bulkBodySchema } from "../../lib/bulk";
import { DateParam, listPageSchema, listQuerySchema } from "../../lib/list-query";
import { UserSummary } from "../members/summary";
import { strict } from "../../lib/strict-schema";

export const Media = t.Object({
  _id: t.String(),
  title: t.String(),
  url: t.String(),
  type: t.Union([
    t.Literal("audio"),
    t.Literal("video"),
    t.Literal("pdf"),
    t.Literal("image"),
    t.Literal("external"),
    t.Literal("link"),
  ]),
  description: t.String(),
  txt_content: t.String(),
  html_content: t.String(),
  /** Public path of the file, e.g. /uploads/media/abc.mp3; empty for link and external. */
  path: t.String(),
  externalUrl: t.String(),
  /** File name under /uploads/media_thumbnails/, or null. */
  thumbnail: t.Nullable(t.String()),
  /**
   * The uploaded file as its uploader knew it (the stored name is generated): its original name, its type detected
   * from the content and its size in bytes; null for link and external media and for files kept before names were.
   */
  file: t.Optional(t.Nullable(t.Object({ name: t.String(), mime: t.String(), size: t.Nullable(t.Number()) }))),
  duration: t.Nullable(t.Number()),
  tags: t.Array(t.String()),
  createdAt: t.String(),
  uploadedBy: t.Nullable(UserSummary),
  approved: t.Boolean(),
  online: t.Boolean(),
});

export type Media = Static<typeof Media>;
export type MediaType = Media["type"];

const Text = (error: string) => t.String({ error });

/**
 * What the media form sends (§7: multipart with an optional `file`, or JSON without one). The upload reader turns
 * both into text fields; input.ts checks them with the exact messages of §5. This schema types Eden clients.
 */
export const MediaBody = strict(t.Object({
  title: Text("Le titre est obligatoire"),
  type: Text("Le type de média est obligatoire"),
  description: Text("La description est obligatoire"),
  /** A list, or comma separated text. */
  tags: t.Optional(t.Union([t.String(), t.Array(t.String())], { error: "Les mots-clés sont invalides." })),
  /** For link and external media: an http(s) address. */
  externalUrl: t.Optional(Text("L'URL n'est pas valide")),
  /** For audio, video, image and pdf: required on create, optional on update (keeps the stored file). */
  file: t.Optional(t.File({ error: "Un fichier est obligatoire" })),
}));

export type MediaBody = Static<typeof MediaBody>;

/**
 * The back office's status filter, for media and articles alike. Literal unions, not t.UnionEnum: Elysia gives a
 * UnionEnum its first value as default, which would filter every unfiltered list down to "pending".
 */
export const StatusFilter = t.Union([t.Literal("pending"), t.Literal("approved"), t.Literal("online"), t.Literal("offline")], {
  error: "Statut inconnu (pending, approved, online ou offline).",
});

export const MEDIA_SORTS = ["recent", "title", "author", "type", "status"] as const;

/** Filters of the media lists (back office and member space). */
export const mediaFilters = {
  status: t.Optional(StatusFilter),
  type: t.Optional(
    t.Union([t.Literal("audio"), t.Literal("video"), t.Literal("pdf"), t.Literal("image"), t.Literal("external"), t.Literal("link")], {
      error: "Type de média inconnu (audio, video, pdf, image, external ou link).",
    }),
  ),
  /** A member id: what they uploaded. */
  uploader: t.Optional(t.String({ maxLength: 64, error: "Membre invalide." })),
  /** Added on or after this day (YYYY-MM-DD). */
  from: t.Optional(DateParam("Date de début invalide (AAAA-MM-JJ).")),
  /** Added on or before this day (YYYY-MM-DD). */
  to: t.Optional(DateParam("Date de fin invalide (AAAA-MM-JJ).")),
};

/**
 * GET /api/admin/media: every media (the spec's array, newest first), narrowed by `status` and `q`; with `page`,
 * one page (`MediaPage`) sorted, filtered and searched by the database.
 */
export const AdminMediaQuery = listQuerySchema(MEDIA_SORTS, mediaFilters);

export type AdminMediaQuery = Static<typeof AdminMediaQuery>;

/** GET /api/user/media: `mine=1` keeps the caller's own uploads; with `page`, one page like the admin list. */
export const MemberMediaQuery = listQuerySchema(MEDIA_SORTS, { ...mediaFilters, mine: t.Optional(t.String()) });

export type MemberMediaQuery = Static<typeof MemberMediaQuery>;

/** A page of media, with the total for the pager. */
export const MediaPage = listPageSchema(Media);

export type MediaPage = Static<typeof MediaPage>;

/** Answer of the approve and online toggles: both flags after the change, and the §4 message to show. */
export const MediaState = t.Object({
  _id: t.String(),
  approved: t.Boolean(),
  online: t.Boolean(),
  message: t.String(),
});

export type MediaState = Static<typeof MediaState>;

export const MEDIA_BULK_ACTIONS = ["approve", "online", "offline", "delete"] as const;

export const MEDIA_NOUNS = { one: "média", many: "médias", noMatch: "Aucun média ne correspond à la sélection." };

/**
 * POST /api/admin/media/bulk (issue 19 §1): one action on the chosen media (`ids`) or on every media matching the
 * list's filters (`filter`, the same filters and search as GET /api/admin/media).
 */
export const BulkMediaBody = bulkBodySchema(MEDIA_BULK_ACTIONS, mediaFilters, {}, MEDIA_NOUNS);

export type BulkMediaBody = Static<typeof BulkMediaBody>;
