/**
 * « Mettre en ligne le » (issue 20 §5): an event whose `publish_at` has come is put online by the server. One
 * UPDATE per event, guarded by the old `publish_at`, and its journal entry in the same transaction: a restart
 * loses nothing and no event is put online twice (see api/modules/articles/schedule.ts).
 */
import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { events } from "../../../db/schema";
import { recordAudits } from "../audit/service";
import { SCHEDULE_ACTOR, SCHEDULE_BATCH } from "../articles/schedule";

export async function publishDueEvents(db: Db, now: Date): Promise<{ published: { id: string; title: string }[]; more: boolean }> {
  const due = await db
    .select({ id: events.id, title: events.title, publishAt: events.publishAt })
    .from(events)
    .where(lte(events.publishAt, now))
    .orderBy(asc(events.publishAt))
    .limit(SCHEDULE_BATCH);
  const published: { id: string; title: string }[] = [];
  for (const row of due) {
    const done = await db.transaction(async (tx) => {
      const hit = await tx
        .update(events)
        .set({ online: true, publishAt: null, updatedAt: now })
        .where(and(eq(events.id, row.id), eq(events.publishAt, row.publishAt!)))
        .returning({ id: events.id });
      if (hit.length === 0) return false;
      const entry = { userId: null, actor: SCHEDULE_ACTOR, action: "online", route: "publication programmée", itemKind: "event", itemId: row.id, title: row.title };
      await recordAudits(tx, [{ ...entry, summary: `${row.title} — mis en ligne à l'heure prévue` }], now);
      return true;
    });
    if (done) published.push({ id: row.id, title: row.title });
  }
  return { published, more: due.length === SCHEDULE_BATCH };
}
