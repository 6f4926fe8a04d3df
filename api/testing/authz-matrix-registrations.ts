/** Fresh rows for the registration routes of the authorization matrix (kept apart from the shared world). */
import { eq } from "drizzle-orm";
import { newId } from "../../db/ids";
import { eventRegistrations, events } from "../../db/schema";
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
