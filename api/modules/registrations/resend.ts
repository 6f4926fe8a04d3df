/**
 * « Renvoyer » in « Courriels » for the registration mails holding a personal link (issue 30 §4): the copy an
 * admin reads holds it masked; resending makes the person a fresh link for where their registration stands now (a
 * confirmation link while they confirm their address, else a cancel link with their confirmation or waiting
 * position), mailed to them, never shown to the admin. The previous link stops working.
 */
import { eq } from "drizzle-orm";
import { eventRegistrations, events } from "../../../db/schema";
import { ConflictError, NotFoundError } from "../../lib/errors";
import type { Resender } from "../mail/resend";
import { enqueueMail } from "../mail/service";
import { newToken } from "../password-reset/tokens";
import { resentMail } from "./service";

export const resendRegistrationLink: Resender = async (tx, env, row, now) => {
  const [registration] = await tx.select().from(eventRegistrations).where(eq(eventRegistrations.id, row.linkRef ?? ""));
  const [event] = registration ? await tx.select().from(events).where(eq(events.id, registration.eventId)) : [];
  if (!registration || !event) throw new NotFoundError("Cette inscription n'existe plus\u00a0: il n'y a rien à renvoyer.");
  if (registration.state === "cancelled") throw new ConflictError("Cette inscription est annulée\u00a0: il n'y a rien à renvoyer.");
  if (registration.state === "pending" && (!registration.pendingUntil || registration.pendingUntil <= now)) {
    throw new ConflictError("Cette adresse n'a pas été confirmée à temps\u00a0: la personne doit s'inscrire de nouveau.");
  }
  const link = await newToken();
  const mail = resentMail({ env }, event, registration, link.token, now);
  await tx
    .update(eventRegistrations)
    .set(registration.state === "pending" ? { confirmTokenHash: link.hash, updatedAt: now } : { cancelTokenHash: link.hash, updatedAt: now })
    .where(eq(eventRegistrations.id, registration.id));
  const queued = await enqueueMail(tx, env, mail, now);
  return { id: queued.id, subject: mail.subject, to: registration.email };
};
