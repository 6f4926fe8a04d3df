/** The change feed's rows older than a week are deleted hourly by the shared poll loop (api/modules/articles/changes.ts). */
import type { Db } from "../../../db/client";
import { startPoller } from "../../lib/poller";
import { pruneChangeFeed } from "./changes";

export function startChangeFeedPrune(db: Db): { stop(): Promise<void> } {
  const poller = startPoller({
    name: "change feed prune",
    intervalMs: 60 * 60_000,
    tick: async () => {
      await pruneChangeFeed(db);
      return false;
    },
  });
  return { stop: poller.stop };
}
