import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { foldFirst, foldSecond } from "../fold";
import { live } from "./trash-conditions";
import { users } from "./users";

export const MEDIA_TYPES = ["audio", "video", "pdf", "image", "external", "link"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const media = sqliteTable(
  "media",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    /** Slug used in /media/{url}. */
    url: text("url").notNull().unique(),
    type: text("type", { enum: MEDIA_TYPES }).notNull(),
    description: text("description").notNull().default(""),
    txtContent: text("txt_content").notNull().default(""),
    /** Sanitized HTML, never raw user input. */
    htmlContent: text("html_content").notNull().default(""),
    /** Public path of the uploaded file (e.g. /uploads/media/x.mp3), empty for link and external. */
    path: text("path").notNull().default(""),
    externalUrl: text("external_url").notNull().default(""),
    /** The file's name on the uploader's machine (the stored one is generated), shown in the edit form. */
    fileName: text("file_name").notNull().default(""),
    /** The file's type as detected from its content (e.g. audio/mpeg). */
    fileMime: text("file_mime").notNull().default(""),
    /** File name under uploads/media_thumbnails, or null. */
    thumbnail: text("thumbnail"),
    /** Bytes of the uploaded file as received (0 without a file): shown in the edit form, and counted against
     * the uploader's pending quota. */
    fileBytes: integer("file_bytes").notNull().default(0),
    /** Duration in seconds for audio and video files, when known. */
    duration: integer("duration"),
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    approved: integer("approved", { mode: "boolean" }).notNull().default(false),
    online: integer("online", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** Set when the media went to the trash (« Corbeille »): hidden everywhere but the trash, purged 30 days on. */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    /**
     * Who put it there. No foreign key: SQLite's ALTER TABLE cannot add one with ON DELETE SET NULL, and a plain
     * one would forbid deleting that account; the trash list joins users loosely (a gone account shows as such).
     */
    deletedBy: text("deleted_by"),
    /**
     * Sort key of « Par auteur »: the uploader's folded "name firstname", or U+10FFFF without one (so those come
     * last). Kept by triggers on media and users (migrations 0019 and 0020_media_uploader_key_triggers), as articles.author_key is.
     */
    uploaderKey: text("uploader_key").notNull().default("\u{10FFFF}"),
    /** Sort key of « Par titre » (folded title in two stages, see db/fold.ts); computed, never written. */
    titleFold: text("title_fold").generatedAlwaysAs(foldFirst("title"), { mode: "virtual" }),
    titleKey: text("title_key").generatedAlwaysAs(foldSecond("title_fold"), { mode: "virtual" }),
  },
  (t) => [
    // Live rows only, as for articles (db/schema/articles.ts): lists and counts skip the trash through them.
    index("media_visible_idx").on(t.approved, t.online, t.createdAt).where(live),
    // A member's own uploads, newest first; in the trash too (their « Corbeille » and ownership checks).
    index("media_uploader_idx").on(t.uploadedBy, t.createdAt, t.id),
    // One index per sort of the lists, ending with the id that breaks ties (api/lib/list-query.ts).
    index("media_created_idx").on(t.createdAt, t.id).where(live),
    index("media_title_key_idx").on(t.titleKey, t.id).where(live),
    index("media_uploader_key_idx").on(t.uploaderKey, sql`${t.createdAt} desc`, sql`${t.id} desc`).where(live),
    index("media_type_idx").on(t.type, sql`${t.createdAt} desc`, sql`${t.id} desc`).where(live),
    // The uploader last: « Par statut » walks every pending and offline media before the first public one (1,000 of
    // 20,000 in bench/admin-list.ts), and a member's view tests each against « theirs » from this index alone instead
    // of reading its row (their search sorted by status: 2.4 ms for the page's ids against 1.2 ms by date; now 1.2).
    index("media_status_idx").on(t.approved, t.online, sql`${t.createdAt} desc`, sql`${t.id} desc`, t.uploadedBy).where(live),
    // Not partial: it also counts the live rows (deleted_at IS NULL) of every list, which SQLite will not do from a
    // partial index (a full read of the table instead: 62 ms against 1 ms at 50,000 articles).
    index("media_trash_idx").on(t.deletedAt, t.id),
  ],
);

export type MediaRow = typeof media.$inferSelect;
