/**
 * Sending an issue, restart-safe and at a set rate:
 *
 * 1. Start (`startIssue`, one transaction): the issue gets its number and state `sending`, and one recipient row is
 *    written per confirmed subscriber of that moment (primary key (issue, subscriber): nobody is listed twice).
 * 2. Batches (`createIssueSender(...).runOnce()`, from the shared poller): up to a batch of recipient rows without a
 *    mail are given their copy in the outbox (`enqueueMail`, idempotency key `newsletter:<issue>:<subscriber>`) and
 *    their `mail_id`, in one transaction: after a kill -9 a row either has its one copy or none, and the next round
 *    takes up where the last commit left. The outbox's worker delivers (api/modules/mail).
 * 3. The last batch marks the issue `sent` and asks for a site build (the archive page).
 *
 * The rate (NEWSLETTER_RATE_PER_MINUTE) spaces the batches: a batch of B copies is followed by the next one
 * B / rate minutes later (`next_batch_at`, kept in the table so a restart keeps the pace). Scheduled issues start
 * at their minute in the same rounds: no one needs to be signed in.
 *
 * Held (issue 30 §5): a restored database's issues that were leaving are paused (`next_batch_at` null while
 * `sending`, which the rounds never pick) until an administrator's « Reprendre l'envoi »: their recipients without
 * a copy in the backup may have had it since. An issue whose last copy was queued is not « envoyé » while copies
 * wait in the outbox (`issueProgress`: `remaining`), a dead worker's lease included.
 */
import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { mailOutbox, newsletterIssueRecipients, newsletterIssues, newsletterSubscribers, type IssueRow } from "../../../db/schema";
import type { Env } from "../../env";
import { mailSite } from "../mail/render";
import { enqueueMail } from "../mail/service";
import { newsletterHeaders, unsubscribePageUrl } from "../newsletter/links";
import { personalise, renderIssue } from "./content";
import type { IssueProgress } from "./model";

export type SenderEnv = Pick<Env, "mailFrom" | "publicUrl" | "twoFactorKey" | "newsletterRatePerMinute">;

/** Copies one batch may hold at most (one transaction: a few hundred rows keep it short). */
const MAX_BATCH = 500;
/** A batch holds this many seconds of the rate. */
const BATCH_SECONDS = 5;

export const batchSize = (ratePerMinute: number) => Math.max(1, Math.min(MAX_BATCH, Math.round((ratePerMinute / 60) * BATCH_SECONDS)));

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Starts an issue inside the caller's transaction: its number, its recipients (confirmed subscribers now), state
 * `sending`, first batch due at once. Returns how many recipients it has; nothing changes unless `from` is its state.
 */
export async function startIssue(tx: Tx, issueId: string, from: "draft" | "scheduled", now: Date): Promise<number | null> {
  const started = await tx
    .update(newsletterIssues)
    .set({
      state: "sending",
      number: sql`(select coalesce(max(${newsletterIssues.number}), 0) + 1 from ${newsletterIssues})`,
      startedAt: now,
      nextBatchAt: now,
      updatedAt: now,
    })
    .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.state, from)))
    .returning({ id: newsletterIssues.id });
  if (started.length === 0) return null;
  await tx.run(sql`insert into newsletter_issue_recipients (issue_id, subscriber_id)
    select ${issueId}, id from newsletter_subscribers where state = 'confirmed' on conflict do nothing`);
  const [row] = await tx.select({ n: sql<number>`count(*)` }).from(newsletterIssueRecipients).where(eq(newsletterIssueRecipients.issueId, issueId));
  return Number(row?.n ?? 0);
}

/** Issues that were leaving are paused (see the header); returns how many. Also called on a restored database. */
export async function holdSendingIssues(db: Db, now = new Date()): Promise<number> {
  const held = await db
    .update(newsletterIssues)
    .set({ nextBatchAt: null, updatedAt: now })
    .where(eq(newsletterIssues.state, "sending"))
    .returning({ id: newsletterIssues.id });
  return held.length;
}

/** Paused issues leave again, their next batch due now; returns how many. */
export async function resumeHeldIssues(db: Db, now = new Date()): Promise<number> {
  const resumed = await db
    .update(newsletterIssues)
    .set({ nextBatchAt: now, updatedAt: now })
    .where(and(eq(newsletterIssues.state, "sending"), isNull(newsletterIssues.nextBatchAt)))
    .returning({ id: newsletterIssues.id });
  return resumed.length;
}

export async function heldIssueCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.state, "sending"), isNull(newsletterIssues.nextBatchAt)));
  return Number(row?.n ?? 0);
}

