import { count, desc } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { auditLog, type AuditRow } from "../../../db/schema";
import type { AuditEntry, AuditPage } from "./model";

export const AUDIT_PAGE_SIZE = 50;

export type NewAuditEntry = {
  userId: string | null;
  actor: string;
  action: string;
  route: string;
  itemKind: string;
  itemId: string | null;
  summary: string;
};

export async function recordAudit(db: Db, entry: NewAuditEntry, now = new Date()): Promise<void> {
  await db.insert(auditLog).values({ id: newId(), ...entry, summary: entry.summary.slice(0, 300), createdAt: now });
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    actor: row.actor,
    actorId: row.userId,
    action: row.action,
    route: row.route,
    itemKind: row.itemKind,
    itemId: row.itemId,
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of the log, newest first. */
export async function listAudit(db: Db, page = 1): Promise<AuditPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      // The id breaks ties between entries of the same millisecond so pages never overlap.
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog),
  ]);
  return { items: rows.map(toEntry), page, pageSize: AUDIT_PAGE_SIZE, total: total?.n ?? 0 };
}
