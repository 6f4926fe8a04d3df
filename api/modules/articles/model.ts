import { t, type Static } from "elysia";
import { Media } from "../media/model";
import { UserSummary } from "../members/summary";
import { ThemeRef } from "../themes/model";
import { strict } from "../../lib/strict-schema";
import { DateParam, listPageSchema, listQuerySchema } from "../../lib/list-query";
import { bulkBodySchema } from "../../lib/bulk";

/** An admin's refusal of an edit, as its authors see it. */
export const EditRefusal = t.Object({ reason: t.Nullable(t.String()), at: t.String() });

/** One article with everything a page needs. */
export const Article = t.Object({
  _id: t.String(),
  title: t.String(),
  url: t.String(),
  /** File name under /uploads/article_pics/, or null. */
  articlePic: t.Nullable(t.String()),
  themes: t.Array(ThemeRef),
  authors: t.Array(UserSummary),
  keywords: t.Array(t.String()),
  createdAt: t.String(),
  txt_content: t.String(),
  html_content: t.String(),
  media: t.Array(Media),
  approved: t.Boolean(),
  online: t.Boolean(),
  /** « Brouillon »: not yet submitted by its authors (never public, never waiting for approval). */
  draft: t.Boolean(),
  /** Sent back with the next PUT: a save from an older copy is refused (409). */
  version: t.Number(),
  /** An edit of this approved article waits for an admin; the public reads the approved text meanwhile. */
  pendingEdit: t.Boolean(),
  /** « Programmé »: when the server publishes it (ISO), or null. */
  publishAt: t.Nullable(t.String()),
  /**
   * « Modification refusée » (issue 32 §3): an admin refused its authors' last edit, with this reason (null: none
   * given). Only in the answers to its authors and to admins; absent elsewhere.
   */
  editRefusal: t.Optional(t.Nullable(EditRefusal)),
});

export type Article = Static<typeof Article>;

/** An article in a list: the same fields without the bodies, media reduced to their count. */
export const ArticleSummary = t.Object({
  _id: t.String(),
  title: t.String(),
  url: t.String(),
  articlePic: t.Nullable(t.String()),
  themes: t.Array(ThemeRef),
  authors: t.Array(UserSummary),
  keywords: t.Array(t.String()),
  createdAt: t.String(),
  /** First 300 characters of the plain text, for previews and feeds. */
  excerpt: t.String(),
  mediaCount: t.Number(),
  approved: t.Boolean(),
  online: t.Boolean(),
  draft: t.Boolean(),
  pendingEdit: t.Boolean(),
  publishAt: t.Nullable(t.String()),
  /** As in Article: in the member's list, on their own articles only. */
  editRefusal: t.Optional(t.Nullable(EditRefusal)),
});

export type ArticleSummary = Static<typeof ArticleSummary>;

/** GET /api/user/articles/rules: what « Soumettre pour publication » requires that the server configures. */
export const ArticleRules = t.Object({
  /** Longest plain text that may be submitted (ARTICLE_MAX_CHARS); a draft may hold more. */
  maxChars: t.Number(),
});

export type ArticleRules = Static<typeof ArticleRules>;

/** A picture uploaded for an article's body: the address to put in `<img src>` and its size in pixels. */
export const BodyPicture = t.Object({ src: t.String(), width: t.Number(), height: t.Number() });

export type BodyPicture = Static<typeof BodyPicture>;

/** Ids sent as a repeated multipart field arrive as one string or a list; JSON clients send a list. */
const IdList = t.Union([t.String(), t.Array(t.String())], { error: "Liste d'identifiants invalide." });

/** Multipart sends flags as text ("true"); JSON as booleans. */
const Flag = t.Union([t.Boolean(), t.String()], { error: "Valeur invalide." });

/**
 * What the article form sends (multipart or JSON, same fields): §7 of the member and admin spec. Lengths and
 * "at least one theme" are checked by input.ts, so that a missing field and a too long one get their own message.
 * On update, `themes`, `media`, `keywords` and `html_content` left out keep their current value; the clear flags
 * empty a list on purpose.
 */
