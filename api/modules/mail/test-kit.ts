/**
 * Test helper, not product code: the outbox delivered to a test SMTP server (api/testing/smtp-server.ts) the way
 * the server's poller does it, for the tests of features that send mail (password reset, newsletter).
 */
import type { Db } from "../../../db/client";
import type { ReceivedMail, TestSmtpServer } from "../../testing/smtp-server";
import { createMailDelivery } from "./delivery";
import { createSmtpTransport, type MailTransport } from "./transport";

export type SmtpDeliverer = {
  /** Runs the delivery worker once and returns what the SMTP server received since. */
  deliver(): Promise<ReceivedMail[]>;
  /** Closes the SMTP connections opened so far (call it after each test). */
  closeTransports(): void;
};

/** `db` and `smtp` are read at each delivery: the harness and the server are started in `beforeAll`. */
export function smtpDeliverer(db: () => Db, smtp: () => TestSmtpServer): SmtpDeliverer {
  const transports: MailTransport[] = [];
  return {
    async deliver() {
      const server = smtp();
      const before = server.received.length;
      const transport = createSmtpTransport(server.url);
      transports.push(transport);
      await createMailDelivery({ db: db(), transport, now: () => new Date() }).runOnce();
      return server.received.slice(before);
    },
    closeTransports() {
      for (const t of transports.splice(0)) t.close();
    },
  };
}
