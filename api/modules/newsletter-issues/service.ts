/** What admins do with issues: drafts, preview, a test to themselves, sending now or at a chosen minute. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { newsletterIssues, newsletterSubscribers, type IssueRow, type UserRow } from "../../../db/schema";
import type { Env } from "../../env";
import { BadRequestError, ConflictError, NotFoundError } from "../../lib/errors";
import { plural } from "../../lib/plural";
import { mailSite } from "../mail/render";
import { enqueueMail } from "../mail/service";
import { personalise, renderIssue, sampleUnsubscribe } from "./content";
import { dakarMinuteToDate } from "./dakar-time";
import { resolveItems } from "./digest";
import {
  ALREADY_SENT, BAD_SCHEDULE, EMPTY_ISSUE, ISSUE_NOT_FOUND, NO_RECIPIENT, NOT_EDITABLE, PAST_SCHEDULE, SUBJECT_LINE_BREAK,
} from "./messages";
import type { IssueBody, IssueDetail, IssueProgress, IssueSummary } from "./model";
import { issueProgress, startIssue } from "./sending";

type IssueEnv = Pick<Env, "mailFrom" | "publicUrl" | "smtpUrl">;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function confirmedCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(newsletterSubscribers).where(eq(newsletterSubscribers.state, "confirmed"));
  return Number(row?.n ?? 0);
}

/** Before the start, the recipients to be: the confirmed subscribers now. */
async function progressOf(db: Db, row: IssueRow, confirmed?: number): Promise<IssueProgress> {
  if (row.state === "sending" || row.state === "sent") return issueProgress(db, row.id);
  const total = confirmed ?? (await confirmedCount(db));
  return { total, sent: 0, failed: 0, remaining: total };
}

async function summary(db: Db, row: IssueRow, confirmed?: number): Promise<IssueSummary> {
  const progress = await progressOf(db, row, confirmed);
  // « Envoyé » once every copy has left or failed, not when the last one was queued: copies still waiting (held
  // after a restore, or under a dead worker's lease) mean it is still leaving (issue 30 §5).
  const leaving = row.state === "sent" && progress.remaining > 0;
  return {
    _id: row.id,
    number: row.number,
    subject: row.subject,
    state: leaving ? "sending" : row.state,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    sentAt: leaving ? null : iso(row.sentAt),
    updatedAt: row.updatedAt.toISOString(),
    progress,
  };
}

async function detail(db: Db, row: IssueRow): Promise<IssueDetail> {
  return { ...(await summary(db, row)), intro: row.intro, items: row.items };
}

async function rowOf(db: Db, id: string): Promise<IssueRow> {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id));
  if (!row) throw new NotFoundError(ISSUE_NOT_FOUND);
  return row;
}

/**
 * The subject becomes a mail header: a line break in it could add headers (header injection). The mail module
 * would fold it to one line; here it is refused, so the admin sees exactly what will be sent.
 */
async function checkedBody(db: Db, body: IssueBody, uploadsDir?: string) {
  const subject = body.subject.trim();
  if (/\p{C}/u.test(subject)) throw new BadRequestError(SUBJECT_LINE_BREAK);
  if (!subject) throw new BadRequestError("Le sujet est obligatoire.");
  const intro = body.intro.replace(/\r\n?/g, "\n").trim();
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(intro)) throw new BadRequestError("L'introduction contient un caractère de contrôle.");
  const items = await resolveItems(db, body.items, uploadsDir);
  if (!intro && items.length === 0) throw new BadRequestError(EMPTY_ISSUE);
  return { subject, intro, items };
}

export async function listIssues(db: Db): Promise<IssueSummary[]> {
  const rows = await db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.createdAt)).limit(100);
  const confirmed = await confirmedCount(db);
  return Promise.all(rows.map((r) => summary(db, r, confirmed)));
}

export async function getIssue(db: Db, id: string): Promise<IssueDetail> {
  return detail(db, await rowOf(db, id));
}

/** `uploadsDir`: where the items' mail pictures are made (none without it). */
export async function createIssue(db: Db, body: IssueBody, admin: UserRow, uploadsDir?: string, now = new Date()): Promise<IssueDetail> {
  const values = await checkedBody(db, body, uploadsDir);
  const [row] = await db
    .insert(newsletterIssues)
    .values({ id: newId(), ...values, state: "draft", createdBy: admin.id, createdAt: now, updatedAt: now })
    .returning();
  return detail(db, row!);
}

/** Drafts and scheduled issues can be edited (a scheduled one keeps its minute); a started one cannot. */
export async function updateIssue(db: Db, id: string, body: IssueBody, uploadsDir?: string, now = new Date()): Promise<IssueDetail> {
  const values = await checkedBody(db, body, uploadsDir);
  const [row] = await db
    .update(newsletterIssues)
    .set({ ...values, updatedAt: now })
    .where(sql`${newsletterIssues.id} = ${id} and ${newsletterIssues.state} in ('draft', 'scheduled')`)
    .returning();
  if (row) return detail(db, row);
  await rowOf(db, id);
  throw new ConflictError(NOT_EDITABLE);
}

