/**
 * Bulk actions on contact messages (issue 19 §1): mark read, mark unread or delete many messages in one call. The
 * change and its journal entries (one per message) are one transaction. Nothing here is public: no rebuild.
 */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contactMessages } from "../../../db/schema";
import { bulkJournal, bulkSummary, bulkTargets, type BulkResult } from "../../lib/bulk";
import { listWhere } from "../../lib/list-query";
import { recordAudits } from "../audit/service";
import { CONTACT_LIST, contactWhere } from "./listing";
import { CONTACT_NOUNS, type BulkContactBody, type CONTACT_BULK_ACTIONS } from "./model";

type Action = (typeof CONTACT_BULK_ACTIONS)[number];

/** What the journal says each action did (the action names the per-message toggle and delete use). */
const JOURNAL: Record<Action, { action: string; state: string | null }> = {
  read: { action: "read", state: "lu" },
  unread: { action: "read", state: "non lu" },
  delete: { action: "delete", state: null },
};

export async function bulkContact(db: Db, body: BulkContactBody, actor: { id: string; nickname: string }): Promise<BulkResult> {
  const filter = body.filter ?? {};
  const rows = await bulkTargets(db, { table: contactMessages, id: contactMessages.id, label: contactMessages.subject }, body, () => listWhere(CONTACT_LIST, filter, contactWhere(filter)), CONTACT_NOUNS);
  const ids = rows.map((r) => r.id);
  const now = new Date();
  const entries = bulkJournal(rows, actor, { route: "POST /api/admin/contact/bulk", itemKind: "contact", ...JOURNAL[body.action] });
  await db.transaction(async (tx) => {
    const chosen = inArray(contactMessages.id, ids);
    if (body.action === "delete") await tx.delete(contactMessages).where(chosen);
    // A message already read keeps the moment it was first read.
    else if (body.action === "read") await tx.update(contactMessages).set({ readAt: sql`coalesce(${contactMessages.readAt}, ${now.getTime()})` }).where(chosen);
    else await tx.update(contactMessages).set({ readAt: null }).where(chosen);
    await recordAudits(tx, entries, now);
  });
  const done = { read: ["marqué comme lu", "marqués comme lus"], unread: ["marqué comme non lu", "marqués comme non lus"], delete: ["supprimé", "supprimés"] } as const;
  return { action: body.action, count: rows.length, message: bulkSummary(rows.length, CONTACT_NOUNS, done[body.action]) };
}
