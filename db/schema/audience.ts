import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * What a daily counter counts (issue 35 §1): `visitors` (key "": distinct visitors of the day), `page`, `download`
 * and `feed` (key: the path; one count per visitor and path and day), `referrer` (key: the referring site's host
 * only), `device` (key: mobile / tablet / desktop, once per visitor and day).
 */
export const AUDIENCE_DIMENSIONS = ["visitors", "page", "download", "feed", "referrer", "device"] as const;
export type AudienceDimension = (typeof AUDIENCE_DIMENSIONS)[number];

/**
 * Readership counters, one row per day and dimension and key, added to by batched flushes
 * (api/modules/audience/flush.ts). No hit, address, user agent or visitor hash is ever written: only these sums.
 */
export const audienceCounts = sqliteTable(
  "audience_counts",
  {
    /** The UTC day, which is Dakar's (no daylight saving): YYYY-MM-DD. */
    day: text("day").notNull(),
    dimension: text("dimension", { enum: AUDIENCE_DIMENSIONS }).notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key] })],
);
