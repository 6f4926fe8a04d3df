/**
 * Bulk actions on events (issue 19 §1): put online, put offline or delete many events in one call. The change and
 * its journal entries (one per event) are one transaction; the route asks for ONE site rebuild for the batch.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { events } from "../../../db/schema";
import { bulkJournal, bulkSummary, bulkTargets, type BulkResult } from "../../lib/bulk";
import { listWhere } from "../../lib/list-query";
import { recordAudits } from "../audit/service";
import { EVENT_LIST, eventWhere } from "./listing";
import { EVENT_NOUNS, type BulkEventsBody, type EVENT_BULK_ACTIONS } from "./model";

type Action = (typeof EVENT_BULK_ACTIONS)[number];

/** What the journal says each action did (the action names the per-event journal uses for the toggle and delete). */
const JOURNAL: Record<Action, { action: string; state: string | null }> = {
  online: { action: "online", state: "mis en ligne" },
  offline: { action: "online", state: "mis hors ligne" },
  delete: { action: "delete", state: null },
};

export async function bulkEvents(db: Db, body: BulkEventsBody, actor: { id: string; nickname: string }): Promise<BulkResult> {
  const filter = body.filter ?? {};
  const rows = await bulkTargets(db, { table: events, id: events.id, label: events.title }, body, () => listWhere(EVENT_LIST, filter, eventWhere(filter)), EVENT_NOUNS);
  const ids = rows.map((r) => r.id);
  const now = new Date();
  const entries = bulkJournal(rows, actor, { route: "POST /api/admin/events/bulk", itemKind: "event", ...JOURNAL[body.action] });
  // The change and its journal entries together: a failure leaves neither. Organizer and theme links cascade.
  await db.transaction(async (tx) => {
    if (body.action === "delete") await tx.delete(events).where(inArray(events.id, ids));
    // A choice made by hand replaces any « Mettre en ligne le » (as a single toggle does): offline stays offline.
    else await tx.update(events).set({ online: body.action === "online", publishAt: null, updatedAt: now }).where(inArray(events.id, ids));
    await recordAudits(tx, entries, now);
  });
  const done = { online: "mis en ligne", offline: "mis hors ligne", delete: ["supprimé", "supprimés"] } as const;
  return { action: body.action, count: rows.length, message: bulkSummary(rows.length, EVENT_NOUNS, done[body.action]) };
}
