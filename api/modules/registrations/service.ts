/**
 * Registrations: places, waiting list, cancellation with promotion. Every change runs in ONE write transaction
 * with the mail it causes (enqueueMail in the same transaction): the capacity check, the insert and the message
 * commit together or not at all. Transactions take turns in-process (db/client.ts `inWriteTurn`) and are opened
 * with BEGIN IMMEDIATE (drizzle's libSQL default "write" mode) so two processes are ordered by SQLite's write lock: the
 * count read inside a transaction is the count its insert is made against.
 *
 * Who registers (issue 30 §4):
 * - a visitor (or a member registering another address) gets the same answer whatever the address: a mail was
 *   sent. A new address gets a link that confirms it, valid 30 minutes, and a place held meanwhile when one is
 *   free (else they join the waiting list once confirmed); an address already registered is told so by mail,
 *   with a fresh cancel link. Unconfirmed holds lapse and their places go back (jobs.ts), so made-up addresses
 *   cannot take the places;
 * - a signed-in member registering their own account's address is registered at once (their address is their
 *   account's), and is told where they stand; on a members-only event a member registers themself only.
 */
import { and, asc, count, eq, gt, inArray, max, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { eventRegistrations, events, type EventRow, type RegistrationRow, type RegistrationState } from "../../../db/schema";
import type { Env } from "../../env";
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from "../../lib/errors";
import { enqueueMail } from "../mail/service";
import { addressConfirmMail, alreadyRegisteredMail, confirmationMail, promotionMail, waitingMail } from "./mail";
import type { Availability, MyRegistration, RegistrationAnswer, RegistrationBody } from "./model";
import { hashSecret } from "../../lib/session";
import { isTokenShaped, newToken } from "../password-reset/tokens";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Ctx = { db: Db; env: Pick<Env, "mailFrom" | "publicUrl"> };
export type Registrant = { id: string; name: string; email: string };

/** How long a visitor's confirmation link works, and a place is held for them. */
export const HOLD_MS = 30 * 60_000;

/** The one answer a visitor gets, whatever the address (issue 30 §4: no oracle). */
export const VISITOR_ANSWER =
  "Un courriel vient d'être envoyé à cette adresse\u00a0: suivez le lien qu'il contient dans les 30 minutes pour confirmer votre inscription.";
export const ONLY_YOURSELF = "Cet événement est réservé aux membres\u00a0: vous ne pouvez y inscrire que vous-même.";
export const INVALID_CONFIRM_LINK = "Ce lien de confirmation n'est pas valide (ou l'inscription a été supprimée).";
export const LAPSED_CONFIRM_LINK =
  "Ce lien a expiré\u00a0: la place n'était réservée que 30 minutes. Inscrivez-vous de nouveau depuis la page de l'événement.";

/** Runs `fn` in one write transaction (they take turns in a process: db/client.ts). */
export const writeTx = <T>(db: Db, fn: (tx: Tx) => Promise<T>) => db.transaction(fn);

/** When registration closes: the closing date if set, else the start. */
const closesAt = (e: EventRow) => e.registrationClosesAt ?? e.startDate;

export function isOpenNow(e: EventRow, now: Date): boolean {
  return e.online && e.registrationOpen && now.getTime() < closesAt(e).getTime();
}

/** Places held for visitors who have not confirmed their address yet (and whose 30 minutes are not over). */
const heldPlace = (now: Date) =>
  and(eq(eventRegistrations.state, "pending"), eq(eventRegistrations.holdsPlace, true), gt(eventRegistrations.pendingUntil, now));

/** Whether this pending registration still holds a place (its 30 minutes are not over). */
export const holdsPlaceNow = (row: Pick<RegistrationRow, "state" | "holdsPlace" | "pendingUntil">, now: Date) =>
  row.state === "pending" && row.holdsPlace && row.pendingUntil !== null && row.pendingUntil > now;

/**
 * Places taken: confirmed people and the places held for visitors still confirming. The one count every place
 * decision is made against (registration, confirmation, promotion, walk-ins, the page's places left).
 */
export async function takenPlaces(tx: Pick<Db, "select">, eventId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), sql`(${eq(eventRegistrations.state, "confirmed")} or ${heldPlace(now)})`));
  return row?.n ?? 0;
}

