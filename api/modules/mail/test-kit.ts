/**
 * Test helper, not product code: the outbox delivered to a test SMTP server (api/testing/smtp-server.ts) the way
 * the server's poller does it, for the tests of features that send mail (password reset, newsletter).
 */
import { asc, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { mailOutbox, type MailRow } from "../../../db/schema";
import type { ReceivedMail, TestSmtpServer } from "../../testing/smtp-server";
import { createMailDelivery } from "./delivery";
import { unmaskRows } from "./secrets";
import { createSmtpTransport, type MailTransport } from "./transport";

export type SmtpDeliverer = {
  /** Runs the delivery worker once (at `now`, the real time by default) and returns what the SMTP server received since. */
  deliver(now?: () => Date): Promise<ReceivedMail[]>;
  /** Closes the SMTP connections opened so far (call it after each test). */
  closeTransports(): void;
};

/** `db` and `smtp` are read at each delivery: the harness and the server are started in `beforeAll`. */
export function smtpDeliverer(db: () => Db, smtp: () => TestSmtpServer): SmtpDeliverer {
  const transports: MailTransport[] = [];
  return {
    async deliver(now = () => new Date()) {
      const server = smtp();
      const before = server.received.length;
      const transport = createSmtpTransport(server.url);
      transports.push(transport);
      await createMailDelivery({ db: db(), transport, now }).runOnce();
      return server.received.slice(before);
    },
    closeTransports() {
      for (const t of transports.splice(0)) t.close();
    },
  };
}

/**
 * The outbox rows as the SMTP server would get them, oldest first: masked links put back (secrets.ts). For tests
 * that read a link's token from a queued message without a mail server; what admins read stays masked.
 */
export async function unmaskedOutbox(db: Db, where?: SQL): Promise<MailRow[]> {
  const rows = await db.select().from(mailOutbox).where(where).orderBy(asc(mailOutbox.createdAt));
  const unmasked = await unmaskRows(db, rows);
  return rows.map((r) => unmasked.get(r.id) ?? r);
}
