import { sql } from "drizzle-orm";

/**
 * Conditions of the partial indexes of articles and media: rows outside the trash, rows in it (api/modules/trash).
 * Written unqualified, as SQLite stores an index's WHERE; queries say `isNull(<table>.deletedAt)`, which SQLite
 * matches against these.
 */
export const live = sql`deleted_at is null`;
export const trashed = sql`deleted_at is not null`;
