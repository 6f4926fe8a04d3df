import { t, type Static } from "elysia";
import { listPageSchema, listQuerySchema } from "../../lib/list-query";

export const MAIL_STATES = ["pending", "sending", "sent", "failed", "held"] as const;

export const MailStateSchema = t.Union(MAIL_STATES.map((s) => t.Literal(s)) as [ReturnType<typeof t.Literal<(typeof MAIL_STATES)[number]>>], {
  error: "État inconnu (pending, sending, sent, failed ou held).",
});

/** A row of the « Courriels » list. */
export const MailSummary = t.Object({
  _id: t.String(),
  /** The feature's code ("test", "password-reset"…). */
  kind: t.String(),
  to: t.String(),
  toName: t.String(),
  subject: t.String(),
  state: MailStateSchema,
  attempts: t.Number(),
  lastError: t.Nullable(t.String()),
  createdAt: t.String(),
  /** When it is tried next (pending only). */
  nextAttemptAt: t.Nullable(t.String()),
  sentAt: t.Nullable(t.String()),
  /** Secret links of the message shown « lien masqué » (their tokens are never in the copy: secrets.ts). */
  maskedLinks: t.Integer(),
  /** Whether « Renvoyer » can make the person a fresh link (resend.ts). */
  resendable: t.Boolean(),
  /** « Réessayer » applies: failed, and not replaced by « Renvoyer » (mail/resend.ts). */
  retryable: t.Boolean(),
});

export type MailSummary = Static<typeof MailSummary>;

/** One message in full, as admins read it. `html` is cleaned for display (no script, image or form). */
export const MailDetail = t.Object({
  ...MailSummary.properties,
  from: t.String(),
  messageId: t.String(),
  headers: t.Record(t.String(), t.String()),
  html: t.String(),
  text: t.String(),
  /** The server's answer to the accepted message. */
  response: t.Nullable(t.String()),
  accepted: t.Array(t.String()),
  updatedAt: t.String(),
});

export type MailDetail = Static<typeof MailDetail>;

/** GET /api/admin/mail: newest first, by state, searched through the recipient and the subject. */
export const MailQuery = listQuerySchema(["recent"] as const, { state: t.Optional(MailStateSchema) });

export type MailQuery = Static<typeof MailQuery>;

export const MailPage = t.Composite([
  listPageSchema(MailSummary),
  /** Whether a mail server is configured (SMTP_URL): without one, messages stay pending. */
  t.Object({ delivery: t.Boolean() }),
]);

export type MailPage = Static<typeof MailPage>;

/** The answer to « Réessayer », « Renvoyer » (`_id`: the new message) and « Envoyer un courriel de test ». */
export const MailQueuedAnswer = t.Object({ _id: t.String(), subject: t.String(), state: MailStateSchema, message: t.String() });

export type MailQueuedAnswer = Static<typeof MailQueuedAnswer>;
