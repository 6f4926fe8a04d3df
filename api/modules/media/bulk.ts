/**
 * Bulk actions of the back office's media list (issue 19 §1): approve, put online, put offline or delete many
 * media in one call, on the shared helpers (api/lib/bulk.ts) as the articles do. The route writes one journal
 * entry per media itself (`audit: "self"`) and asks for ONE site rebuild for the whole batch.
 */
import { inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { media } from "../../../db/schema";
import { bulkJournal, bulkSummary, bulkTargets, type BulkResult } from "../../lib/bulk";
import { listWhere } from "../../lib/list-query";
import { recordAudits } from "../audit/service";
import { flagEvents } from "../notifications/events";
import { MEDIA_LIST, mediaWhere } from "./listing";
import { MEDIA_NOUNS, type BulkMediaBody, type MEDIA_BULK_ACTIONS } from "./model";

type Action = (typeof MEDIA_BULK_ACTIONS)[number];
type Actor = { id: string; nickname: string };

/** What the journal says each action did (the action names the per-item journal uses for the single routes). */
const JOURNAL: Record<Action, { action: string; state: string | null }> = {
  approve: { action: "approve", state: "approuvé" },
  online: { action: "online", state: "mis en ligne" },
  offline: { action: "online", state: "mis hors ligne" },
  delete: { action: "trash", state: null },
};

export async function bulkMedia(db: Db, uploadsDir: string, body: BulkMediaBody, actor: Actor): Promise<BulkResult> {
  const action = body.action;
  const filter = body.filter ?? {};
  const rows = await bulkTargets(db, { table: media, id: media.id, label: media.title, live: isNull(media.deletedAt) }, body, () => listWhere(MEDIA_LIST, filter, mediaWhere(filter)), MEDIA_NOUNS);
  const ids = rows.map((r) => r.id);
  const now = new Date();
  const entries = bulkJournal(rows, actor, { route: "POST /api/admin/media/bulk", itemKind: "media", ...JOURNAL[action] });
  // The change and its journal entries together: a failure leaves neither. Deleted media go to the trash, their
  // files stay until the purge.
  await db.transaction(async (tx) => {
    // The uploaders' notifications first: they read the flags as they were (one digest per author: digest.ts).
    for (const step of flagEvents(tx, "media", action, ids, now)) await step;
    if (action === "delete") await tx.update(media).set({ deletedAt: now, deletedBy: actor.id }).where(inArray(media.id, ids));
    else if (action === "approve") await tx.update(media).set({ approved: true, updatedAt: now }).where(inArray(media.id, ids));
    else await tx.update(media).set({ online: action === "online", updatedAt: now }).where(inArray(media.id, ids));
    await recordAudits(tx, entries, now);
  });
  const done = { approve: ["approuvé", "approuvés"], online: "mis en ligne", offline: "mis hors ligne", delete: ["supprimé", "supprimés"] } as const;
  return { action, count: rows.length, message: bulkSummary(rows.length, MEDIA_NOUNS, done[action]) };
}
