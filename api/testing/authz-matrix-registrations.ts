/** Fresh rows for the registration routes of the authorization matrix (kept apart from the shared world). */
import { eq } from "drizzle-orm";
import { newId } from "../../db/ids";
import { eventRegistrations, events } from "../../db/schema";
import { enqueueMail } from "../modules/mail/service";
import { newToken } from "../modules/password-reset/tokens";
import type { World } from "./authz-matrix-world";
import { makeEvent } from "./factory";

/** An online event open for registration, no limit. */
export async function openEventFor(w: World): Promise<string> {
  const db = w.h.database.db;
  const event = await makeEvent(db);
  await db.update(events).set({ registrationOpen: true }).where(eq(events.id, event.id));
  return event.id;
}

/** A confirmed registration (of `userId`'s account when given) with its cancel token. */
export async function freshRegistration(w: World, userId: string | null = null): Promise<{ id: string; token: string }> {
  const db = w.h.database.db;
  const eventId = await openEventFor(w);
  const { token, hash } = await newToken();
  const id = newId();
  const email = `inscrit-${w.unique()}@example.sn`;
  const now = new Date();
  await db.insert(eventRegistrations).values({ id, eventId, name: "Inscrit", email, emailKey: email, userId, state: "confirmed", cancelTokenHash: hash, createdAt: now, updatedAt: now });
  return { id, token };
}

/** A visitor's registration waiting for its address to be confirmed, with the token of its confirmation link. */
export async function freshPendingRegistration(w: World): Promise<{ id: string; token: string; email: string; eventId: string }> {
  const db = w.h.database.db;
  const eventId = await openEventFor(w);
  const link = await newToken();
  const unused = await newToken();
  const id = newId();
  const email = `visiteur-${w.unique()}@example.sn`;
  const now = new Date();
  await db.insert(eventRegistrations).values({
    id, eventId, name: "Visiteur", email, emailKey: email, state: "pending", cancelTokenHash: unused.hash,
    confirmTokenHash: link.hash, pendingUntil: new Date(now.getTime() + 30 * 60_000), holdsPlace: true, createdAt: now, updatedAt: now,
  });
  return { id, token: link.token, email, eventId };
}

/** A message of the outbox holding a masked link (its confirmation link), which « Renvoyer » can make afresh. */
export async function freshMaskedMail(w: World): Promise<string> {
  const { id, token, email } = await freshPendingRegistration(w);
  const queued = await enqueueMail(w.h.database.db, w.h.deps.env, {
    kind: "registration-confirm",
    to: email,
    subject: "Confirmez votre inscription",
    html: `<p><a href="https://institut.example.sn/inscription/confirmer#token=${token}">Confirmer</a></p>`,
    text: `Confirmer : https://institut.example.sn/inscription/confirmer#token=${token}`,
    secrets: [{ value: token, expiresAt: new Date(Date.now() + 30 * 60_000) }],
    linkRef: id,
  });
  return queued.id;
}
