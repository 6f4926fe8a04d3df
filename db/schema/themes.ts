import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const themes = sqliteTable("themes", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  /** Slug used in /articles/{url}. */
  url: text("url").notNull().unique(),
  keywords: text("keywords", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

export type ThemeRow = typeof themes.$inferSelect;
