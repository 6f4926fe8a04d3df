/**
 * The sender as the server runs it: sending.ts in the shared poller, every second (a scheduled issue starts within
 * a second of its minute, with nobody signed in; the rate is kept by `next_batch_at`, not by this interval).
 * Tests call `createIssueSender(...).runOnce()` with their own clock instead.
 */
import type { Db } from "../../../db/client";
import { startPoller } from "../../lib/poller";
import { createIssueSender, type SenderEnv } from "./sending";

const ISSUE_POLL_MS = 1_000;

export function startIssueSender(db: Db, env: SenderEnv, hooks: { onQueued?: () => void; onFinished?: () => void } = {}) {
  const sender = createIssueSender({ db, env, onQueued: hooks.onQueued, onFinished: hooks.onFinished });
  const poller = startPoller({
    name: "newsletter sending",
    intervalMs: ISSUE_POLL_MS,
    tick: async () => {
      const round = await sender.runOnce();
      if (round.finished > 0) console.log(`Newsletter: ${round.finished} issue(s) fully queued.`);
      return false;
    },
  });
  return { wake: poller.wake, stop: poller.stop };
}
