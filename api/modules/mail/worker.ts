/**
 * The delivery worker as the server runs it: the delivery rounds of delivery.ts in the shared poller, every few
 * seconds, over SMTP_URL. Without SMTP_URL nothing starts: messages stay pending in the outbox, never attempted,
 * readable by admins (the demo of `npm start`).
 */
import type { Db } from "../../../db/client";
import type { Env } from "../../env";
import { startPoller } from "../../lib/poller";
import { BATCH, createMailDelivery } from "./delivery";
import { createSmtpTransport } from "./transport";

/** How often the outbox is looked at when there is nothing to send. */
export const MAIL_POLL_MS = 5_000;

export type MailWorker = { wake(): void; stop(): Promise<void> };

export function startMailWorker(db: Db, env: Pick<Env, "smtpUrl">): MailWorker | null {
  if (!env.smtpUrl) return null;
  const transport = createSmtpTransport(env.smtpUrl);
  const delivery = createMailDelivery({ db, transport });
  const poller = startPoller({
    name: "mail delivery",
    intervalMs: MAIL_POLL_MS,
    tick: async () => {
      const round = await delivery.runOnce();
      // A full batch means more is due; a batch put back (server down) waits for the next round instead.
      return round.claimed === BATCH && round.released === 0;
    },
  });
  return {
    wake: poller.wake,
    async stop() {
      await poller.stop();
      transport.close();
    },
  };
}
