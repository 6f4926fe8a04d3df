/**
 * The full-text indexes' segments merged, in small steps. Every write transaction adds a segment to an FTS5 index,
 * and FTS5 only merges them once a level holds four: a live site keeps several (the 50,000-article bench database
 * has 8 for articles, 10 for media), and every search reads each segment. A broad search's page probes the article
 * index about 50 times: 0.7 ms with 8 segments, 0.3 ms with one (issue 34). Run at start and every six hours with
 * the statistics; a step writes at most MERGE_PAGES pages of the index (16 ms at most at 50,000 articles) in its own
 * write turn, so a member's save waits for one step, never for the whole merge (0.5 s there).
 */
import { inWriteTurn, type Database } from "./client";

/** The full-text indexes of migration 0006 (the lists' search). */
export const SEARCH_INDEXES = ["articles_fts", "media_fts", "users_fts", "events_fts", "audit_log_fts", "contact_messages_fts"] as const;

/** Pages of index written per step: FTS5's `merge` command stops after about this many. */
const MERGE_PAGES = 32;
/** A bound on one index's steps, should a concurrent writer keep adding segments. */
const MAX_STEPS = 10_000;

/**
 * The index's structure record (FTS5 keeps its segment list in row 10 of its `_data` table): it changes when a
 * step merged something. FTS5's own signal, `total_changes()`, is per connection, and the pool may answer the
 * read before and after a step from two different connections.
 */
async function structure(database: Database, index: string): Promise<string> {
  const row = (await database.client.execute(`select hex(block) as b from "${index}_data" where id = 10`)).rows[0];
  return String(row?.b ?? "");
}

/**
 * Merges each index down to one segment, a step at a time, yielding between steps. Returns the steps that merged
 * something, per index. Failures are ignored (a libSQL server may refuse the command): merging is an optimisation.
 */
export async function mergeSearchIndexes(database: Database): Promise<Record<string, number>> {
  const merged: Record<string, number> = {};
  for (const index of SEARCH_INDEXES) {
    merged[index] = 0;
    try {
      for (let step = 0; step < MAX_STEPS; step++) {
        const before = await structure(database, index);
        // A negative count merges segments of any level (a positive one waits for four on one level).
        await inWriteTurn(database.db, () => database.client.execute(`insert into "${index}"("${index}", rank) values('merge', -${MERGE_PAGES})`));
        if ((await structure(database, index)) === before) break;
        merged[index]++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch {
      // see above
    }
  }
  return merged;
}
