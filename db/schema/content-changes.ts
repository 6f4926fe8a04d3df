import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * What a change feed row names: an article, a member, a theme, a media (the rows the public articles are made of,
 * migration 0029) or an event (migration 0033).
 */
export const CONTENT_CHANGE_KINDS = ["article", "user", "theme", "media", "event"] as const;
export type ContentChangeKind = (typeof CONTENT_CHANGE_KINDS)[number];

/**
 * The change feed (issue 31 §1): every write to a table the public articles are made of adds a row here, in the
 * same transaction, by the triggers of migrations 0029 and 0033 (so a script or a write behind the API's back is
 * recorded too). `seq` grows with every write; the site build asks for the changes since the last one it read
 * (GET /api/public/articles/changes?since=, api/modules/articles/changes.ts) and fetches only the articles, media
 * and events they touch.
 */
export const contentChanges = sqliteTable("content_changes", {
  seq: integer("seq").primaryKey({ autoIncrement: true }),
  kind: text("kind", { enum: CONTENT_CHANGE_KINDS }).notNull(),
  id: text("id").notNull(),
  at: integer("at", { mode: "timestamp_ms" }).notNull(),
});
