/**
 * The one way a feature sends mail: `enqueueMail` writes the message to the outbox inside the caller's
 * transaction, so the message exists exactly when the change that causes it does (a rolled-back change sends
 * nothing; a committed one loses nothing). Delivery is the worker's job (delivery.ts); no feature talks to SMTP.
 *
 *   await db.transaction(async (tx) => {
 *     await tx.update(users).set({ … });
 *     await enqueueMail(tx, deps.env, { kind: "password-reset", to: { name, address }, ...renderMail(deps.env, content) });
 *   });
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { foldText } from "../../../db/fold";
import { newId } from "../../../db/ids";
import { mailOutbox, mailSecrets, type MailAttachment } from "../../../db/schema";
import type { Env } from "../../env";
import { BadRequestError } from "../../lib/errors";
import { domainOf, isMailAddress, oneLine, parseSender, type MailSender } from "../../lib/mail-address";
import { maskParts, type MailSecret } from "./secrets";

/** The database or a transaction of it (`db.transaction(async (tx) => …)`): the message commits with the caller's change. */
export type DbOrTx = Pick<Db, "insert" | "select">;

/** A recipient: an address, or an address with a display name (neutralised to one line). */
export type MailRecipient = string | { name?: string | null; address: string };

/** A message as a feature hands it over; `renderMail` (render.tsx) gives `subject`, `html` and `text`. */
export type OutgoingMail = {
  /** Lower-case code of the feature's message ("test", "password-reset", "newsletter"…), for admins and queries. */
  kind: string;
  /** One recipient per message: each is delivered, retried and recorded on its own. */
  to: MailRecipient;
  subject: string;
  html: string;
  text: string;
  /** Extra headers: `List-Unsubscribe`, `List-Unsubscribe-Post`, `Reply-To`… (not From, To, Subject, Message-ID…). */
  headers?: Record<string, string>;
  /**
   * Idempotency key: a second enqueue with the same key writes nothing and returns the first message (a newsletter
   * resumed after a crash: "newsletter:<issue>:<subscriber>").
   */
  key?: string;
  /** Small text files joined to the message (an event's .ics): kept with the row, at most 5 and 200 KB each. */
  attachments?: MailAttachment[];
  /**
   * The secret parts of the message's links (their tokens) and when those links lapse: masked in the copy admins
   * read, given back to the SMTP server only (secrets.ts, issue 30 §4).
   */
  secrets?: MailSecret[];
  /** With `secrets`: the feature's item the link belongs to, for « Renvoyer » (resend.ts). */
  linkRef?: string;
};

/** What was queued: the row's id and its Message-ID; `created` is false when `key` named an existing message. */
export type QueuedMail = { id: string; messageId: string; created: boolean };

/** Headers the message itself owns: set from the row, never by a feature. */
const RESERVED = new Set([
  "from", "sender", "to", "cc", "bcc", "subject", "message-id", "date", "mime-version", "content-type",
  "content-transfer-encoding", "return-path", "received", "in-reply-to", "references",
]);

/** Largest body part accepted (a newsletter issue is a few hundred KB at most). */
const MAX_PART = 2_000_000;

function recipientOf(to: MailRecipient): { name: string; address: string } {
  const { name, address } = typeof to === "string" ? { name: "", address: to } : { name: to.name ?? "", address: to.address };
  const trimmed = address.trim();
  if (!isMailAddress(trimmed)) throw new BadRequestError(`Adresse e-mail du destinataire invalide\u00a0: «\u00a0${oneLine(trimmed).slice(0, 80)}\u00a0».`);
  return { name: oneLine(name).slice(0, 200), address: trimmed };
}

function checkedHeaders(headers: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[A-Za-z][A-Za-z0-9-]{0,60}$/.test(name) || RESERVED.has(name.toLowerCase())) {
      throw new BadRequestError(`En-tête de courriel non autorisé\u00a0: «\u00a0${oneLine(name).slice(0, 60)}\u00a0».`);
    }
    // A value is a feature's own data (an unsubscribe link…): a line break in it is a bug or an attack, refused.
    if (typeof value !== "string" || /\p{C}/u.test(value) || value.length > 2000) {
      throw new BadRequestError(`Valeur d'en-tête de courriel invalide\u00a0: «\u00a0${name}\u00a0».`);
    }
    if (name.toLowerCase() === "reply-to" && !parseSender(value)) throw new BadRequestError("Adresse de réponse (Reply-To) invalide.");
    out[name] = value;
  }
  return out;
}