/** Places held for visitors still confirming (the organizers' counts: taken, though nobody is listed for them). */
export async function heldPlaces(tx: Pick<Db, "select">, eventId: string, now: Date): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(eventRegistrations).where(and(eq(eventRegistrations.eventId, eventId), heldPlace(now)));
  return row?.n ?? 0;
}

/** Whether one more person fits within the capacity (the waiting list aside: `placeFree`). */
export async function placeLeft(tx: Pick<Db, "select">, event: EventRow, now: Date): Promise<boolean> {
  return event.registrationCapacity === null || (await takenPlaces(tx, event.id, now)) < event.registrationCapacity;
}

async function lastWaitingPosition(tx: Pick<Db, "select">, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(eventRegistrations.waitingPosition) })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.state, "waiting")));
  return row?.last ?? 0;
}

/** Whether a newcomer gets a place now: one is free and nobody waits for it (those waiting come first). */
async function placeFree(tx: Pick<Db, "select">, event: EventRow, now: Date): Promise<boolean> {
  if (event.registrationCapacity === null) return true;
  return (await placeLeft(tx, event, now)) && (await lastWaitingPosition(tx, event.id)) === 0;
}

type Placed = Pick<RegistrationRow, "id" | "state" | "waitingPosition">;

/** A registration people are told about (organizers, « Mes inscriptions »): an address not confirmed yet is none. */
export type ListedState = Exclude<RegistrationState, "pending">;
export const isListed = <R extends { state: RegistrationState }>(r: R): r is R & { state: ListedState } => r.state !== "pending";

const answerOf = (row: Placed, existing: boolean): RegistrationAnswer => ({
  _id: row.id,
  state: row.state === "waiting" ? "waiting" : "confirmed",
  position: row.state === "waiting" ? row.waitingPosition : null,
  existing,
  message: existing
    ? row.state === "waiting"
      ? `Cette adresse est déjà inscrite sur la liste d'attente (position ${row.waitingPosition}).`
      : "Cette adresse est déjà inscrite à cet événement."
    : placedMessage(row),
});

/** What a person is told once registered (on the event page for a member, on the confirmation page for a visitor). */
const placedMessage = (row: Pick<RegistrationRow, "state" | "waitingPosition">) =>
  row.state === "waiting"
    ? `L'événement est complet\u00a0: vous êtes en position ${row.waitingPosition} sur la liste d'attente. Un courriel vous le confirme.`
    : "Votre inscription est confirmée. Un courriel de confirmation vous a été envoyé.";

const visitorAnswer = (): RegistrationAnswer => ({ _id: null, state: "pending", position: null, existing: false, message: VISITOR_ANSWER });

/** A cancel link's lifetime, for its secret in the outbox: until the event is over. */
const untilOver = (event: EventRow) => event.endDate;

/**
 * Registers a person for an event. A signed-in member may leave out name and e-mail (their account's), and is
 * registered at once with their account's address; any other address waits for its confirmation by mail, and
 * every such request gets the same answer (see the header). The same e-mail twice never makes a second row.
 */
export async function register(
  ctx: Ctx,
  eventId: string,
  body: RegistrationBody,
  viewer: Registrant | null,
  now = new Date(),
): Promise<{ answer: RegistrationAnswer; created: boolean; status: 200 | 201 | 202 }> {
  const ownAddress = viewer !== null && (body.email === undefined || body.email.trim().toLowerCase() === viewer.email.toLowerCase());
  const name = (ownAddress && body.name === undefined ? viewer!.name : (body.name ?? "")).trim();
  const email = (ownAddress ? viewer!.email : (body.email ?? "")).trim();
  if (!name) throw new BadRequestError("Le nom est obligatoire (200 caractères au plus).");
  if (!email) throw new BadRequestError("L'adresse e-mail n'est pas valide.");
  const emailKey = email.toLowerCase();
  // The account links' tokens (32 random bytes, only the SHA-256 stored), made before the write turn.
  const link = await newToken();
  const spare = await newToken();

  return writeTx(ctx.db, async (tx) => {
    const [event] = await tx.select().from(events).where(and(eq(events.id, eventId), eq(events.online, true)));
    if (!event) throw new NotFoundError("Événement non disponible.");
    if (!event.registrationOpen) throw new ConflictError("Les inscriptions à cet événement ne sont pas ouvertes.");
    if (now.getTime() >= closesAt(event).getTime()) throw new ConflictError("Les inscriptions à cet événement sont closes.");
    if (event.registrationAudience === "members") {
      if (!viewer) throw new UnauthorizedError("Cet événement est réservé aux membres\u00a0: connectez-vous pour vous inscrire.");
      if (!ownAddress) throw new ForbiddenError(ONLY_YOURSELF);
    }
    const [existing] = await tx
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.emailKey, emailKey)));
    const answer = (body.answer ?? "").trim();
    if (ownAddress) return registerMember(ctx, tx, event, existing, { id: viewer!.id, name, email }, answer, link, now);
    await registerVisitor(ctx, tx, event, existing, { name, email }, answer, link, spare.hash, now);
    return { answer: visitorAnswer(), created: false, status: 202 };
  });
}

