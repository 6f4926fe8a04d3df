/**
 * The delivery worker: takes due messages from the outbox, hands each to the SMTP server, records the answer.
 *
 * - Claim: one UPDATE … RETURNING moves due rows (pending and due, or `sending` with a lapsed lease) to `sending`
 *   with a lease, so two workers, in one process or two, never take the same row.
 * - Record: the server's acceptance is written as soon as nodemailer reports it, guarded by the lease (a worker
 *   whose lease lapsed writes nothing over the row's new owner).
 * - Crash: a row left in `sending` is taken again when its lease lapses. The one copy that can go out twice is a
 *   message the server accepted in the instant before the record was written; it carries the same Message-ID
 *   (docs/DECISIONS.md, « Mail delivery: what holds after a crash »).
 * - Failure: retried with growing delays (retry.ts). When the server itself is down, the rest of the batch is put
 *   back untried; when it answers again, the messages waiting for a retry are moved to now.
 * - Masked links (secrets.ts): the server gets the message with its tokens put back; they are deleted once it
 *   accepted it. A message whose links lapsed before it could be sent fails (« Renvoyer » makes fresh ones).
 *
 * `runOnce()` is one round; api/server.ts runs it in the shared poller (api/lib/poller.ts), tests call it with
 * their own clock.
 */
import { and, eq, gt, inArray, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { mailOutbox, type MailRow } from "../../../db/schema";
import { describeFailure, MAX_ATTEMPTS, retryDelayMs } from "./retry";
import { forgetSecrets, purgeLapsedSecrets, unmaskRows } from "./secrets";
import type { MailTransport } from "./transport";

/** How long a claim holds: well beyond the SMTP timeouts (transport.ts), so a live send never loses its row. */
export const LEASE_MS = 10 * 60_000;
/** Rows claimed per round. */
export const BATCH = 20;

/** The last error of a message whose masked links lapsed before it could be sent. */
export const LAPSED_LINK = "Le lien personnel de ce courriel a expiré avant son envoi\u00a0: «\u00a0Renvoyer\u00a0» en envoie un nouveau.";

export type DeliveryReport = { claimed: number; sent: number; retrying: number; failed: number; released: number };

export type MailDelivery = {
  /** One round: claims up to a batch of due messages and tries each once. */
  runOnce(): Promise<DeliveryReport>;
};

export type DeliveryOptions = {
  db: Db;
  transport: MailTransport;
  /** The clock (tests move it forward instead of waiting). */
  now?: () => Date;
  leaseMs?: number;
  batch?: number;
};

export function createMailDelivery({ db, transport, now = () => new Date(), leaseMs = LEASE_MS, batch = BATCH }: DeliveryOptions): MailDelivery {
  // The server was found down: at the next success, retries waiting on that outage are moved to now. In memory
  // only: after a restart the retries keep their times, which the schedule bounds anyway.
  let outage = false;

  async function claim(at: Date): Promise<{ rows: MailRow[]; lease: Date }> {
    const due = or(
      and(eq(mailOutbox.state, "pending"), lte(mailOutbox.nextAttemptAt, at)),
      and(eq(mailOutbox.state, "sending"), lte(mailOutbox.leaseUntil, at)),
    );
    const ids = db.select({ id: mailOutbox.id }).from(mailOutbox).where(due).orderBy(mailOutbox.nextAttemptAt).limit(batch);
    const lease = new Date(at.getTime() + leaseMs);
    // One statement: SQLite takes the write lock before reading the subquery, so the rows it returns are ours alone.
    const rows = await db
      .update(mailOutbox)
      .set({ state: "sending", leaseUntil: lease, attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: at })
      .where(and(inArray(mailOutbox.id, ids), due))
      .returning();
    return { rows: rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime()), lease };
  }

  /** Only while the claim is still ours: the lease is the fencing token. */
  const ours = (row: MailRow, lease: Date) => and(eq(mailOutbox.id, row.id), eq(mailOutbox.state, "sending"), eq(mailOutbox.leaseUntil, lease));

  async function runOnce(): Promise<DeliveryReport> {
    const report: DeliveryReport = { claimed: 0, sent: 0, retrying: 0, failed: 0, released: 0 };
    const start = now();
    await purgeLapsedSecrets(db, start);
    const { rows, lease } = await claim(start);
    report.claimed = rows.length;
    const outgoing = await unmaskRows(db, rows);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      const message = outgoing.get(row.id);
      if (!message) {
        // Its links lapsed unsent: sending it now would only deliver dead links.
        await db.update(mailOutbox).set({ state: "failed", leaseUntil: null, lastError: LAPSED_LINK, updatedAt: now() }).where(ours(row, lease));
        report.failed++;
        continue;
      }
      let result: Awaited<ReturnType<MailTransport["send"]>>;
      try {
        result = await transport.send(message);
      } catch (error) {
        const failure = describeFailure(error);
        const at = now();
        const giveUp = failure.permanent || row.attempts >= MAX_ATTEMPTS;
        await db
          .update(mailOutbox)
          .set(
            giveUp
              ? { state: "failed", leaseUntil: null, lastError: failure.message, updatedAt: at }
              : { state: "pending", leaseUntil: null, lastError: failure.message, nextAttemptAt: new Date(at.getTime() + retryDelayMs(row.attempts)), updatedAt: at },
          )
          .where(ours(row, lease));
        if (giveUp) report.failed++;
        else report.retrying++;
        if (failure.serverWide) {
          outage = true;
          report.released = await release(rows.slice(i + 1), lease, at);
          break;
        }
        continue;
      }
      // Accepted: recorded at once, before anything else, to keep the window for a duplicate as short as can be.
      const at = now();
      await db
        .update(mailOutbox)
        .set({ state: "sent", leaseUntil: null, lastError: null, response: result.response, accepted: result.accepted, sentAt: at, updatedAt: at })
        .where(ours(row, lease));
      if (row.masked > 0) await forgetSecrets(db, row.id);
      report.sent++;
      if (outage) {
        outage = false;
        await db
          .update(mailOutbox)
          .set({ nextAttemptAt: at })
          .where(and(eq(mailOutbox.state, "pending"), gt(mailOutbox.attempts, 0), gt(mailOutbox.nextAttemptAt, at)));
      }
    }
    return report;
  }

  /** Claimed rows not tried (the server is down): back to pending, their attempt not counted. */
  async function release(rows: MailRow[], lease: Date, at: Date): Promise<number> {
    if (rows.length === 0) return 0;
    const released = await db
      .update(mailOutbox)
      .set({ state: "pending", leaseUntil: null, attempts: sql`max(${mailOutbox.attempts} - 1, 0)`, updatedAt: at })
      .where(and(inArray(mailOutbox.id, rows.map((r) => r.id)), eq(mailOutbox.state, "sending"), eq(mailOutbox.leaseUntil, lease)))
      .returning({ id: mailOutbox.id });
    return released.length;
  }

  return { runOnce };
}
