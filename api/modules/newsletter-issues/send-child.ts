/**
 * The server's background half for the crash test (crash.test.ts): the issue sender and the mail delivery, each in
 * the shared poller as api/server.ts runs them, over the given database file and SMTP server. Prints "done" and
 * exits when every copy of every issue has left; the parent kills it with SIGKILL before that, then starts it
 * again. Usage: bun send-child.ts <db file> <smtp url> <clock offset ms> <rate per minute>
 * The clock offset lets the restarted process see the dead one's leases as lapsed without waiting 10 minutes.
 */
import { and, inArray, ne, sql } from "drizzle-orm";
import { openDatabase } from "../../../db/client";
import { mailOutbox, newsletterIssues } from "../../../db/schema";
import { readEnv } from "../../env";
import { startPoller } from "../../lib/poller";
import { BATCH, createMailDelivery } from "../mail/delivery";
import { createSmtpTransport } from "../mail/transport";
import { createIssueSender } from "./sending";

const [file, smtpUrl, offset, rate] = process.argv.slice(2) as [string, string, string, string];
const now = () => new Date(Date.now() + Number(offset));
const database = await openDatabase(`file:${file}`);
const env = readEnv({
  DATABASE_URL: `file:${file}`,
  UPLOADS_DIR: "/tmp/unused-uploads",
  SITE_DIR: "/tmp/unused-site",
  PUBLIC_URL: "https://institut.example.sn",
  SMTP_URL: smtpUrl,
  MAIL_FROM: "L'Institut <contact@institut.example.sn>",
  NEWSLETTER_RATE_PER_MINUTE: rate,
});
const transport = createSmtpTransport(smtpUrl);
const delivery = createMailDelivery({ db: database.db, transport, now });
const mail = startPoller({ name: "mail", intervalMs: 50, tick: async () => (await delivery.runOnce()).claimed === BATCH });
const sender = createIssueSender({ db: database.db, env, now, onQueued: () => mail.wake() });
startPoller({ name: "issues", intervalMs: 50, tick: async () => (await sender.runOnce(), false) });
console.log("started");

setInterval(async () => {
  const [open] = await database.db.select({ n: sql<number>`count(*)` }).from(newsletterIssues).where(ne(newsletterIssues.state, "sent"));
  const [left] = await database.db.select({ n: sql<number>`count(*)` }).from(mailOutbox).where(and(inArray(mailOutbox.state, ["pending", "sending"])));
  if (Number(open?.n) === 0 && Number(left?.n) === 0) {
    // Peak resident memory of this process, for bench/newsletter-send.ts.
    const peak = /VmHWM:\s+(\d+)/.exec(await Bun.file("/proc/self/status").text())?.[1];
    console.log(`peak ${Math.round(Number(peak ?? 0) / 1024)}`);
    console.log("done");
    process.exit(0);
  }
}, 200);
