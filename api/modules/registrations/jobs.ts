/**
 * Background work of registrations, run by the shared poller (api/lib/poller.ts) from api/server.ts:
 * - the reminder, the day before: due from 24 h before the start; `reminder_at` is set in the same transaction
 *   as the mail is queued (and the mail carries an idempotency key), so it goes out once, restarts or not;
 * - retention: REGISTRATION_RETENTION_DAYS after an event ends, its registrations (names, e-mails, answers) are
 *   deleted, one journal entry per event.
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
import { writeTx } from "./service";

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

  return {
    async runOnce(): Promise<{ reminders: number; deleted: number }> {
      const at = now();
      return { reminders: await reminders(at), deleted: await retention(at) };
    },
  };
}

/** As the server runs it: every minute, with or without SMTP (reminders then wait in the outbox). */
export function startRegistrationJobs(db: Db, env: JobEnv, onMail: () => void) {
  const jobs = createRegistrationJobs({ db, env });
  const poller = startPoller({
    name: "registrations",
    intervalMs: 60_000,
    tick: async () => {
      const round = await jobs.runOnce();
      if (round.reminders > 0) onMail();
      return round.reminders === BATCH;
    },
  });
  return { stop: poller.stop };
}
