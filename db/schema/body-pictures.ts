import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { articles } from "./articles";
import { users } from "./users";

/**
 * Pictures placed inside article bodies (the editor's « Image »), under uploads/body_pics. Uploaded before the
 * article is saved, so they belong to their uploader first; an article that holds one in its HTML is linked to it
 * on save (article_body_pictures), which decides who may see it and when it is public.
 */
export const bodyPictures = sqliteTable(
  "body_pictures",
  {
    /** Generated file name under uploads/body_pics (the stored HTML says /uploads/body_pics/<name>). */
    name: text("name").primaryKey(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** Bytes received: they count against the uploader's pending quota until an approved article shows it. */
    bytes: integer("bytes").notNull().default(0),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("body_pictures_uploader_idx").on(t.uploadedBy)],
);

/** Which article bodies show which pictures (kept in step with html_content by every article write). */
export const articleBodyPictures = sqliteTable(
  "article_body_pictures",
  {
    articleId: text("article_id").notNull().references(() => articles.id, { onDelete: "cascade" }),
    name: text("name").notNull().references(() => bodyPictures.name, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.name] }), index("article_body_pictures_name_idx").on(t.name)],
);