/** Sent / failed / remaining of a started issue, from the states of its copies in the outbox. */
export async function issueProgress(db: Db, issueId: string): Promise<IssueProgress> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`,
      sent: sql<number>`coalesce(sum(${mailOutbox.state} = 'sent'), 0)`,
      failed: sql<number>`coalesce(sum(${mailOutbox.state} = 'failed'), 0)`,
    })
    .from(newsletterIssueRecipients)
    .leftJoin(mailOutbox, eq(mailOutbox.id, newsletterIssueRecipients.mailId))
    .where(eq(newsletterIssueRecipients.issueId, issueId));
  const total = Number(row?.total ?? 0);
  const sent = Number(row?.sent ?? 0);
  const failed = Number(row?.failed ?? 0);
  return { total, sent, failed, remaining: total - sent - failed };
}

type SenderRound = { started: number; queued: number; finished: number };

type IssueSenderOptions = {
  db: Db;
  env: SenderEnv;
  now?: () => Date;
  /** After copies were queued (the server wakes the mail worker). */
  onQueued?: () => void;
  /** After an issue's last batch (the server asks for a site build: the archive page). */
  onFinished?: (issue: IssueRow) => void;
};

export function createIssueSender({ db, env, now = () => new Date(), onQueued, onFinished }: IssueSenderOptions) {
  const size = batchSize(env.newsletterRatePerMinute);
  const siteName = mailSite(env).name;

  /** One batch of one issue, in one transaction. Returns how many copies it queued. */
  async function batch(issue: IssueRow, at: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({ subscriberId: newsletterIssueRecipients.subscriberId, email: newsletterSubscribers.email, state: newsletterSubscribers.state })
        .from(newsletterIssueRecipients)
        .leftJoin(newsletterSubscribers, eq(newsletterSubscribers.id, newsletterIssueRecipients.subscriberId))
        .where(and(eq(newsletterIssueRecipients.issueId, issue.id), isNull(newsletterIssueRecipients.mailId)))
        .orderBy(newsletterIssueRecipients.subscriberId)
        .limit(size);
      // Unsubscribed (or deleted) since the start: no longer a recipient.
      const gone = rows.filter((r) => r.state !== "confirmed").map((r) => r.subscriberId);
      if (gone.length) {
        await tx.delete(newsletterIssueRecipients).where(and(eq(newsletterIssueRecipients.issueId, issue.id), inArray(newsletterIssueRecipients.subscriberId, gone)));
      }
      const rendered = renderIssue(env, issue, siteName);
      let queued = 0;
      for (const r of rows) {
        if (r.state !== "confirmed" || !r.email) continue;
        const subscriber = { id: r.subscriberId };
        const copy = personalise(rendered, unsubscribePageUrl(env, subscriber));
        const mail = await enqueueMail(
          tx,
          env,
          { kind: "newsletter", to: r.email, ...copy, headers: newsletterHeaders(env, subscriber), key: `newsletter:${issue.id}:${r.subscriberId}` },
          at,
        );
        await tx
          .update(newsletterIssueRecipients)
          .set({ mailId: mail.id })
          .where(and(eq(newsletterIssueRecipients.issueId, issue.id), eq(newsletterIssueRecipients.subscriberId, r.subscriberId)));
        queued++;
      }
      const done = rows.length < size;
      await tx
        .update(newsletterIssues)
        .set(
          done
            ? { state: "sent", sentAt: at, nextBatchAt: null, updatedAt: at }
            : { nextBatchAt: new Date(at.getTime() + Math.ceil((rows.length * 60_000) / env.newsletterRatePerMinute)), updatedAt: at },
        )
        .where(eq(newsletterIssues.id, issue.id));
      if (done) issue.state = "sent";
      return queued;
    });
  }

  return {
    batchSize: size,
    /** One round: starts the scheduled issues whose minute came, then moves one batch of each issue due. */
    async runOnce(): Promise<SenderRound> {
      const at = now();
      const round: SenderRound = { started: 0, queued: 0, finished: 0 };
      const due = await db
        .select({ id: newsletterIssues.id })
        .from(newsletterIssues)
        .where(and(eq(newsletterIssues.state, "scheduled"), lte(newsletterIssues.scheduledAt, at)));
      for (const { id } of due) {
        if ((await db.transaction((tx) => startIssue(tx, id, "scheduled", at))) !== null) round.started++;
      }
      const sending = await db
        .select()
        .from(newsletterIssues)
        .where(and(eq(newsletterIssues.state, "sending"), lte(newsletterIssues.nextBatchAt, at)));
      for (const issue of sending) {
        round.queued += await batch(issue, at);
        if (issue.state === "sent") {
          round.finished++;
          onFinished?.(issue);
        }
      }
      if (round.queued > 0) onQueued?.();
      return round;
    },
  };
}