export const ArticleBody = strict(t.Object({
  title: t.String({ error: "Le titre est obligatoire" }),
  txt_content: t.String({ error: "Le contenu est obligatoire" }),
  html_content: t.Optional(t.String({ error: "Le contenu HTML est invalide." })),
  /** A list, or comma separated text. */
  keywords: t.Optional(t.Union([t.String(), t.Array(t.String())], { error: "Les mots-clés sont invalides." })),
  media: t.Optional(IdList),
  themes: t.Optional(IdList),
  clearMedia: t.Optional(Flag),
  clearThemes: t.Optional(Flag),
  /**
   * Member routes only: true saves it as a draft (« Enregistrer le brouillon ») instead of sending it for approval,
   * which stays the default (the spec's behaviour). Ignored on the admin routes.
   */
  draft: t.Optional(Flag),
  /** The version the form was opened at (Article.version); a stale one gets 409. Left out: no check (the spec's clients). */
  version: t.Optional(t.Union([t.Integer({ minimum: 1 }), t.String({ pattern: "^[0-9]{1,12}$" })], { error: "Version invalide." })),
}));

export type ArticleBody = Static<typeof ArticleBody>;

/** The admin form: the same fields, plus the authors (user ids, in display order). */
/**
 * « Publier le » (issue 20 §5): a date and time in Dakar (UTC+0, no zone needed: the datetime-local field sends
 * none), in the future; empty or null cancels a schedule.
 */
const PublishAt = t.Union([t.Null(), t.String({ maxLength: 40 })], { error: "La date de publication n'est pas valide." });

export const AdminArticleBody = strict(t.Composite([ArticleBody, t.Object({ authors: t.Optional(IdList), publishAt: t.Optional(PublishAt) })]));

export type AdminArticleBody = Static<typeof AdminArticleBody>;

/**
 * The status filter of the article lists: the media's four plus « Brouillon » (draft). Literal unions, not
 * t.UnionEnum (which gives its first value as default). `pending` is what waits for an admin: drafts are not.
 */
export const ArticleStatusFilter = t.Union(
  [
    t.Literal("draft"),
    t.Literal("pending"),
    t.Literal("edited"),
    t.Literal("scheduled"),
    t.Literal("approved"),
    t.Literal("online"),
    t.Literal("offline"),
  ],
  { error: "Statut inconnu (draft, pending, edited, scheduled, approved, online ou offline)." },
);

/** Filters of the article lists (back office and member space). */
const articleFilters = {
  status: t.Optional(ArticleStatusFilter),
  /** A theme id. */
  theme: t.Optional(t.String({ maxLength: 64, error: "Thème invalide." })),
  /** A member id: articles they (co-)wrote. */
  author: t.Optional(t.String({ maxLength: 64, error: "Auteur invalide." })),
  /** Written on or after this day (YYYY-MM-DD). */
  from: t.Optional(DateParam("Date de début invalide (AAAA-MM-JJ).")),
  /** Written on or before this day (YYYY-MM-DD). */
  to: t.Optional(DateParam("Date de fin invalide (AAAA-MM-JJ).")),
};

export const ARTICLE_SORTS = ["recent", "title", "author", "status"] as const;

/** GET /api/admin/articles: one page of the back-office table, sorted, filtered and searched by the database. */
export const AdminArticlesQuery = listQuerySchema(ARTICLE_SORTS, articleFilters);

export type AdminArticlesQuery = Static<typeof AdminArticlesQuery>;

/**
 * GET /api/user/articles: `q` searches title, text and keywords; `mine=1` keeps the caller's own articles, `mine=0`
 * (with `page`) the other members' public ones. With
 * `page`, the answer is one page (`ArticlePage`) sorted, filtered and searched like the admin list; without, the
 * whole list the spec describes (an array).
 */
export const MemberArticlesQuery = listQuerySchema(ARTICLE_SORTS, { ...articleFilters, mine: t.Optional(t.String()) });

export type MemberArticlesQuery = Static<typeof MemberArticlesQuery>;

/** A page of articles: an object, not the array of the whole lists, as it carries the total for the pager. */
export const ArticlePage = listPageSchema(ArticleSummary);

export type ArticlePage = Static<typeof ArticlePage>;

/** Answer of the approve and online toggles: both flags after the change, and the §4 message to show. */
export const ArticleState = t.Object({
  _id: t.String(),
  approved: t.Boolean(),
  online: t.Boolean(),
  message: t.String(),
});

export type ArticleState = Static<typeof ArticleState>;

