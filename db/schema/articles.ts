import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { foldFirst, foldSecond } from "../fold";
import { media } from "./media";
import { live } from "./trash-conditions";
import { themes } from "./themes";
import { users } from "./users";

export const articles = sqliteTable(
  "articles",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    /** Slug used in /article/{url}. */
    url: text("url").notNull().unique(),
    txtContent: text("txt_content").notNull().default(""),
    /** Sanitized HTML, never raw user input. */
    htmlContent: text("html_content").notNull().default(""),
    keywords: text("keywords", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    approved: integer("approved", { mode: "boolean" }).notNull().default(false),
    online: integer("online", { mode: "boolean" }).notNull().default(true),
    /**
     * « Brouillon »: its authors are still writing it; never public, never in the approval queue, until they choose
     * « Soumettre pour publication » (then pending: approved stays false). Always false once approved.
     */
    draft: integer("draft", { mode: "boolean" }).notNull().default(false),
    /** Bumped on every write of the article's text: a save from a stale copy (another tab) is refused (409). */
    version: integer("version").notNull().default(1),
    /** File name under uploads/article_pics, or null. */
    articlePic: text("article_pic"),
    articlePicOriginal: text("article_pic_original"),
    /** Bytes received for each picture (0 without one): they count against the authors' pending quota. */
    articlePicBytes: integer("article_pic_bytes").notNull().default(0),
    articlePicOriginalBytes: integer("article_pic_original_bytes").notNull().default(0),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** Sort key of the back office's « Par titre » (folded title in two stages, see db/fold.ts); computed, never written. */
    titleFold: text("title_fold").generatedAlwaysAs(foldFirst("title"), { mode: "virtual" }),
    titleKey: text("title_key").generatedAlwaysAs(foldSecond("title_fold"), { mode: "virtual" }),
    /**
     * Sort key of « Par auteur »: the first author's folded "name firstname", or U+10FFFF when there is none (so
     * those come last). Kept by triggers on article_authors and users (migration 0002_list_search).
     */
    authorKey: text("author_key").notNull().default("\u{10FFFF}"),
    /** Set when the article went to the trash (« Corbeille »): hidden everywhere but the trash, purged 30 days on. */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    /**
     * Who put it there. No foreign key: SQLite's ALTER TABLE cannot add one with ON DELETE SET NULL, and a plain
     * one would forbid deleting that account; the trash list joins users loosely (a gone account shows as such).
     */
    deletedBy: text("deleted_by"),
    /**
     * An edit of an approved article waiting for an admin (issue 20 §2): the revision (article_revisions) holding
     * the working text, while this row keeps the approved text the public reads. Only ever set on approved rows;
     * approval copies the revision in and clears it. No foreign key (the two tables would point at each other);
     * the revision pruning never removes the one named here.
     */
    pendingRevisionId: text("pending_revision_id"),
    /**
     * « Programmé » (issue 20 §5): at this minute the server approves the article (and applies its pending edit)
     * and rebuilds the site (api/modules/articles/schedule.ts). Null when nothing is scheduled.
     */
    publishAt: integer("publish_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    // Every index a list or a count walks covers live rows only (`deleted_at is null`): a query that forgets to
    // skip trashed rows cannot use them, and api/lib/list-query-plans.test.ts then fails.
    index("articles_visible_idx").on(t.approved, t.online, t.createdAt).where(live),
    // The public articles' ids in id order, from the index alone: the count of each theme's public articles (every
    // site build reads it after a write) joins them to article_themes without reading a row of this table (each
    // row holds the article's text: 450 ms against 45 ms at 50,000 articles). deleted_at makes it covering.
    index("articles_public_ids_idx").on(t.approved, t.online, t.id, t.deletedAt).where(live),
    // The public articles' pictures, from the index alone: the set of public upload files is made again after every
    // change (api/lib/uploads/visibility.ts), and reading each row for its picture (after the texts) cost 168 ms at
    // 50,000 articles, on the path of the write's answer. deleted_at makes it covering.
    index("articles_public_pics_idx")
      .on(t.approved, t.online, t.articlePic, t.deletedAt)
      .where(sql`${t.deletedAt} is null and ${t.articlePic} is not null`),
    // One index per sort of the lists, ending with the id that breaks ties (api/lib/list-query.ts).
    index("articles_created_idx").on(t.createdAt, t.id).where(live),
    index("articles_title_key_idx").on(t.titleKey, t.id).where(live),
    index("articles_author_key_idx").on(t.authorKey, sql`${t.createdAt} desc`, sql`${t.id} desc`).where(live),
    // Status: pending, then drafts, then offline, then published (api/modules/articles/listing.ts ARTICLE_LIST).
    index("articles_status_idx").on(t.approved, t.draft, t.online, sql`${t.createdAt} desc`, sql`${t.id} desc`).where(live),
    // The trash, most recently deleted first; the purge reads its oldest end.
    // Not partial: it also counts the live rows (deleted_at IS NULL) of every list, which SQLite will not do from a
    // partial index (a full read of the table instead: 62 ms against 1 ms at 50,000 articles).
    index("articles_trash_idx").on(t.deletedAt, t.id),
    // What the scheduler reads every minute: the due end of the scheduled articles.
    index("articles_publish_at_idx").on(t.publishAt).where(sql`publish_at is not null and deleted_at is null`),
  ],
);

/** Authors in display order (position). */
export const articleAuthors = sqliteTable(
  "article_authors",
  {
    articleId: text("article_id").notNull().references(() => articles.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] }), index("article_authors_user_idx").on(t.userId)],
);

export const articleThemes = sqliteTable(
  "article_themes",
  {
    articleId: text("article_id").notNull().references(() => articles.id, { onDelete: "cascade" }),
    themeId: text("theme_id").notNull().references(() => themes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.themeId] }), index("article_themes_theme_idx").on(t.themeId)],
);

export const articleMedia = sqliteTable(
  "article_media",
  {
    articleId: text("article_id").notNull().references(() => articles.id, { onDelete: "cascade" }),
    mediaId: text("media_id").notNull().references(() => media.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.mediaId] }), index("article_media_media_idx").on(t.mediaId)],
);

export type ArticleRow = typeof articles.$inferSelect;
