import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { contactMessages } from "../../../db/schema";
import type { ContactBody } from "./model";

/**
 * Stores a contact message. A filled honeypot means a bot: the caller answers as if it worked (so the bot learns
 * nothing) but nothing is stored.
 */
export async function saveContactMessage(db: Db, body: ContactBody, ip: string): Promise<{ stored: boolean }> {
  if (body.website && body.website.trim() !== "") return { stored: false };
  await db.insert(contactMessages).values({
    id: newId(),
    name: body.name.trim(),
    email: body.email.trim(),
    subject: body.subject.trim(),
    message: body.message.trim(),
    ip,
    createdAt: new Date(),
  });
  return { stored: true };
}
