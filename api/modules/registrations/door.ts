/**
 * At the door (issue 33 §3): « Ajouter sur place » for someone who did not register, and « Annuler l'inscription »
 * by an admin, which tells the person by mail. Both run in one write transaction with what they cause (the place
 * count read is the one the insert is made against; the mail and the promotion of the next person waiting commit
 * with the cancellation or not at all), and count places, write rows and cancel as every registration write does
 * (service.ts: `takenPlaces`, `writeRow`, `cancelInTx`).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { eventRegistrations, events } from "../../../db/schema";
import { ConflictError, NotFoundError } from "../../lib/errors";
import { plural } from "../../lib/plural";
import { enqueueMail } from "../mail/service";
import { newToken } from "../password-reset/tokens";
import { cancelledByOrganizerMail, type MailEnv } from "./mail";
import type { WalkInBody } from "./model";
import { ALREADY_CANCELLED, cancelInTx, holdsPlaceNow, placeLeft, promoteWaiting, writeRow, writeTx } from "./service";

type Ctx = { db: Db; env: MailEnv };

/**
 * The unique key of a walk-in without an e-mail: one row per person and event is keyed on the e-mail, and an
 * e-mail always holds an « @ », so this key can never be taken by a real address (nor by another walk-in).
 */
const walkInKey = () => `sur-place:${newId()}`;

/**
 * Adds a person at the door, confirmed and checked in at once: they are standing there. They take a place like
 * any registrant, after the people waiting (a place just freed goes to them first, as the lapsed holds' job would
 * give it), so a full event refuses them. Registration being closed does not matter (it closes when the event
 * starts, which is when people come to the door). Their address, if given, finds their earlier row: one cancelled,
 * or one still waiting for the confirmation by mail (its held place is theirs), comes back confirmed.
 */
export async function addWalkIn(ctx: Ctx, eventId: string, body: WalkInBody, now = new Date()) {
  const name = body.name.trim();
  const email = (body.email ?? "").trim();
  // cancel_token_hash is required and unique: a walk-in gets one like everybody, but it is never sent anywhere.
  const { hash } = await newToken();
  const done = await writeTx(ctx.db, async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId));
    if (!event) throw new NotFoundError("Événement introuvable.");
    const [existing] = email
      ? await tx.select().from(eventRegistrations).where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.emailKey, email.toLowerCase())))
      : [];
    if (existing?.state === "confirmed") {
      throw new ConflictError(`Cette adresse est déjà inscrite (${existing.name})\u00a0: cherchez la personne dans la liste pour la pointer.`);
    }
    if (existing?.state === "waiting") {
      throw new ConflictError(`Cette adresse est sur la liste d'attente (${existing.name}, position ${existing.waitingPosition})\u00a0: aucune place ne s'est libérée pour elle.`);
    }
    if (!(existing && holdsPlaceNow(existing, now))) {
      await promoteWaiting(ctx, tx, event, now);
      // Refused, but the promotion commits: answered after the transaction, not thrown inside it.
      if (!(await placeLeft(tx, event, now))) return { added: false as const, capacity: event.registrationCapacity! };
    }
    const fields = {
      name,
      email,
      // A member who cancelled and came anyway finds it again in « Mes inscriptions ».
      userId: existing?.userId ?? null,
      answer: "",
      state: "confirmed" as const,
      waitingPosition: null,
      cancelTokenHash: hash,
      confirmTokenHash: null,
      pendingUntil: null,
      holdsPlace: false,
      checkedInAt: now,
      // They are at the event: the day-before reminder (jobs.ts) must not go out to them.
      reminderAt: now,
    };
    return { added: true as const, id: await writeRow(tx, event, existing, fields, now, email ? undefined : walkInKey()) };
  });
  if (!done.added) {
    throw new ConflictError(`L'événement est complet (${plural(done.capacity, "place")})\u00a0: impossible d'ajouter une personne sur place.`);
  }
  return { _id: done.id, name, message: `${name}\u00a0: ajout sur place enregistré, présence pointée.` };
}

/**
 * « Annuler l'inscription » by an admin: the place goes to the first person waiting (mailed, as after any
 * cancellation), and the person cancelled is told by mail, unless they left no address (a walk-in). An address
 * still waiting for its confirmation by mail is nobody's registration yet (not listed): nothing to cancel there,
 * and nobody to write to.
 */
export async function cancelByAdmin(ctx: Ctx, id: string, now = new Date()) {
  return writeTx(ctx.db, async (tx) => {
    const [row] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, id));
    if (!row || row.state === "pending") throw new NotFoundError("Inscription introuvable.");
    if (row.state === "cancelled") return { _id: id, message: ALREADY_CANCELLED, mailed: false };
    const [event] = await tx.select().from(events).where(eq(events.id, row.eventId));
    await cancelInTx(ctx, tx, row, now);
    if (!row.email || !event) return { _id: id, message: `Inscription de ${row.name} annulée.`, mailed: false };
    // The key names this registration's life (createdAt changes when the person registers again).
    const mail = cancelledByOrganizerMail(ctx.env, event, row);
    await enqueueMail(tx, ctx.env, { ...mail, key: `registration-cancelled:${row.id}:${row.createdAt.getTime()}` }, now);
    return { _id: id, message: `Inscription de ${row.name} annulée. Un courriel l'en informe.`, mailed: true };
  });
}
