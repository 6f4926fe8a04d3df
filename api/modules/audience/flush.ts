/**
 * Adds the tally's sums to the daily counters: one upsert per flush (in statements of 200 rows), never a write per
 * request. A failed write puts the sums back in the tally, so the next flush carries them.
 */
import { lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { audienceCounts } from "../../../db/schema";
import { DAY_MS, dayOf } from "./rules";
import type { AudienceTally, CountRow } from "./tally";

const CHUNK = 200;
/** Daily rows older than this are deleted: the screen's longest view is 12 months. */
export const RETENTION_DAYS = 400;

export async function writeCounts(db: Db, rows: CountRow[]): Promise<void> {
  if (rows.length === 0) return;
  const statements = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    statements.push(
      db
        .insert(audienceCounts)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [audienceCounts.day, audienceCounts.dimension, audienceCounts.key],
          set: { count: sql`${audienceCounts.count} + excluded.count` },
        }),
    );
  }
  // One batch: all of a flush's sums land together or none does.
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
}

/** One flush: the tally's sums to the database (put back on failure), and counters past the retention deleted. */
export async function flushTally(db: Db, tally: AudienceTally, now: Date = new Date()): Promise<number> {
  const rows = tally.take();
  try {
    await writeCounts(db, rows);
  } catch (e) {
    tally.putBack(rows);
    throw e;
  }
  // Old days go once a day, not at every flush: an idle site writes nothing.
  const today = dayOf(now.getTime());
  if (tally.purgedOn !== today) {
    const cutoff = dayOf(now.getTime() - RETENTION_DAYS * DAY_MS);
    await db.delete(audienceCounts).where(lt(audienceCounts.day, cutoff));
    tally.purgedOn = today;
  }
  return rows.length;
}
