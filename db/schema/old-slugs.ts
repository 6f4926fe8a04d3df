import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** Which profile address a slug was part of: /cercle-…/{fullname} or /user/{nickname}. */
export const SLUG_KINDS = ["fullname", "nickname"] as const;
export type SlugKind = (typeof SLUG_KINDS)[number];

/**
 * Profile addresses a member had before a rename, so links and bookmarks to them are redirected (301) to the
 * current page instead of answering 404 (issue 19 §3.18). A slug a live page uses again is ignored, not deleted.
 */
export const oldSlugs = sqliteTable(
  "old_slugs",
  {
    kind: text("kind", { enum: SLUG_KINDS }).notNull(),
    /** The old path segment, lower-cased: addresses are matched without case. */
    slug: text("slug").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.slug] }), index("old_slugs_user_idx").on(t.userId)],
);

export type OldSlugRow = typeof oldSlugs.$inferSelect;
