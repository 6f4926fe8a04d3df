/**
 * The 30-day purge: trashed articles and media whose `deleted_at` is older than TRASH_DAYS are removed for good,
 * rows then files, each with its journal entry. It holds no state: what is due is read from the rows themselves,
 * so running it twice, or again after a restart, purges nothing twice and forgets nothing. The server runs it on
 * the shared poll loop (api/lib/poller.ts); tests call `purgeExpired` with their own clock.
 */
import { and, asc, isNotNull, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, media } from "../../../db/schema";
import { startPoller, type Poller } from "../../lib/poller";
import { purgeArticles } from "../articles/trash";
import { removeEmptyDrafts } from "../articles/empty-drafts";
import { purgeMediaRows } from "../media/trash";
import { TRASH_DAYS } from "./model";

/** Rows purged per round and per kind: a long-closed server catching up purges in rounds, not in one statement. */
export const PURGE_BATCH = 100;

/** How often the trash is looked at: nothing in it is due sooner than a day after its deletion minute anyway. */
export const PURGE_POLL_MS = 10 * 60_000;

/** Who the journal names for the purge. */
export const PURGE_ACTOR = { id: null, nickname: "purge automatique" };
const PURGE_ROUTE = "purge de la corbeille (30 jours)";

/** One round: purges what is due at `now`; true when more is already due (a full batch). */
export async function purgeExpired(db: Db, uploadsDir: string, now = new Date()): Promise<{ articles: number; media: number; emptyDrafts: number; more: boolean }> {
  const before = new Date(now.getTime() - TRASH_DAYS * 86_400_000);
  const [articleRows, mediaRows] = await Promise.all([
    db.select().from(articles).where(and(isNotNull(articles.deletedAt), lt(articles.deletedAt, before))).orderBy(asc(articles.deletedAt)).limit(PURGE_BATCH),
    db.select().from(media).where(and(isNotNull(media.deletedAt), lt(media.deletedAt, before))).orderBy(asc(media.deletedAt)).limit(PURGE_BATCH),
  ]);
  await purgeArticles(db, uploadsDir, articleRows, PURGE_ACTOR, PURGE_ROUTE, now);
  await purgeMediaRows(db, uploadsDir, mediaRows, PURGE_ACTOR, PURGE_ROUTE, now);
  // Drafts their authors emptied and left (issue 32): nothing in them to keep, so no trash and no journal.
  const emptyDrafts = await removeEmptyDrafts(db, now, PURGE_BATCH);
  return {
    articles: articleRows.length,
    media: mediaRows.length,
    emptyDrafts,
    more: articleRows.length === PURGE_BATCH || mediaRows.length === PURGE_BATCH || emptyDrafts === PURGE_BATCH,
  };
}

/** The purge as the server runs it (api/server.ts). */
export function startTrashPurge(db: Db, uploadsDir: string): Poller {
  return startPoller({ name: "trash purge", intervalMs: PURGE_POLL_MS, tick: async () => (await purgeExpired(db, uploadsDir)).more });
}
