/**
 * Registrations: places, waiting list, cancellation with promotion. Every change runs in ONE write transaction
 * with the mail it causes (enqueueMail in the same transaction): the capacity check, the insert and the message
 * commit together or not at all. Transactions take turns in-process (db/client.ts `inWriteTurn`) and are opened
 * with BEGIN IMMEDIATE (drizzle's libSQL default "write" mode) so two processes are ordered by SQLite's write lock: the
 * count read inside a transaction is the count its insert is made against.
 */
import { and, asc, count, eq, gt, inArray, max, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { eventRegistrations, events, type EventRow, type RegistrationRow } from "../../../db/schema";
import type { Env } from "../../env";
import { BadRequestError, ConflictError, NotFoundError, UnauthorizedError } from "../../lib/errors";
import { enqueueMail } from "../mail/service";
import { confirmationMail, promotionMail, waitingMail } from "./mail";
import type { Availability, MyRegistration, RegistrationAnswer, RegistrationBody } from "./model";
import { hashSecret } from "../../lib/session";
import { isTokenShaped, newToken } from "../password-reset/tokens";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Ctx = { db: Db; env: Pick<Env, "mailFrom" | "publicUrl"> };
export type Registrant = { id: string; name: string; email: string };

/** Runs `fn` in one write transaction (they take turns in a process: db/client.ts). */
export const writeTx = <T>(db: Db, fn: (tx: Tx) => Promise<T>) => db.transaction(fn);

/** When registration closes: the closing date if set, else the start. */
const closesAt = (e: EventRow) => e.registrationClosesAt ?? e.startDate;

export function isOpenNow(e: EventRow, now: Date): boolean {
  return e.online && e.registrationOpen && now.getTime() < closesAt(e).getTime();
}

export async function confirmedCount(tx: Pick<Db, "select">, eventId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(eventRegistrations).where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.state, "confirmed")));
  return row?.n ?? 0;
}

async function lastWaitingPosition(tx: Pick<Db, "select">, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(eventRegistrations.waitingPosition) })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.state, "waiting")));
  return row?.last ?? 0;
}

const answerOf = (row: Pick<RegistrationRow, "id" | "state" | "waitingPosition">, existing: boolean): RegistrationAnswer => ({
  _id: row.id,
  state: row.state,
  position: row.state === "waiting" ? row.waitingPosition : null,
  existing,
  message: existing
    ? row.state === "waiting"
      ? `Cette adresse est déjà inscrite sur la liste d'attente (position ${row.waitingPosition}).`
      : "Cette adresse est déjà inscrite à cet événement."
    : row.state === "waiting"
      ? `L'événement est complet\u00a0: vous êtes en position ${row.waitingPosition} sur la liste d'attente. Un courriel vous le confirme.`
      : "Votre inscription est confirmée. Un courriel de confirmation vous a été envoyé.",
});

/**
 * Registers a person for an event. A signed-in member may leave out name and e-mail (their account's); their
 * account is linked when the address is theirs. The same e-mail twice answers with the first registration.
 */
