/**
 * Counts of the lists kept per process until the content changes (issue 34). Every write to an article, a member,
 * a theme, a media, an event or their link rows adds a row to `content_changes` in its own transaction (the change
 * feed's triggers, db/migrations/0029 and 0033), so the feed's last sequence number, read in 0.02 ms, says whether
 * any count over those tables may have changed. Counting the 50,000 live articles costs about 1.1 ms: a fifth of an
 * unsearched page of the back office, and most of a broad search's statements.
 *
 * The sequence is read before each count, never after: a count made later may then hold a write newer than its
 * number (a later count that sees the new number counts again), never an older one. Not once per request: a page
 * reads its rows after its counts, so a write landing between the request's first count and its last would show in
 * its rows while a count kept under the older number was served (db/migrations' triggers commit with the write, so
 * a number read at the count's own moment already names it). Each process keeps its own counts; all read the same
 * sequence from the database, so no process serves a count older than the writes it can see.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** The feed's last sequence number (sqlite_sequence keeps it even when old rows are pruned); 0 before any write. */
export async function contentSequence(db: Db): Promise<number> {
  const [row] = await db.all<{ seq: number }>(sql`select seq from sqlite_sequence where name = 'content_changes'`);
  return Number(row?.seq ?? 0);
}

/** Entries kept at most: distinct counts asked between two writes (lists × filters × searches × viewers). */
const MAX_ENTRIES = 2_000;

/** What one database's counts are, and at which sequence number (a process may open several: the tests do). */
type Kept = { at: number; counts: Map<string, unknown> };
const keptFor = new WeakMap<Db, Kept>();

/** How many counts were answered from memory and how many were made: for the tests. */
export const countMemoStats = { hits: 0, misses: 0 };

/**
 * `count(key, run)`: `run()`'s value, or the one kept under `key`. A key that costs something to make (a statement's
 * SQL) is given as a function: the lists whose counts are not kept never make it.
 */
export type CountMemo = <T>(key: string | (() => string), run: () => Promise<T>) => Promise<T>;

/**
 * A memo for the counts of one request: `count(key, run)` answers `run()`'s value, kept for as long as the
 * sequence stands at the number read just before it. `key` must name everything the value depends on (the
 * statement's SQL and parameters).
 */
export function countMemo(db: Db): CountMemo {
  return async <T>(keyOf: string | (() => string), run: () => Promise<T>): Promise<T> => {
    const key = typeof keyOf === "function" ? keyOf() : keyOf;
    // Read at each count (0.02 ms), not once per request: see the head of this file.
    const at = await contentSequence(db);
    let kept = keptFor.get(db);
    if (!kept) keptFor.set(db, (kept = { at, counts: new Map() }));
    // A higher number: every count kept is of older content. A lower one is a request that read the sequence
    // before another request's newer number: it neither uses nor clears what is kept.
    if (at > kept.at) {
      kept.counts.clear();
      kept.at = at;
    }
    if (at === kept.at && kept.counts.has(key)) {
      countMemoStats.hits++;
      return kept.counts.get(key) as T;
    }
    countMemoStats.misses++;
    const value = await run();
    if (at === kept.at) {
      if (kept.counts.size >= MAX_ENTRIES) kept.counts.delete(kept.counts.keys().next().value!);
      kept.counts.set(key, value);
    }
    return value;
  };
}

/** For the lists whose counts read other tables: every count made afresh. */
export const uncounted: CountMemo = (_key, run) => run();