/** Attachments are data, never paths or URLs (the transport also refuses file and URL access). */
function checkedAttachments(list: MailAttachment[] = []): MailAttachment[] {
  if (list.length > 5) throw new BadRequestError("Trop de pièces jointes (5 au plus).");
  return list.map((a) => {
    if (!/^[\p{L}\p{N}][\p{L}\p{N} ._-]{0,99}$/u.test(a.filename)) throw new BadRequestError("Nom de pièce jointe invalide.");
    if (!/^[a-z]+\/[a-z0-9.+-]+(; ?charset=utf-8)?$/i.test(a.contentType)) throw new BadRequestError("Type de pièce jointe invalide.");
    if (typeof a.content !== "string" || a.content.length > 200_000) throw new BadRequestError("Pièce jointe trop volumineuse.");
    return { filename: a.filename, contentType: a.contentType, content: a.content };
  });
}

/** « L'Institut <contact@…> », the name quoted when it holds characters that mean something in an address header. */
export function formatSender(sender: MailSender): string {
  if (!sender.name) return sender.address;
  const name = /[^\p{L}\p{N} '.-]/u.test(sender.name) ? `"${sender.name.replace(/["\\]/g, "")}"` : sender.name;
  return `${name} <${sender.address}>`;
}

/** A Message-ID made once per message (RFC 5322: unique, under a domain the sender controls). */
export function newMessageId(sender: MailSender, now: Date): string {
  return `<${newId()}.${now.getTime().toString(36)}@${domainOf(sender.address)}>`;
}

/**
 * Writes a message to the outbox, in `db`'s transaction when `db` is one. Refuses (400, French message) a bad
 * recipient address, a reserved or malformed header, an empty subject or body; neutralises line breaks in the
 * subject and the recipient's name, so no one can add a header or a recipient through them.
 */
export async function enqueueMail(
  db: DbOrTx,
  env: Pick<Env, "mailFrom">,
  mail: OutgoingMail,
  now: Date = new Date(),
): Promise<QueuedMail> {
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(mail.kind)) throw new BadRequestError("Type de courriel invalide.");
  const to = recipientOf(mail.to);
  const subject = oneLine(mail.subject).slice(0, 300);
  if (!subject) throw new BadRequestError("Le sujet du courriel est obligatoire.");
  if (!mail.text.trim() || !mail.html.trim()) throw new BadRequestError("Un courriel a toujours une partie HTML et une partie texte.");
  if (mail.text.length > MAX_PART || mail.html.length > MAX_PART) throw new BadRequestError("Courriel trop volumineux.");
  const headers = checkedHeaders(mail.headers);
  const attachments = checkedAttachments(mail.attachments);
  if (mail.key !== undefined && (mail.key.length === 0 || mail.key.length > 200)) throw new BadRequestError("Clé de courriel invalide.");
  const masked = maskParts(mail, mail.secrets);
  const row = {
    id: newId(),
    kind: mail.kind,
    dedupeKey: mail.key ?? null,
    fromHeader: formatSender(env.mailFrom),
    toAddress: to.address,
    toName: to.name,
    subject,
    html: masked.html,
    text: masked.text,
    masked: masked.secrets.length,
    linkRef: masked.secrets.length ? (mail.linkRef ?? null) : null,
    headers,
    attachments,
    messageId: newMessageId(env.mailFrom, now),
    state: "pending" as const,
    nextAttemptAt: now,
    searchKey: foldText(`${to.name} ${to.address} ${subject}`),
    createdAt: now,
    updatedAt: now,
  };
  const [inserted] = await db
    .insert(mailOutbox)
    .values(row)
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id, messageId: mailOutbox.messageId });
  if (inserted) {
    if (masked.secrets.length) await db.insert(mailSecrets).values(masked.secrets.map((s) => ({ mailId: inserted.id, ...s })));
    return { ...inserted, created: true };
  }
  const [existing] = await db
    .select({ id: mailOutbox.id, messageId: mailOutbox.messageId })
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, mail.key!));
  return { ...existing!, created: false };
}