export async function register(
  ctx: Ctx,
  eventId: string,
  body: RegistrationBody,
  viewer: Registrant | null,
  now = new Date(),
): Promise<{ answer: RegistrationAnswer; created: boolean }> {
  const name = (body.name ?? (viewer ? viewer.name : "")).trim();
  const email = (body.email ?? viewer?.email ?? "").trim();
  if (!name) throw new BadRequestError("Le nom est obligatoire (200 caractères au plus).");
  if (!email) throw new BadRequestError("L'adresse e-mail n'est pas valide.");
  const emailKey = email.toLowerCase();
  const userId = viewer && viewer.email.toLowerCase() === emailKey ? viewer.id : null;
  // The account links' tokens (32 random bytes, only the SHA-256 stored), made before the write turn.
  const { token, hash } = await newToken();

  return writeTx(ctx.db, async (tx) => {
    const [event] = await tx.select().from(events).where(and(eq(events.id, eventId), eq(events.online, true)));
    if (!event) throw new NotFoundError("Événement non disponible.");
    if (!event.registrationOpen) throw new ConflictError("Les inscriptions à cet événement ne sont pas ouvertes.");
    if (now.getTime() >= closesAt(event).getTime()) throw new ConflictError("Les inscriptions à cet événement sont closes.");
    if (event.registrationAudience === "members" && !viewer) {
      throw new UnauthorizedError("Cet événement est réservé aux membres\u00a0: connectez-vous pour vous inscrire.");
    }
    const [existing] = await tx
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.emailKey, emailKey)));
    if (existing && existing.state !== "cancelled") return { answer: answerOf(existing, true), created: false };

    const full = event.registrationCapacity !== null && (await confirmedCount(tx, eventId)) >= event.registrationCapacity;
    const state = full ? ("waiting" as const) : ("confirmed" as const);
    const waitingPosition = full ? (await lastWaitingPosition(tx, eventId)) + 1 : null;
    const fields = {
      name,
      email,
      userId,
      answer: event.registrationQuestion ? (body.answer ?? "").trim() : "",
      state,
      waitingPosition,
      cancelTokenHash: hash,
      checkedInAt: null,
      reminderAt: null,
      updatedAt: now,
    };
    let id: string;
    if (existing) {
      // Registering again after a cancellation: the same row comes back to life (one row per person and event).
      id = existing.id;
      await tx.update(eventRegistrations).set({ ...fields, createdAt: now }).where(eq(eventRegistrations.id, id));
    } else {
      id = newId();
      await tx.insert(eventRegistrations).values({ id, eventId, emailKey, ...fields, createdAt: now });
    }
    const person = { name, email };
    await enqueueMail(tx, ctx.env, full ? waitingMail(ctx.env, event, person, waitingPosition!, token) : confirmationMail(ctx.env, event, person, token, now), now);
    return { answer: answerOf({ id, state, waitingPosition }, false), created: true };
  });
}

/**
 * Cancels a registration inside `tx`: the waiting list closes up behind a waiting person; a confirmed person's
 * place goes to the first one waiting (while places remain), who is mailed in the same transaction.
 */
export async function cancelInTx(ctx: Ctx, tx: Tx, row: RegistrationRow, now: Date): Promise<void> {
  await tx.update(eventRegistrations).set({ state: "cancelled", waitingPosition: null, updatedAt: now }).where(eq(eventRegistrations.id, row.id));
  if (row.state === "waiting" && row.waitingPosition !== null) {
    await closeUp(tx, row.eventId, row.waitingPosition);
    return;
  }
  const [event] = await tx.select().from(events).where(eq(events.id, row.eventId));
  if (!event) return;
  await promoteWaiting(ctx, tx, event, now);
}

/** Everyone waiting behind `position` moves up one place. */
async function closeUp(tx: Tx, eventId: string, position: number) {
  await tx
    .update(eventRegistrations)
    .set({ waitingPosition: sql`${eventRegistrations.waitingPosition} - 1` })
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.state, "waiting"), gt(eventRegistrations.waitingPosition, position)));
}

/**
 * Gives free places to the people waiting, first come first served, each mailed once (in `tx`): after a
 * cancellation, or when an admin raises or removes the capacity. Positions stay 1..n, so promoting the first k
 * moves everyone left up by k.
 */
export async function promoteWaiting(ctx: Ctx, tx: Tx, event: EventRow, now: Date): Promise<number> {
  const free = event.registrationCapacity === null ? Number.MAX_SAFE_INTEGER : event.registrationCapacity - (await confirmedCount(tx, event.id));
  if (free <= 0) return 0;
  const first = await tx
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.state, "waiting")))
    .orderBy(asc(eventRegistrations.waitingPosition))
    .limit(Math.min(free, 1_000_000));
  if (first.length === 0) return 0;
  await tx
    .update(eventRegistrations)
    .set({ state: "confirmed", waitingPosition: null, updatedAt: now })
    .where(inArray(eventRegistrations.id, first.map((r) => r.id)));
  await tx
    .update(eventRegistrations)
    .set({ waitingPosition: sql`${eventRegistrations.waitingPosition} - ${first.length}` })
    .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.state, "waiting")));
  for (const r of first) {
    // The key names this registration's life (createdAt changes when a cancelled person registers again): a rerun
    // of the same promotion queues nothing twice.
    const mail = promotionMail(ctx.env, event, { name: r.name, email: r.email }, now);
    await enqueueMail(tx, ctx.env, { ...mail, key: `registration-promoted:${r.id}:${r.createdAt.getTime()}` }, now);
  }
  return first.length;
}

