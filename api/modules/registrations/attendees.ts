/**
 * The organizers' side (admin only): the list, the CSV, check-in at the door, closing early, a message to all.
 * Walk-ins and cancellations by an admin are door.ts.
 */
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { csvDocument, csvLine } from "../../../shared/csv";
import { eventRegistrations, events } from "../../../db/schema";
import type { Env } from "../../env";
import { ConflictError, NotFoundError } from "../../lib/errors";
import { enqueueMail } from "../mail/service";
import { organizerMessage } from "./mail";
import type { AdminRegistration, AdminRegistrationList, RegistrationCounts } from "./model";
import { heldPlaces, isListed, writeTx } from "./service";

async function eventOf(db: Pick<Db, "select">, id: string) {
  const [event] = await db.select().from(events).where(eq(events.id, id));
  if (!event) throw new NotFoundError("Événement introuvable.");
  return event;
}

/** Confirmed first, then the waiting list in order, then cancellations; each group in order of registration. */
const STATE_ORDER = sql`case ${eventRegistrations.state} when 'confirmed' then 0 when 'waiting' then 1 else 2 end`;

export async function attendeeList(db: Db, eventId: string, now = new Date()): Promise<AdminRegistrationList> {
  const event = await eventOf(db, eventId);
  // Visitors still confirming their address are nobody's registrants yet (issue 30 §4): not listed; only the
  // places held for them are counted, as taken (service.ts `takenPlaces`), so the places left shown at the door
  // are the ones a walk-in can have.
  const rows = (
    await db
      .select()
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), ne(eventRegistrations.state, "pending")))
      .orderBy(STATE_ORDER, asc(eventRegistrations.waitingPosition), asc(eventRegistrations.createdAt), asc(eventRegistrations.id))
  ).filter(isListed);
  const items: AdminRegistration[] = rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    answer: r.answer,
    state: r.state,
    position: r.state === "waiting" ? r.waitingPosition : null,
    member: r.userId !== null,
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  const counts: RegistrationCounts = { confirmed: 0, waiting: 0, cancelled: 0, checkedIn: 0, held: await heldPlaces(db, eventId, now) };
  for (const r of rows) {
    counts[r.state]++;
    if (r.checkedInAt && r.state === "confirmed") counts.checkedIn++;
  }
  return {
    event: { _id: event.id, title: event.title, url: event.url, startDate: event.startDate.toISOString(), open: event.registrationOpen, capacity: event.registrationCapacity },
    counts,
    items,
  };
}

/** Registered and waiting counts of many events at once (the event list's column). */
export async function countsByEvent(db: Db, eventIds: string[]): Promise<Map<string, { confirmed: number; waiting: number }>> {
  const out = new Map<string, { confirmed: number; waiting: number }>();
  if (eventIds.length === 0) return out;
  const rows = await db
    .select({ eventId: eventRegistrations.eventId, state: eventRegistrations.state, n: sql<number>`count(*)` })
    .from(eventRegistrations)
    .where(and(inArray(eventRegistrations.eventId, eventIds), inArray(eventRegistrations.state, ["confirmed", "waiting"])))
    .groupBy(eventRegistrations.eventId, eventRegistrations.state);
  for (const r of rows) {
    const c = out.get(r.eventId) ?? { confirmed: 0, waiting: 0 };
    c[r.state as "confirmed" | "waiting"] = Number(r.n);
    out.set(r.eventId, c);
  }
  return out;
}

/** The back office's event list: each event's registration settings get their counts (one query for the page). */
export async function withRegistrationCounts<E extends { _id: string; registration: object }>(db: Db, list: E[]): Promise<E[]> {
  const counts = await countsByEvent(db, list.map((e) => e._id));
  return list.map((e) => ({ ...e, registration: { ...e.registration, counts: counts.get(e._id) ?? { confirmed: 0, waiting: 0 } } }));
}

const STATE_LABEL = { confirmed: "Confirmée", waiting: "Liste d'attente", cancelled: "Annulée" } as const;
/**
 * « 26/11/2026 18:30 » (Dakar time) in the CSV, not the « 18 h 30 » of the screens and mails (shared/dakar-time.ts):
 * a French spreadsheet reads this form as a date and time, so the columns sort and filter as dates. A data format,
 * like the .ics.
 */
const when = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeStyle: "short", timeZone: "Africa/Dakar" });

/** French headers in the shared CSV format (shared/csv.ts): opens as is in a French spreadsheet. */
export async function attendeesCsv(db: Db, eventId: string): Promise<{ filename: string; body: string }> {
  const list = await attendeeList(db, eventId);
  const header = ["Nom", "Courriel", "Réponse", "Inscrit le", "État", "Position d'attente", "Membre", "Présent"];
  const lines = list.items.map((r) =>
    csvLine([
      r.name,
      r.email,
      r.answer,
      when.format(new Date(r.createdAt)),
      STATE_LABEL[r.state],
      r.position === null ? "" : String(r.position),
      r.member ? "oui" : "non",
      r.checkedInAt ? when.format(new Date(r.checkedInAt)) : "",
    ]),
  );
  return { filename: `inscriptions-${list.event.url}.csv`, body: csvDocument([csvLine(header), ...lines]) };
}

/** « Présent » at the door: on or off, for a confirmed registration (read and written in one turn: a cancellation cannot come between). */
export async function setCheckIn(db: Db, id: string, checkedIn: boolean, now = new Date()) {
  return writeTx(db, async (tx) => {
    const [row] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, id));
    if (!row) throw new NotFoundError("Inscription introuvable.");
    if (row.state !== "confirmed") throw new ConflictError("Seule une inscription confirmée peut être pointée.");
    const checkedInAt = checkedIn ? (row.checkedInAt ?? now) : null;
    await tx.update(eventRegistrations).set({ checkedInAt, updatedAt: now }).where(eq(eventRegistrations.id, id));
    return { _id: id, name: row.name, checkedInAt: checkedInAt?.toISOString() ?? null };
  });
}

export async function closeRegistration(db: Db, eventId: string, now = new Date()) {
  const event = await eventOf(db, eventId);
  await db.update(events).set({ registrationOpen: false, updatedAt: now }).where(eq(events.id, eventId));
  return { _id: eventId, title: event.title, message: "Inscriptions fermées." };
}

/** One message per registrant (confirmed and waiting), all queued in one transaction. */
export async function messageAttendees(ctx: { db: Db; env: Pick<Env, "mailFrom" | "publicUrl"> }, eventId: string, subject: string, text: string, now = new Date()) {
  return writeTx(ctx.db, async (tx) => {
    const event = await eventOf(tx, eventId);
    const people = await tx
      .select({ name: eventRegistrations.name, email: eventRegistrations.email })
      .from(eventRegistrations)
      // A walk-in may have left no address (door.ts): there is nobody to write to.
      .where(and(eq(eventRegistrations.eventId, eventId), inArray(eventRegistrations.state, ["confirmed", "waiting"]), ne(eventRegistrations.email, "")))
      .orderBy(desc(eventRegistrations.createdAt));
    for (const p of people) await enqueueMail(tx, ctx.env, organizerMessage(ctx.env, event, p, subject.trim(), text.trim()), now);
    const count = people.length;
    return { count, message: count === 0 ? "Personne n'est inscrit\u00a0: aucun message envoyé." : `Message placé dans la file d'envoi pour ${count} inscrit${count > 1 ? "s" : ""}.` };
  });
}
