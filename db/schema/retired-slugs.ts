import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Which pages a retired slug addressed: /article/{slug} or /media/{slug}. */
export const RETIRED_SLUG_KINDS = ["article", "media"] as const;

/**
 * Addresses of articles and media purged from the trash, never given to a new item (issue 35 §2): a citation or a
 * link naming a purged article then answers 404, never another article that happens to have the same title.
 * Only the slug is kept, nothing of the content.
 */
export const retiredSlugs = sqliteTable(
  "retired_slugs",
  {
    kind: text("kind", { enum: RETIRED_SLUG_KINDS }).notNull(),
    slug: text("slug").notNull(),
    retiredAt: integer("retired_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.slug] })],
);
