/** The outbox for admins, one page at a time (api/lib/list-query.ts): newest first, by state, searched. */
import { desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { mailOutbox, type MailRow } from "../../../db/schema";
import { foldedSearch, listPage, type ListSpec } from "../../lib/list-query";
import type { MailPage, MailQuery, MailSummary } from "./model";
import { REPLACED } from "./resend";

/** Newest first (indexes `mail_outbox_created_idx`, and `mail_outbox_state_created_idx` for a state). */
export const MAIL_LIST: ListSpec<"recent"> = {
  table: mailOutbox,
  id: mailOutbox.id,
  sorts: { recent: { keys: [mailOutbox.createdAt], dir: "desc" } },
  defaultSort: "recent",
  search: foldedSearch(mailOutbox.searchKey),
};

export function mailSummary(r: MailRow): MailSummary {
  return {
    _id: r.id,
    kind: r.kind,
    to: r.toAddress,
    toName: r.toName,
    subject: r.subject,
    state: r.state,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    nextAttemptAt: r.state === "pending" ? r.nextAttemptAt.toISOString() : null,
    sentAt: r.sentAt?.toISOString() ?? null,
    maskedLinks: r.masked,
    resendable: r.masked > 0 && r.linkRef !== null,
    retryable: r.state === "failed" && r.lastError !== REPLACED,
  };
}

export function mailWhere(query: Pick<MailQuery, "state">): (SQL | undefined)[] {
  return [query.state ? eq(mailOutbox.state, query.state) : undefined];
}

/** GET /api/admin/mail; `delivery` says whether anything is sending them (SMTP_URL). */
export async function adminMailList(db: Db, query: MailQuery, delivery: boolean): Promise<MailPage> {
  const where = mailWhere(query);
  const read = async (ids: string[]) =>
    (await db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(desc(mailOutbox.createdAt))).map(mailSummary);
  // Paged always: the outbox grows with every newsletter, the whole table is never sent.
  const page = await listPage(db, MAIL_LIST, { ...query, page: query.page ?? 1 }, where, read, (m) => m._id);
  return { ...page, delivery };
}
