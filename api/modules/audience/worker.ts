/**
 * The flush as the server runs it: flush.ts in the shared poller every AUDIENCE_FLUSH_SECONDS, which also turns the
 * day's salts (and sends the new ones to the workers through `onSalts`). At a clean stop the last sums are written;
 * a crash loses at most one interval of counting. Tests call `flushTally` themselves.
 */
import type { Db } from "../../../db/client";
import { startPoller } from "../../lib/poller";
import type { Salts } from "./counter";
import { flushTally } from "./flush";
import type { AudienceTally } from "./tally";

export function startAudienceFlush(db: Db, tally: AudienceTally, intervalSeconds: number, onSalts: (salts: Salts) => void): { stop(): Promise<void> } {
  const poller = startPoller({
    name: "audience flush",
    intervalMs: intervalSeconds * 1000,
    tick: async () => {
      if (tally.rotate()) onSalts(tally.currentSalts());
      await flushTally(db, tally);
      return false;
    },
  });
  return {
    async stop() {
      await poller.stop();
      await flushTally(db, tally).catch((e) => console.error("audience flush at stop failed", e));
    },
  };
}
