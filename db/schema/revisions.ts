import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { articles } from "./articles";
import { users } from "./users";

/**
 * Saved versions of an article (issue 20 §4, api/modules/articles/revisions.ts): each save records the text as
 * it then stood; the saves of one writing session (same author, within REVISION_SESSION_MS of the last one)
 * update one revision instead of adding many. At most REVISIONS_MAX per article, the oldest pruned (never the
 * one `articles.pending_revision_id` names). A restore adds a revision; none is ever edited after it is sealed.
 */
export const articleRevisions = sqliteTable(
  "article_revisions",
  {
    id: text("id").primaryKey(),
    articleId: text("article_id").notNull().references(() => articles.id, { onDelete: "cascade" }),
    /** Who wrote it; null once that account is gone (the history stays). */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** The last save merged into it. */
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    title: text("title").notNull(),
    txtContent: text("txt_content").notNull().default(""),
    htmlContent: text("html_content").notNull().default(""),
    keywords: text("keywords", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** Theme and media ids as they were (a pending edit applies them on approval). */
    themes: text("themes", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    media: text("media", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /**
     * The article's picture files as they were (uploads/article_pics) and their sizes: a member's new picture for a
     * published article waits here like the text. A file stays on disk while the article or a kept revision names it.
     */
    articlePic: text("article_pic"),
    articlePicOriginal: text("article_pic_original"),
    articlePicBytes: integer("article_pic_bytes").notNull().default(0),
    articlePicOriginalBytes: integer("article_pic_original_bytes").notNull().default(0),
    /** Closed to merging: a restore, an approval, or the snapshot of an article's text before its first revision. */
    sealed: integer("sealed", { mode: "boolean" }).notNull().default(false),
    /** For a restore: the time of the revision it brought back (shown in « Historique »). */
    restoredFrom: integer("restored_from", { mode: "timestamp_ms" }),
    /**
     * An admin's decision on this version (issue 32 §3): « approved » when it became the public text (an approval,
     * a pending edit approved, a scheduled publication), « refused » for a pending edit an admin refused. Null
     * otherwise. Shown in « Historique »; the newest version refused is the authors' « Modification refusée ».
     */
    review: text("review").$type<RevisionReview>(),
    /** The reason an admin gave with « Refuser la modification » (optional, shared/article-rules.ts REFUSAL_REASON_MAX characters at most). */
    reviewReason: text("review_reason"),
    /** When the decision was made. */
    reviewedAt: integer("reviewed_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("article_revisions_article_idx").on(t.articleId, t.createdAt)],
);

export type RevisionReview = "approved" | "refused";

export type ArticleRevisionRow = typeof articleRevisions.$inferSelect;
