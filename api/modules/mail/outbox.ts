/** What admins do with the outbox: read a message in full, send a failed one again, send themselves a test. */
import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { mailOutbox, type UserRow } from "../../../db/schema";
import type { Env } from "../../env";
import { ConflictError, NotFoundError } from "../../lib/errors";
import { mailHtmlForDisplay } from "./display";
import { REPLACED } from "./resend";
import { maskedText } from "./secrets";
import { mailSummary } from "./listing";
import type { MailDetail, MailQueuedAnswer } from "./model";
import { mailSite, renderMail } from "./render";
import { enqueueMail } from "./service";
import { testMailContent } from "./templates/test-mail";

const NOT_FOUND = "Courriel introuvable.";

export async function mailDetail(db: Db, id: string): Promise<MailDetail> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new NotFoundError(NOT_FOUND);
  return {
    ...mailSummary(row),
    from: row.fromHeader,
    messageId: row.messageId,
    headers: row.headers,
    // Masked links read « lien masqué » in both parts (secrets.ts).
    html: mailHtmlForDisplay(row.html),
    text: maskedText(row.text),
    response: row.response,
    accepted: row.accepted ?? [],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * « Réessayer »: a failed message goes back to pending, due now, with a fresh series of attempts; not one that
 * « Renvoyer » replaced (its link was dropped with it: sending it would mail a dead link).
 */
export async function retryMail(db: Db, id: string, now = new Date()): Promise<MailQueuedAnswer> {
  const [row] = await db
    .update(mailOutbox)
    .set({ state: "pending", attempts: 0, nextAttemptAt: now, leaseUntil: null, updatedAt: now })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, "failed"), or(isNull(mailOutbox.lastError), ne(mailOutbox.lastError, REPLACED))))
    .returning({ id: mailOutbox.id, subject: mailOutbox.subject });
  if (row) return { _id: row.id, subject: row.subject, state: "pending", message: "Courriel remis dans la file d'envoi." };
  const [exists] = await db.select({ lastError: mailOutbox.lastError }).from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!exists) throw new NotFoundError(NOT_FOUND);
  if (exists.lastError === REPLACED) throw new ConflictError("Ce courriel a été remplacé par un nouveau lien\u00a0: il ne partira pas.");
  throw new ConflictError("Seul un courriel en échec peut être renvoyé.");
}

/** « Envoyer un courriel de test »: to the admin who asks, at their account's address. */
export async function sendTestMail(db: Db, env: Pick<Env, "mailFrom" | "publicUrl" | "smtpUrl">, admin: UserRow): Promise<MailQueuedAnswer> {
  const rendered = renderMail(env, testMailContent(admin, mailSite(env).name));
  const queued = await enqueueMail(db, env, { kind: "test", to: { name: `${admin.firstname} ${admin.name}`, address: admin.email }, ...rendered });
  const where = `à ${admin.email}`;
  return {
    _id: queued.id,
    subject: rendered.subject,
    state: "pending",
    message: env.smtpUrl
      ? `Courriel de test en cours d'envoi ${where}.`
      : `Courriel de test placé dans la file ${where}\u00a0: aucun serveur d'envoi n'est configuré (SMTP_URL), il y restera.`,
  };
}
