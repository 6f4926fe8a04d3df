/**
 * The purge as the server runs it: purge.ts in the shared poller, once an hour (a subscription then goes at most
 * an hour after its 7 days). Tests call `purgeUnconfirmed` with their own clock instead.
 */
import type { Db } from "../../../db/client";
import { startPoller } from "../../lib/poller";
import { purgeUnconfirmed } from "./purge";

export function startNewsletterPurge(db: Db, now: () => Date = () => new Date()): { stop(): Promise<void> } {
  const poller = startPoller({
    name: "newsletter purge",
    intervalMs: 60 * 60_000,
    tick: async () => {
      const n = await purgeUnconfirmed(db, now());
      if (n > 0) console.log(`Newsletter: ${n} unconfirmed subscription(s) deleted after 7 days.`);
      return false;
    },
  });
  return { stop: poller.stop };
}
