import { sql } from "drizzle-orm";

/**
 * Condition of the partial indexes of articles and media: rows outside the trash (api/modules/trash). Written
 * unqualified, as SQLite stores an index's WHERE; queries say `isNull(<table>.deletedAt)`, which SQLite matches
 * against it. The trash indexes themselves are whole (db/schema/articles.ts says why).
 */
export const live = sql`deleted_at is null`;