/** Optional body of a toggle: an explicit value sets it (safe to repeat); no body flips it. */
export const ApproveBody = strict(
  t.Optional(t.Object({ approved: t.Optional(t.Boolean({ error: "Valeur invalide." })), publishAt: t.Optional(PublishAt) })),
);
export const OnlineBody = strict(t.Optional(t.Object({ online: t.Optional(t.Boolean({ error: "Valeur invalide." })) })));

/** Answer of the picture routes: the article's picture file names after the change. */
export const ArticlePictures = t.Object({
  _id: t.String(),
  articlePic: t.Nullable(t.String()),
  articlePicOriginal: t.Nullable(t.String()),
  message: t.String(),
});

export type ArticlePictures = Static<typeof ArticlePictures>;

/** A plain confirmation, e.g. after a deletion. */
export const Done = t.Object({ message: t.String() });

/** The caller's own counts, for the member dashboard. */
/**
 * The member dashboard's counts: every article of theirs (`articles`), those readers can see (`published`: approved
 * and online) and those waiting for approval (`pending`), and their media.
 */
export const MemberStats = t.Object({ articles: t.Number(), published: t.Number(), pending: t.Number(), drafts: t.Number(), media: t.Number() });

export type MemberStats = Static<typeof MemberStats>;

export const BULK_ACTIONS = ["approve", "online", "offline", "theme", "delete"] as const;

export const ARTICLE_NOUNS = { one: "article", many: "articles", noMatch: "Aucun article ne correspond à la sélection." };

/**
 * POST /api/admin/articles/bulk (issue 19 §1): one action on the chosen articles (`ids`) or on every article
 * matching the list's filters (`filter`, the same filters and search as GET /api/admin/articles).
 */
export const BulkArticlesBody = bulkBodySchema(BULK_ACTIONS, articleFilters, { themeId: t.Optional(t.String({ maxLength: 64, error: "Thème invalide." })) }, ARTICLE_NOUNS);

export type BulkArticlesBody = Static<typeof BulkArticlesBody>;

export { BulkResult } from "../../lib/bulk";

/** One line of « Historique » (issue 20 §4): who saved, when, and whether it is the edit waiting for approval. */
export const RevisionSummary = t.Object({
  _id: t.String(),
  /** First save of the writing session (ISO). */
  createdAt: t.String(),
  /** Last save merged into it (ISO). */
  updatedAt: t.String(),
  title: t.String(),
  /** Null once the account is gone. */
  author: t.Nullable(t.Object({ _id: t.String(), nickname: t.String(), name: t.String(), firstname: t.String() })),
  /** For a restore: the time of the revision it brought back. */
  restoredFrom: t.Nullable(t.String()),
  /** The edit of an approved article waiting for an admin. */
  pending: t.Boolean(),
  /** An admin's decision (issue 32 §3): « approved » when it became the public text, « refused » for a refused edit. */
  review: t.Nullable(t.Union([t.Literal("approved"), t.Literal("refused")])),
  /** The reason given with a refusal, if any. */
  reviewReason: t.Nullable(t.String()),
  /** When the decision was made (ISO). */
  reviewedAt: t.Nullable(t.String()),
  /** « Programmée »: the version « Publier le » will publish, at this time (ISO). */
  scheduledFor: t.Nullable(t.String()),
});

export type RevisionSummary = Static<typeof RevisionSummary>;

/** One revision with its text (theme and media ids as they were). */
export const Revision = t.Composite([
  RevisionSummary,
  t.Object({ txt_content: t.String(), html_content: t.String(), keywords: t.Array(t.String()), themes: t.Array(t.String()), media: t.Array(t.String()) }),
]);

export type Revision = Static<typeof Revision>;

/** « Restaurer »: the version the form was opened at (a stale one gets 409), optional like the form's own. */
export const RestoreBody = strict(t.Optional(t.Object({ version: t.Optional(t.Integer({ minimum: 1, error: "Version invalide." })) })));

const EditVersion = t.Optional(t.Integer({ minimum: 1, error: "Version invalide." }));

/**
 * « Refuser la modification »: an optional reason, mailed to the authors and shown to them (its length is checked by
 * the service, for the French message), and the version the admin's form shows (another one gets 409).
 */
export const RefuseEditBody = strict(t.Optional(t.Object({ reason: t.Optional(t.String({ error: "Le motif du refus est invalide." })), version: EditVersion })));

/** « Approuver la modification »: the version the admin's form shows (another one gets 409). */
export const ApproveEditBody = strict(t.Optional(t.Object({ version: EditVersion })));