type Link = { token: string; hash: string };

/** A signed-in member with their account's address: registered at once (confirmed, or waiting when full). */
async function registerMember(
  ctx: Ctx,
  tx: Tx,
  event: EventRow,
  existing: RegistrationRow | undefined,
  member: Registrant,
  answer: string,
  cancel: Link,
  now: Date,
): Promise<{ answer: RegistrationAnswer; created: boolean; status: 200 | 201 | 202 }> {
  if (existing && (existing.state === "confirmed" || existing.state === "waiting")) {
    return { answer: answerOf(existing, true), created: false, status: 200 };
  }
  if (existing && existing.state === "pending" && existing.pendingUntil && existing.pendingUntil > now) {
    // They had asked as a visitor and not confirmed yet: signed in, their address is their account's.
    const placed = await placePending(ctx, tx, event, existing, cancel, now, member.id);
    return { answer: answerOf(placed, false), created: true, status: 201 };
  }
  const full = !(await placeFree(tx, event, now));
  const state = full ? ("waiting" as const) : ("confirmed" as const);
  const waitingPosition = full ? (await lastWaitingPosition(tx, event.id)) + 1 : null;
  const id = await writeRow(tx, event, existing, {
    name: member.name,
    email: member.email,
    userId: member.id,
    answer: event.registrationQuestion ? answer : "",
    state,
    waitingPosition,
    cancelTokenHash: cancel.hash,
    confirmTokenHash: null,
    pendingUntil: null,
    holdsPlace: false,
  }, now);
  await enqueueMail(tx, ctx.env, placedMail(ctx, event, { id, name: member.name, email: member.email, state, waitingPosition }, cancel.token, now), now);
  return { answer: answerOf({ id, state, waitingPosition }, false), created: true, status: 201 };
}

/**
 * Any other address: a confirmation link (and a held place when one is free) for a new one, a fresh link for one
 * still confirming, a reminder with a fresh cancel link for one already registered. The caller answers the same.
 */
async function registerVisitor(
  ctx: Ctx,
  tx: Tx,
  event: EventRow,
  existing: RegistrationRow | undefined,
  person: { name: string; email: string },
  answer: string,
  link: Link,
  unusedCancelHash: string,
  now: Date,
): Promise<void> {
  if (existing && (existing.state === "confirmed" || existing.state === "waiting")) {
    // At most one such reminder per 30 minutes and registration: typing someone's address does not flood them.
    const queued = await enqueueMail(
      tx,
      ctx.env,
      { ...alreadyRegisteredMail(ctx.env, event, existing, link.token), key: `registration-known:${existing.id}:${Math.floor(now.getTime() / HOLD_MS)}`, ...cancelSecret(existing.id, link.token, event) },
      now,
    );
    // The fresh cancel link replaces the old one only when its mail is really on its way.
    if (queued.created) await tx.update(eventRegistrations).set({ cancelTokenHash: link.hash, updatedAt: now }).where(eq(eventRegistrations.id, existing.id));
    return;
  }
  if (existing && existing.state === "pending" && existing.pendingUntil && existing.pendingUntil > now) {
    // Still confirming: a fresh link (the previous one stops working), the same 30 minutes and held place.
    await tx.update(eventRegistrations).set({ confirmTokenHash: link.hash, updatedAt: now }).where(eq(eventRegistrations.id, existing.id));
    await enqueueMail(tx, ctx.env, confirmAddressMail(ctx, event, existing, link.token, existing.pendingUntil), now);
    return;
  }
  const holdsPlace = await placeFree(tx, event, now);
  const pendingUntil = new Date(now.getTime() + HOLD_MS);
  const id = await writeRow(tx, event, existing, {
    name: person.name,
    email: person.email,
    userId: null,
    answer: event.registrationQuestion ? answer : "",
    state: "pending",
    waitingPosition: null,
    // No cancel link yet (it comes with the confirmation): a hash of a token nobody is sent.
    cancelTokenHash: unusedCancelHash,
    confirmTokenHash: link.hash,
    pendingUntil,
    holdsPlace,
  }, now);
  await enqueueMail(tx, ctx.env, confirmAddressMail(ctx, event, { id, ...person, holdsPlace }, link.token, pendingUntil), now);
}

