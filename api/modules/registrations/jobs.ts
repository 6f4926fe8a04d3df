/**
 * Background work of registrations, run by the shared poller (api/lib/poller.ts) from api/server.ts:
 * - the reminder, the day before: due from 24 h before the start; `reminder_at` is set in the same transaction
 *   as the mail is queued (and the mail carries an idempotency key), so it goes out once, restarts or not;
 * - retention: REGISTRATION_RETENTION_DAYS after an event ends, its registrations (names, e-mails, answers) are
 *   deleted, one journal entry per event;
 * - lapsed confirmations (issue 30 §4): a visitor who did not confirm their address within 30 minutes is deleted
 *   (an address nobody confirmed is no one's data), and the place held for them goes to the first people waiting.
 * Tests call `runOnce()` with their own clock.
 */
import { and, count, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { eventRegistrations, events } from "../../../db/schema";
import type { Env } from "../../env";
import { startPoller } from "../../lib/poller";
import { recordAudits } from "../audit/service";
import { enqueueMail } from "../mail/service";
import { reminderMail } from "./mail";
import { promoteWaiting, writeTx } from "./service";

export const REMINDER_BEFORE_MS = 24 * 3_600_000;
const BATCH = 100;

type JobEnv = Pick<Env, "mailFrom" | "publicUrl" | "registrationRetentionDays">;

export function createRegistrationJobs({ db, env, now = () => new Date() }: { db: Db; env: JobEnv; now?: () => Date }) {
  async function reminders(at: Date): Promise<number> {
    const due = await db
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(
        and(
          eq(eventRegistrations.state, "confirmed"),
          isNull(eventRegistrations.reminderAt),
          eq(events.online, true),
          gt(events.startDate, at),
          lte(events.startDate, new Date(at.getTime() + REMINDER_BEFORE_MS)),
        ),
      )
      .limit(BATCH);
    let sent = 0;
    for (const { id } of due) {
      sent += await writeTx(db, async (tx) => {
        // Claimed and queued together: a second worker or a rerun after a crash finds reminder_at set.
        const [row] = await tx
          .update(eventRegistrations)
          .set({ reminderAt: at })
          .where(and(eq(eventRegistrations.id, id), isNull(eventRegistrations.reminderAt), eq(eventRegistrations.state, "confirmed")))
          .returning();
        if (!row) return 0;
        const [event] = await tx.select().from(events).where(eq(events.id, row.eventId));
        await enqueueMail(tx, env, { ...reminderMail(env, event!, row, at), key: `registration-reminder:${row.id}:${event!.startDate.getTime()}` }, at);
        return 1;
      });
    }
    return sent;
  }

  async function retention(at: Date): Promise<number> {
    const limit = new Date(at.getTime() - env.registrationRetentionDays * 86_400_000);
    const old = await db
      .select({ id: events.id, title: events.title, n: count() })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(lte(events.endDate, limit))
      .groupBy(events.id)
      .limit(BATCH);
    if (old.length === 0) return 0;
    await writeTx(db, async (tx) => {
      await tx.delete(eventRegistrations).where(inArray(eventRegistrations.eventId, old.map((e) => e.id)));
      await recordAudits(
        tx,
        old.map((e) => ({
          userId: null,
          actor: "Système",
          action: "purge",
          route: "REGISTRATION_RETENTION_DAYS",
          itemKind: "event",
          itemId: e.id,
          title: e.title,
          summary: `${e.title}\u00a0: données de ${e.n} inscription${e.n > 1 ? "s" : ""} supprimées, ${env.registrationRetentionDays} jours après l'événement.`,
        })),
        at,
      );
    });
    return old.reduce((sum, e) => sum + e.n, 0);
  }

  /** Unconfirmed registrations past their 30 minutes: deleted; a place they held goes to the waiting list. */
  async function releaseLapsed(at: Date): Promise<{ released: number; promoted: number }> {
    const lapsed = await db
      .select({ id: eventRegistrations.id, eventId: eventRegistrations.eventId })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.state, "pending"), lte(eventRegistrations.pendingUntil, at)))
      .limit(BATCH);
    let released = 0;
    let promoted = 0;
    for (const eventId of new Set(lapsed.map((r) => r.eventId))) {
      const ids = lapsed.filter((r) => r.eventId === eventId).map((r) => r.id);
      const done = await writeTx(db, async (tx) => {
        // Still pending and lapsed (a confirmation may have come in between).
        const gone = await tx
          .delete(eventRegistrations)
          .where(and(inArray(eventRegistrations.id, ids), eq(eventRegistrations.state, "pending"), lte(eventRegistrations.pendingUntil, at)))
          .returning({ id: eventRegistrations.id });
        const [event] = await tx.select().from(events).where(eq(events.id, eventId));
        return { released: gone.length, promoted: gone.length && event ? await promoteWaiting({ db, env }, tx, event, at) : 0 };
      });
      released += done.released;
      promoted += done.promoted;
    }
    return { released, promoted };
  }

  return {
    async runOnce(): Promise<{ reminders: number; deleted: number; released: number; promoted: number }> {
      const at = now();
      const lapsed = await releaseLapsed(at);
      return { reminders: await reminders(at), deleted: await retention(at), ...lapsed };
    },
  };
}

/**
 * As the server runs it: every minute, with or without SMTP (reminders then wait in the outbox). A held place is
 * counted as taken only until its 30 minutes are over (service.ts), so the minute matters only for promotions.
 */
export function startRegistrationJobs(db: Db, env: JobEnv, onMail: () => void) {
  const jobs = createRegistrationJobs({ db, env });
  const poller = startPoller({
    name: "registrations",
    intervalMs: 60_000,
    tick: async () => {
      const round = await jobs.runOnce();
      if (round.reminders > 0 || round.promoted > 0) onMail();
      return round.reminders === BATCH || round.released === BATCH;
    },
  });
  return { stop: poller.stop };
}
