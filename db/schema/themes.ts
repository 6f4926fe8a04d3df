import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { foldFirst, foldSecond } from "../fold";

export const themes = sqliteTable(
  "themes",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Slug used in /articles/{url}. */
    url: text("url").notNull().unique(),
    keywords: text("keywords", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** Sort and search key (folded name in two stages, see db/fold.ts): French order, « Économie » before « Société ». */
    nameFold: text("name_fold").generatedAlwaysAs(foldFirst("name"), { mode: "virtual" }),
    nameKey: text("name_key").generatedAlwaysAs(foldSecond("name_fold"), { mode: "virtual" }),
  },
  (t) => [index("themes_name_key_idx").on(t.nameKey, t.id)],
);

export type ThemeRow = typeof themes.$inferSelect;