type RowFields = Omit<typeof eventRegistrations.$inferInsert, "id" | "eventId" | "emailKey" | "createdAt" | "updatedAt">;

/**
 * A new row, or the person's earlier one (cancelled, or unconfirmed) brought back: one row per person and event.
 * A new life: not checked in, no reminder sent, unless `fields` say otherwise (a walk-in: door.ts).
 */
export async function writeRow(
  tx: Tx,
  event: EventRow,
  existing: RegistrationRow | undefined,
  fields: RowFields,
  now: Date,
  emailKey = fields.email.toLowerCase(),
): Promise<string> {
  const values = { checkedInAt: null, reminderAt: null, ...fields, createdAt: now, updatedAt: now };
  if (existing) {
    await tx.update(eventRegistrations).set(values).where(eq(eventRegistrations.id, existing.id));
    return existing.id;
  }
  const id = newId();
  await tx.insert(eventRegistrations).values({ id, eventId: event.id, emailKey, ...values });
  return id;
}

/** The secret of a cancel link (masked in the outbox's copy: api/modules/mail/secrets.ts) and what « Renvoyer » remakes. */
const cancelSecret = (registrationId: string, token: string, event: EventRow) => ({
  secrets: [{ value: token, expiresAt: untilOver(event) }],
  linkRef: registrationId,
});

function confirmAddressMail(ctx: Pick<Ctx, "env">, event: EventRow, row: { id: string; name: string; email: string; holdsPlace: boolean }, token: string, until: Date) {
  return { ...addressConfirmMail(ctx.env, event, row, token), secrets: [{ value: token, expiresAt: until }], linkRef: row.id };
}

/** « Inscription confirmée » or « Liste d'attente », with a cancel link. */
function placedMail(ctx: Pick<Ctx, "env">, event: EventRow, row: Placed & { name: string; email: string }, cancelToken: string, now: Date) {
  const person = { name: row.name, email: row.email };
  const mail = row.state === "waiting" ? waitingMail(ctx.env, event, person, row.waitingPosition!, cancelToken) : confirmationMail(ctx.env, event, person, cancelToken, now);
  return { ...mail, ...cancelSecret(row.id, cancelToken, event) };
}

/** The mail with a fresh personal link for where `row` stands now (« Renvoyer »: resend.ts). */
export function resentMail(ctx: Pick<Ctx, "env">, event: EventRow, row: RegistrationRow, token: string, now: Date) {
  if (row.state === "pending") return confirmAddressMail(ctx, event, row, token, row.pendingUntil!);
  return placedMail(ctx, event, row, token, now);
}

/**
 * A pending registration whose address is now confirmed (its link, or its owner signed in): it takes its held
 * place, else a free one when nobody waits, else the end of the waiting list; it gets its cancel link by mail.
 */
async function placePending(ctx: Ctx, tx: Tx, event: EventRow, row: RegistrationRow, cancel: Link, now: Date, userId: string | null = row.userId): Promise<Placed> {
  const full = !holdsPlaceNow(row, now) && !(await placeFree(tx, event, now));
  const state = full ? ("waiting" as const) : ("confirmed" as const);
  const waitingPosition = full ? (await lastWaitingPosition(tx, event.id)) + 1 : null;
  await tx
    .update(eventRegistrations)
    .set({ state, waitingPosition, userId, holdsPlace: false, pendingUntil: null, cancelTokenHash: cancel.hash, updatedAt: now })
    .where(eq(eventRegistrations.id, row.id));
  await enqueueMail(tx, ctx.env, placedMail(ctx, event, { id: row.id, name: row.name, email: row.email, state, waitingPosition }, cancel.token, now), now);
  return { id: row.id, state, waitingPosition };
}

