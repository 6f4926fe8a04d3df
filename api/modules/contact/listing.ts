/** The contact messages, one page at a time (api/lib/list-query.ts); the whole array without `page`. */
import { isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { contactMessages } from "../../../db/schema";
import { dayRange, ftsSearch, listPage, type ListSpec } from "../../lib/list-query";
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

/** GET /api/admin/contact: one page when `page` is given, else every message. */
export function adminContactList(db: Db, query: ContactQuery): Promise<ContactMessage[] | ContactPage> {
  if (query.page === undefined) return listContactMessages(db);
  return listPage(db, CONTACT_LIST, query, contactWhere(query), (ids) => listContactMessages(db, ids), (m) => m._id);
}
