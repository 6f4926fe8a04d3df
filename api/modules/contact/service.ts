import { count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { contactMessages } from "../../../db/schema";
import { NotFoundError } from "../../lib/errors";
import { contactEvent } from "../notifications/events";
import type { ContactBody, ContactMessage } from "./model";

/**
 * Stores a contact message. A filled honeypot means a bot: the caller answers as if it worked (so the bot learns
 * nothing) but nothing is stored.
 */
export async function saveContactMessage(db: Db, body: ContactBody, ip: string): Promise<{ stored: boolean }> {
  if (body.website && body.website.trim() !== "") return { stored: false };
  const id = newId();
  const now = new Date();
  // The message and the admins' notification together (api/modules/notifications).
  await db.batch([
    db.insert(contactMessages).values({
      id,
      name: body.name.trim(),
      email: body.email.trim(),
      subject: body.subject.trim(),
      message: body.message.trim(),
      ip,
      createdAt: now,
    }),
    contactEvent(db, id, now),
  ]);
  return { stored: true };
}

/** Every message, newest first (the id breaks ties within a millisecond); `ids` narrows it to one page. */
export async function listContactMessages(db: Db, ids?: string[]): Promise<ContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(ids ? inArray(contactMessages.id, ids) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    subject: r.subject,
    message: r.message,
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function countUnreadContactMessages(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  return row?.n ?? 0;
}

/** Marks a message read, or unread again, in one statement. */
export async function toggleContactRead(db: Db, id: string, now = new Date()): Promise<{ _id: string; subject: string; read: boolean }> {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: sql`case when ${contactMessages.readAt} is null then ${now.getTime()} else null end` })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id, subject: contactMessages.subject, readAt: contactMessages.readAt });
  if (!row) throw new NotFoundError("Message introuvable.");
  return { _id: row.id, subject: row.subject, read: row.readAt !== null };
}

export async function deleteContactMessage(db: Db, id: string): Promise<{ message: string; _id: string; subject: string }> {
  const [row] = await db.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ subject: contactMessages.subject });
  if (!row) throw new NotFoundError("Message introuvable.");
  return { message: "Message supprimé.", _id: id, subject: row.subject };
}