/**
 * The link of the mail that confirms a visitor's address (a button on /inscription/confirmer, so a mail scanner
 * that opens links confirms nothing). A second press answers where the person stands.
 */
export async function confirmByToken(ctx: Ctx, token: string, now = new Date()) {
  if (!isTokenShaped(token)) throw new NotFoundError(INVALID_CONFIRM_LINK);
  const hash = await hashSecret(token);
  const cancel = await newToken();
  return writeTx(ctx.db, async (tx) => {
    const [row] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.confirmTokenHash, hash));
    if (!row) throw new NotFoundError(INVALID_CONFIRM_LINK);
    const [event] = await tx.select().from(events).where(eq(events.id, row.eventId));
    if (!event) throw new NotFoundError(INVALID_CONFIRM_LINK);
    const ref = { title: event.title, url: event.url };
    if (row.state === "confirmed" || row.state === "waiting") return { message: answerOf(row, true).message, event: ref };
    if (row.state === "cancelled") throw new ConflictError("Cette inscription a été annulée. Inscrivez-vous de nouveau depuis la page de l'événement.");
    if (!row.pendingUntil || row.pendingUntil <= now) throw new ConflictError(LAPSED_CONFIRM_LINK);
    const placed = await placePending(ctx, tx, event, row, cancel, now);
    return { message: placedMessage(placed), event: ref };
  });
}

/**
 * Cancels a registration inside `tx`, the one cancellation every path goes through (the personal link, « Mes
 * inscriptions », an admin: door.ts): the waiting list closes up behind a waiting person; a confirmed person's
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
  const free = event.registrationCapacity === null ? Number.MAX_SAFE_INTEGER : event.registrationCapacity - (await takenPlaces(tx, event.id, now));
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
export const ALREADY_CANCELLED = "Cette inscription était déjà annulée.";

/** The person cancels their own registration (link or « Mes inscriptions »): what they are told, and the event. */
async function cancelOwnRow(ctx: Ctx, tx: Tx, row: RegistrationRow, now: Date) {
  const event = await eventRef(tx, row.eventId);
  if (row.state === "cancelled") return { message: ALREADY_CANCELLED, event };
  await cancelInTx(ctx, tx, row, now);
  return { message: "Votre inscription est annulée.", event };
}

/** The personal link: the token's hash finds the registration; nothing else does. */
export async function cancelByToken(ctx: Ctx, token: string, now = new Date()) {
  // Anything that cannot be one of our tokens is refused before the database is asked.
  if (!isTokenShaped(token)) throw new NotFoundError(INVALID_CANCEL_LINK);
  const hash = await hashSecret(token);
  return writeTx(ctx.db, async (tx) => {
    const [row] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.cancelTokenHash, hash));
    if (!row) throw new NotFoundError(INVALID_CANCEL_LINK);
    return cancelOwnRow(ctx, tx, row, now);
  });
}

/** « Mes inscriptions »: a member cancels their own registration (another's is a 404, as if it did not exist). */
export async function cancelOwn(ctx: Ctx, userId: string, id: string, now = new Date()) {
  return writeTx(ctx.db, async (tx) => {
    const [row] = await tx.select().from(eventRegistrations).where(and(eq(eventRegistrations.id, id), eq(eventRegistrations.userId, userId)));
    if (!row) throw new NotFoundError("Inscription introuvable.");
    return cancelOwnRow(ctx, tx, row, now);
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
  // Places held for visitors confirming their address count as taken until their 30 minutes are over.
  const taken = capacity === null ? 0 : await takenPlaces(db, eventId, now);
  return {
    open: isOpenNow(event, now),
    audience: event.registrationAudience,
    capacity,
    remaining: capacity === null ? null : Math.max(0, capacity - taken),
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
  // A member's rows are never pending (their address is their account's); the filter says so to the types.
  return rows.flatMap(({ r, e }) => (isListed(r) ? [{ r, e }] : [])).map(({ r, e }) => ({
    _id: r.id,
    state: r.state,
    position: r.state === "waiting" ? r.waitingPosition : null,
    createdAt: r.createdAt.toISOString(),
    event: { _id: e.id, title: e.title, url: e.url, startDate: e.startDate.toISOString(), location: e.location },
  }));
}