/**
 * After an admin changed an event's capacity (in their write's transaction): a larger capacity, or none, confirms
 * the first people waiting. A smaller one confirms nobody and cancels nobody.
 */
export async function promoteAfterCapacityChange(ctx: Ctx, tx: Tx, eventId: string, now = new Date()): Promise<number> {
  const [event] = await tx.select().from(events).where(eq(events.id, eventId));
  return event ? promoteWaiting(ctx, tx, event, now) : 0;
}

async function eventRef(tx: Pick<Db, "select">, eventId: string) {
  const [event] = await tx.select({ title: events.title, url: events.url }).from(events).where(eq(events.id, eventId));
  return event ?? { title: "", url: "" };
}

const INVALID_CANCEL_LINK = "Ce lien d'annulation n'est pas valide (ou l'inscription a été supprimée).";

/** The personal link: the token's hash finds the registration; nothing else does. */
export async function cancelByToken(ctx: Ctx, token: string, now = new Date()) {
  // Anything that cannot be one of our tokens is refused before the database is asked.
  if (!isTokenShaped(token)) throw new NotFoundError(INVALID_CANCEL_LINK);
  const hash = await hashSecret(token);
  return writeTx(ctx.db, async (tx) => {
    const [row] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.cancelTokenHash, hash));
    if (!row) throw new NotFoundError(INVALID_CANCEL_LINK);
    const event = await eventRef(tx, row.eventId);
    if (row.state === "cancelled") return { message: "Cette inscription était déjà annulée.", event };
    await cancelInTx(ctx, tx, row, now);
    return { message: "Votre inscription est annulée.", event };
  });
}

/** « Mes inscriptions »: a member cancels their own registration (another's is a 404, as if it did not exist). */
export async function cancelOwn(ctx: Ctx, userId: string, id: string, now = new Date()) {
  return writeTx(ctx.db, async (tx) => {
    const [row] = await tx.select().from(eventRegistrations).where(and(eq(eventRegistrations.id, id), eq(eventRegistrations.userId, userId)));
    if (!row) throw new NotFoundError("Inscription introuvable.");
    const event = await eventRef(tx, row.eventId);
    if (row.state === "cancelled") return { message: "Cette inscription était déjà annulée.", event };
    await cancelInTx(ctx, tx, row, now);
    return { message: "Votre inscription est annulée.", event };
  });
}

export async function availability(db: Db, eventId: string, now = new Date()): Promise<Availability> {
  const [event] = await db.select().from(events).where(and(eq(events.id, eventId), eq(events.online, true)));
  if (!event) throw new NotFoundError("Événement non disponible.");
  const rows = await db
    .select({ state: eventRegistrations.state, n: count() })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId))
    .groupBy(eventRegistrations.state);
  const n = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
  const capacity = event.registrationCapacity;
  return {
    open: isOpenNow(event, now),
    audience: event.registrationAudience,
    capacity,
    remaining: capacity === null ? null : Math.max(0, capacity - n("confirmed")),
    waiting: n("waiting"),
    question: event.registrationQuestion,
    closesAt: closesAt(event).toISOString(),
  };
}

export async function myRegistrations(db: Db, userId: string): Promise<MyRegistration[]> {
  const rows = await db
    .select({ r: eventRegistrations, e: { id: events.id, title: events.title, url: events.url, startDate: events.startDate, location: events.location } })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.userId, userId))
    .orderBy(asc(events.startDate));
  return rows.map(({ r, e }) => ({
    _id: r.id,
    state: r.state,
    position: r.state === "waiting" ? r.waitingPosition : null,
    createdAt: r.createdAt.toISOString(),
    event: { _id: e.id, title: e.title, url: e.url, startDate: e.startDate.toISOString(), location: e.location },
  }));
}
