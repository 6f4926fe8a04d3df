import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Where a message is in its life: waiting (first try or a retry), in the hands of a worker, accepted, given up;
 * or held by a restore until an administrator resumes sending (api/modules/mail/hold.ts). A plain text column:
 * a new state needs no migration.
 */
export type MailState = "pending" | "sending" | "sent" | "failed" | "held";

/** A file joined to a message: a name, a media type and its text content (an .ics, a CSV). */
export type MailAttachment = { filename: string; contentType: string; content: string };

/**
 * The outbox: every message the site sends, written in the same transaction as the change that causes it
 * (api/modules/mail/service.ts `enqueueMail`) and delivered later by one worker (api/modules/mail/delivery.ts).
 * Rows are kept after delivery: they are the admins' record of what left and what the server answered.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    /** What kind of message: "test", later "password-reset", "notification", "newsletter"… (a code, not shown as is). */
    kind: text("kind").notNull(),
    /**
     * Optional idempotency key given by the feature (e.g. "newsletter:<issue>:<subscriber>"): a second enqueue with
     * the same key returns the first row instead of writing another message.
     */
    dedupeKey: text("dedupe_key").unique(),
    /** The sender, formatted (« L'Institut <contact@…> »), fixed at enqueue so admins read what is sent. */
    fromHeader: text("from_header").notNull(),
    toAddress: text("to_address").notNull(),
    /** Display name of the recipient, on one line (control characters neutralised at enqueue). */
    toName: text("to_name").notNull().default(""),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Extra headers (List-Unsubscribe…), checked at enqueue: names are tokens, values single lines. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    /** Files joined to the message (an event's .ics…): small texts kept with the row, checked at enqueue. */
    attachments: text("attachments", { mode: "json" }).$type<MailAttachment[]>().notNull().default(sql`'[]'`),
    /** `<random.time@domain of MAIL_FROM>`, made at enqueue and sent with every attempt: the receiving side can deduplicate. */
    messageId: text("message_id").notNull().unique(),
    state: text("state").$type<MailState>().notNull().default("pending"),
    /** Attempts started (counted when a worker claims the row, so a message that crashes the sender is not retried forever). */
    attempts: integer("attempts").notNull().default(0),
    /** When a pending message may be tried (now at enqueue, later after a failure). */
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    /** While sending: when the claim lapses and another worker may take the row (a crashed worker's message). */
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    /** The last failure, in French, with the server's or the system's own words. */
    lastError: text("last_error"),
    /** The server's final answer to the message (e.g. "250 2.0.0 Ok: queued as 4F2A1"). */
    response: text("response"),
    /** Recipients the server accepted. */
    accepted: text("accepted", { mode: "json" }).$type<string[]>(),
    /** Folded recipient and subject (db/fold.ts), for the admins' search. */
    searchKey: text("search_key").notNull().default(""),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /**
     * How many secret links (a reset, an invitation, a confirmation or a cancel link) this copy holds masked: their
     * tokens live in `mail_secrets` until the message is delivered, never in this row (issue 30 §4).
     */
    masked: integer("masked").notNull().default(0),
    /** What a masked link opens, for the feature (a member's, subscriber's or registration's id): « Renvoyer » makes a fresh link for it. */
    linkRef: text("link_ref"),
  },
  (t) => [
    // The worker's claim: due pending rows, and lapsed claims.
    index("mail_outbox_due_idx").on(t.state, t.nextAttemptAt),
    // The admins' list, newest first, all or by state (the id breaks ties: api/lib/list-query.ts).
    index("mail_outbox_created_idx").on(t.createdAt, t.id),
    index("mail_outbox_state_created_idx").on(t.state, t.createdAt, t.id),
  ],
);

export type MailRow = typeof mailOutbox.$inferSelect;

/**
 * The secret part of a message's links (a token), kept apart from the copy admins read (issue 30 §4): the outbox
 * row holds `marker` where the token was; the delivery worker puts the token back into what it hands to the SMTP
 * server, then deletes it once the server has accepted the message. A secret whose link would have expired anyway
 * is deleted at `expires_at` (a message not sent by then is failed: « Renvoyer » makes a fresh link).
 */
export const mailSecrets = sqliteTable(
  "mail_secrets",
  {
    mailId: text("mail_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    /** The placeholder written in the copy (« ⟦lien masqué:…⟧ »), unique per message. */
    marker: text("marker").notNull(),
    value: text("value").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailId, t.marker] }), index("mail_secrets_expires_idx").on(t.expiresAt)],
);

export type MailSecretRow = typeof mailSecrets.$inferSelect;
