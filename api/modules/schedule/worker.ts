/**
 * Scheduled publication as the server runs it (issue 20 §5): every SCHEDULE_POLL_SECONDS the shared poll loop
 * (api/lib/poller.ts) publishes the articles and events whose minute has come, then asks for the site rebuild
 * itself, nobody online. The due work is read from the rows (`publish_at`), never held in memory: see
 * api/modules/articles/schedule.ts for why a restart neither loses nor doubles a publication. Tests call
 * `runScheduledPublication` with their own clock.
 */
import type { Db } from "../../../db/client";
import type { Change } from "../../lib/change";
import { startPoller, type Poller } from "../../lib/poller";
import { publishDueArticles } from "../articles/schedule";
import { publishDueEvents } from "../events/schedule";

/** One round at `now`: publishes what is due and asks for one rebuild per kind that changed. */
export async function runScheduledPublication(db: Db, contentChanged: (change: Change) => unknown, now = new Date()) {
  const articles = await publishDueArticles(db, now);
  const events = await publishDueEvents(db, now);
  if (articles.published.length) void contentChanged({ kind: "article", ...(articles.published.length === 1 ? { id: articles.published[0]!.id } : {}) });
  if (events.published.length) void contentChanged({ kind: "event", ...(events.published.length === 1 ? { id: events.published[0]!.id } : {}) });
  return { articles: articles.published, events: events.published, more: articles.more || events.more };
}

/** A publication set for 14 h 30 happens within `pollSeconds` (SCHEDULE_POLL_SECONDS, 15 by default) after 14 h 30:00. */
export function startScheduledPublication(db: Db, contentChanged: (change: Change) => unknown, pollSeconds: number): Poller {
  return startPoller({
    name: "scheduled publication",
    intervalMs: pollSeconds * 1000,
    tick: async () => (await runScheduledPublication(db, contentChanged)).more,
  });
}
