/**
 * The digest job as the server runs it: digest.ts in the shared poller. It runs with or without SMTP_URL (without
 * one, the digests wait in the outbox, readable in « Courriels »). The poll interval follows the window: a digest
 * goes out at most a tenth of the window late (one minute at the default 10 minutes), never more often than 1 s.
 */
import type { Db } from "../../../db/client";
import type { Env } from "../../env";
import { startPoller } from "../../lib/poller";
import { createNotificationDigest, DIGEST_BATCH } from "./digest";

export type DigestWorker = { stop(): Promise<void> };

export function startNotificationDigests(db: Db, env: Pick<Env, "mailFrom" | "publicUrl" | "notificationDigestMinutes">, onMail: () => void): DigestWorker {
  const digest = createNotificationDigest({ db, env });
  const intervalMs = Math.min(60_000, Math.max(1_000, (env.notificationDigestMinutes * 60_000) / 10));
  const poller = startPoller({
    name: "notification digests",
    intervalMs,
    tick: async () => {
      const round = await digest.runOnce();
      // The delivery worker sends them now rather than at its next look.
      if (round.mails > 0) onMail();
      return round.recipients === DIGEST_BATCH;
    },
  });
  return { stop: poller.stop };
}