export async function deleteIssue(db: Db, id: string): Promise<void> {
  const gone = await db
    .delete(newsletterIssues)
    .where(sql`${newsletterIssues.id} = ${id} and ${newsletterIssues.state} in ('draft', 'scheduled')`)
    .returning({ id: newsletterIssues.id });
  if (gone.length) return;
  await rowOf(db, id);
  throw new ConflictError("Un numéro déjà parti reste dans les archives\u00a0: il ne peut pas être supprimé.");
}

/** The parts a subscriber receives, the unsubscribe link aside (it leads to /lettre here). */
export async function previewIssue(db: Db, env: IssueEnv, id: string) {
  const row = await rowOf(db, id);
  return personalise(renderIssue(env, row, mailSite(env).name), sampleUnsubscribe(env));
}

/** « Envoyer un test »: one copy to the admin who asks, subject marked, nothing else changes. */
export async function sendIssueTest(db: Db, env: IssueEnv, id: string, admin: UserRow): Promise<{ message: string }> {
  const row = await rowOf(db, id);
  const copy = personalise(renderIssue(env, row, mailSite(env).name), sampleUnsubscribe(env));
  await enqueueMail(db, env, { kind: "newsletter-test", to: { name: `${admin.firstname} ${admin.name}`, address: admin.email }, ...copy, subject: `[Test] ${copy.subject}` });
  return {
    message: env.smtpUrl
      ? `Test envoyé à ${admin.email}.`
      : `Test placé dans la file pour ${admin.email}\u00a0: aucun serveur d'envoi n'est configuré (SMTP_URL), il reste dans «\u00a0Courriels\u00a0».`,
  };
}

/** Sends now (the recipients are fixed in the same transaction), or schedules at a minute of Dakar's clock. */
export async function sendIssue(db: Db, id: string, at: string | undefined, now = new Date()): Promise<{ message: string; issue: IssueDetail }> {
  const row = await rowOf(db, id);
  if (row.state === "sending" || row.state === "sent") throw new ConflictError(ALREADY_SENT);
  if ((await confirmedCount(db)) === 0) throw new ConflictError(NO_RECIPIENT);
  if (at !== undefined) {
    const when = dakarMinuteToDate(at);
    if (!when) throw new BadRequestError(BAD_SCHEDULE);
    if (when.getTime() <= now.getTime()) throw new BadRequestError(PAST_SCHEDULE);
    // Guarded on the state: the sender may have started the issue since it was read.
    const [moved] = await db
      .update(newsletterIssues)
      .set({ state: "scheduled", scheduledAt: when, updatedAt: now })
      .where(and(eq(newsletterIssues.id, id), inArray(newsletterIssues.state, ["draft", "scheduled"])))
      .returning({ id: newsletterIssues.id });
    if (!moved) throw new ConflictError(ALREADY_SENT);
    return { message: "Envoi programmé.", issue: await getIssue(db, id) };
  }
  const total = await db.transaction((tx) => startIssue(tx, id, row.state as "draft" | "scheduled", now));
  if (total === null) throw new ConflictError(ALREADY_SENT);
  return { message: `Envoi commencé pour ${plural(total, "abonné", "abonnés")}.`, issue: await getIssue(db, id) };
}

/** A scheduled issue back to draft. */
export async function unscheduleIssue(db: Db, id: string, now = new Date()): Promise<{ message: string; issue: IssueDetail }> {
  const [row] = await db
    .update(newsletterIssues)
    .set({ state: "draft", scheduledAt: null, updatedAt: now })
    .where(sql`${newsletterIssues.id} = ${id} and ${newsletterIssues.state} = 'scheduled'`)
    .returning();
  if (!row) {
    await rowOf(db, id);
    throw new ConflictError("Seul un numéro programmé peut être déprogrammé.");
  }
  return { message: "Envoi déprogrammé\u00a0: le numéro est redevenu un brouillon.", issue: await detail(db, row) };
}

/** The public archive: issues that went out, newest first. */
const archived = (r: typeof newsletterIssues.$inferSelect) => ({
  number: r.number!,
  subject: r.subject,
  intro: r.intro,
  sentAt: (r.sentAt ?? r.updatedAt).toISOString(),
  items: r.items,
});

export async function archivedIssues(db: Db) {
  const rows = await db.select().from(newsletterIssues).where(eq(newsletterIssues.state, "sent")).orderBy(desc(newsletterIssues.number));
  return rows.map(archived);
}

/** One issue that went out, by its number (null: none, or not sent). */
export async function archivedIssue(db: Db, number: number) {
  const [row] = await db
    .select()
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.state, "sent"), eq(newsletterIssues.number, number)));
  return row ? archived(row) : null;
}
