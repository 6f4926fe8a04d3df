/**
 * Recording notification events: what the article, media and contact writes call, one call each, inside their
 * own batch or transaction, so an event exists exactly when its change does (a rolled-back write notifies no one;
 * a committed one cannot lose its notification in a crash). Each function returns one statement, to put in a
 * `db.batch([...])` or to await inside `db.transaction(...)`; the fan-out to recipients (every admin, every author)
 * happens in SQL, in that same statement. Mails are made later by the digest job (digest.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { articleAuthors, articles, media, notifications, users, type NotificationKind } from "../../../db/schema";

/** The database or one of its transactions. */
type Runner = Pick<Db, "run">;
type Step = BatchItem<"sqlite">;

const insertEvents = (db: Runner, select: SQL): Step =>
  db.run(sql`insert into ${notifications} (recipient_id, kind, item_id, created_at) ${select}`) as unknown as Step;

/** Every admin but `exceptId` (an admin who submits through the member space needs no mail about it). */
function forAdmins(db: Runner, kind: NotificationKind, itemId: string, now: Date, exceptId = ""): Step {
  return insertEvents(
    db,
    sql`select ${users.id}, ${kind}, ${itemId}, ${now.getTime()} from ${users} where ${users.role} = 'admin' and ${users.id} <> ${exceptId}`,
  );
}

/**
 * A member's article or media now waits for approval (created, or edited through the member space), or their edit
 * of a published article now waits for review (« article-edit », saved for good, not an autosave: issue 32 §3):
 * every admin is told. Nothing for an admin's own writes, which are approved at once. Returns the statements to
 * add to the write's batch (none or one).
 */
export function submissionEvents(db: Runner, kind: "article" | "article-edit" | "media", itemId: string, actor: { id: string; admin: boolean }, now = new Date()): Step[] {
  return actor.admin ? [] : [forAdmins(db, `${kind}-submitted`, itemId, now, actor.id)];
}

/** A contact message arrived: every admin is told. */
export function contactEvent(db: Runner, messageId: string, now = new Date()): Step {
  return forAdmins(db, "contact-received", messageId, now);
}

/**
 * Articles or media about to be approved or put online: each of their authors is told, once per item that was
 * not already so. Must run BEFORE the update, in the same batch or transaction: it reads the flag as it was.
 * `action` is the bulk action's name or the flag; other actions (offline, theme, delete…) record nothing.
 */
export function flagEvents(db: Runner, kind: "article" | "media", action: string, ids: string[], now = new Date()): Step[] {
  const flag = action === "approve" || action === "approved" ? "approved" : action === "online" ? "online" : null;
  if (!flag || ids.length === 0) return [];
  const event: NotificationKind = `${kind}-${flag}`;
  const at = now.getTime();
  const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  if (kind === "article") {
    const column = flag === "approved" ? articles.approved : articles.online;
    return [
      insertEvents(
        db,
        sql`select ${articleAuthors.userId}, ${event}, ${articles.id}, ${at} from ${articleAuthors}
            join ${articles} on ${articles.id} = ${articleAuthors.articleId}
            where ${articles.id} in (${idList}) and ${column} = 0`,
      ),
    ];
  }
  const column = flag === "approved" ? media.approved : media.online;
  return [
    insertEvents(
      db,
      sql`select ${media.uploadedBy}, ${event}, ${media.id}, ${at} from ${media}
          where ${media.id} in (${idList}) and ${column} = 0 and ${media.uploadedBy} is not null`,
    ),
  ];
}

/**
 * The pending edits of these articles about to be refused or approved: each of their authors is told, once per
 * article that has one. Must run BEFORE the statement that clears `pending_revision_id`, in the same batch or
 * transaction: it reads the pointer as it was.
 */
export function editReviewEvents(db: Runner, decision: "refused" | "approved", ids: string[], now = new Date()): Step[] {
  if (ids.length === 0) return [];
  const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const event: NotificationKind = `article-edit-${decision}`;
  return [
    insertEvents(
      db,
      sql`select ${articleAuthors.userId}, ${event}, ${articles.id}, ${now.getTime()} from ${articleAuthors}
          join ${articles} on ${articles.id} = ${articleAuthors.articleId}
          where ${articles.id} in (${idList}) and ${articles.pendingRevisionId} is not null and ${articles.approved} = 1`,
    ),
  ];
}
