/** The contact messages, one page at a time (api/lib/list-query.ts); the whole array without `page`. */
import { count, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contactMessages } from "../../../db/schema";
import { dayRange, ftsSearch, listPage, listWhere, type ListSpec } from "../../lib/list-query";
import type { ContactMessage, ContactPage, ContactQuery } from "./model";
import { listContactMessages } from "./service";

/** Newest first (index `contact_created_idx`); searched through the sender, e-mail, subject and text. */
export const CONTACT_LIST: ListSpec<"recent"> = {
  table: contactMessages,
  id: contactMessages.id,
  sorts: { recent: { keys: [contactMessages.createdAt], dir: "desc" } },
  defaultSort: "recent",
  search: ftsSearch(contactMessages, "contact_messages_fts"),
};

export function contactWhere(query: ContactQuery): (SQL | undefined)[] {
  const read = query.unread === undefined ? undefined : query.unread === "1" ? isNull(contactMessages.readAt) : isNotNull(contactMessages.readAt);
  return [read, dayRange(contactMessages.createdAt, query.from, query.to)];
}

/** How many of the messages matching `query` are unread (none when the list shows read ones only). */
async function unreadMatching(db: Db, query: ContactQuery): Promise<number> {
  if (query.unread === "0") return 0;
  const [row] = await db.select({ n: count() }).from(contactMessages).where(listWhere(CONTACT_LIST, query, [...contactWhere(query), isNull(contactMessages.readAt)]));
  return row?.n ?? 0;
}

/** GET /api/admin/contact: one page when `page` is given (with the unread count of the matches), else every message. */
export async function adminContactList(db: Db, query: ContactQuery): Promise<ContactMessage[] | ContactPage> {
  if (query.page === undefined) return listContactMessages(db);
  const [page, unread] = await Promise.all([
    listPage(db, CONTACT_LIST, query, contactWhere(query), (ids) => listContactMessages(db, ids), (m) => m._id),
    unreadMatching(db, query),
  ]);
  return { ...page, unread };
}
