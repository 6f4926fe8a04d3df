import { eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { auditLog, type AuditRow } from "../../../db/schema";
import { dayRange, DEFAULT_PAGE_SIZE, ftsSearch, listPage, type ListSpec } from "../../lib/list-query";
import { itemLinks } from "./items";
import type { AuditEntry, AuditPage, AuditQuery } from "./model";

export const AUDIT_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export type NewAuditEntry = {
  userId: string | null;
  actor: string;
  action: string;
  route: string;
  itemKind: string;
  itemId: string | null;
  /** The item's title or name at the time (kept for when the item is gone). */
  title?: string;
  summary: string;
};

export async function recordAudit(db: Db, entry: NewAuditEntry, now = new Date()): Promise<void> {
  await recordAudits(db, [entry], now);
}

/** Rows per insert: 10 columns each stays far below SQLite's limit of bound variables per statement. */
const AUDIT_BATCH = 500;

/** Several entries (a bulk action: one per item) in a few multi-row inserts; `db` may be a transaction. */
export async function recordAudits(db: Pick<Db, "insert">, entries: NewAuditEntry[], now = new Date()): Promise<void> {
  for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
    const rows = entries.slice(i, i + AUDIT_BATCH).map((e) => ({ id: newId(), ...e, title: (e.title ?? "").slice(0, 300), summary: e.summary.slice(0, 300), createdAt: now }));
    await db.insert(auditLog).values(rows);
  }
}

function toEntry(row: AuditRow, link = { exists: false, href: null as string | null }): AuditEntry {
  return {
    _id: row.id,
    actor: row.actor,
    actorId: row.userId,
    action: row.action,
    route: row.route,
    itemKind: row.itemKind,
    itemId: row.itemId,
    title: row.title,
    summary: row.summary,
    exists: link.exists,
    href: link.href,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The journal for api/lib/list-query.ts: newest first (the id breaks ties between entries of the same
 * millisecond, so pages never overlap), searched through the actor and the summary (which begins with the title
 * kept, so a deleted item is found by its name).
 */
export const AUDIT_LIST: ListSpec<"recent"> = {
  table: auditLog,
  id: auditLog.id,
  sorts: { recent: { keys: [auditLog.createdAt], dir: "desc" } },
  defaultSort: "recent",
  search: ftsSearch(auditLog, "audit_log_fts"),
};

export function auditWhere(query: AuditQuery): (SQL | undefined)[] {
  return [
    query.actor ? eq(auditLog.userId, query.actor) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.kind ? eq(auditLog.itemKind, query.kind) : undefined,
    dayRange(auditLog.createdAt, query.from, query.to),
  ];
}

/**
 * One page of the log (50 entries unless asked otherwise), each saying whether its item still exists and where an
 * admin opens it: one statement per item kind on the page.
 */
export function listAudit(db: Db, query: AuditQuery = {}): Promise<AuditPage> {
  const read = async (ids: string[]) => {
    const rows = await db.select().from(auditLog).where(inArray(auditLog.id, ids));
    const links = await itemLinks(db, rows.map((r) => ({ kind: r.itemKind, id: r.itemId })));
    return rows.map((r) => toEntry(r, links.get(`${r.itemKind}:${r.itemId}`)));
  };
  return listPage(db, AUDIT_LIST, query, auditWhere(query), read, (e) => e._id);
}
