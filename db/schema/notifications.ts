import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * What happened, for whom (api/modules/notifications): a member's article or media waits for approval, a contact
 * message arrived (one row per admin), an author's article or media was approved or put online (one row per author).
 */
export const NOTIFICATION_KINDS = [
  "article-submitted",
  "media-submitted",
  "contact-received",
  "article-approved",
  "article-online",
  "media-approved",
  "media-online",
  // Issue 32 §3: a member's edit of a published article waits (admins); an admin refused or approved it (authors).
  "article-edit-submitted",
  "article-edit-refused",
  "article-edit-approved",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Notification events, written in the same transaction as the change that causes them and turned into one digest
 * mail per recipient by the digest job, which marks them sent in the transaction that enqueues the mail.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<NotificationKind>().notNull(),
    /** The article, media or contact message the event is about (it may be gone when the digest is made). */
    itemId: text("item_id").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** When a digest took the event (null: not yet); also the recipient's last digest, for the 10-minute rule. */
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    // The digest job's scan (unsent events, oldest first) and each recipient's last digest.
    index("notifications_unsent_idx").on(t.sentAt, t.createdAt),
    index("notifications_recipient_idx").on(t.recipientId, t.sentAt),
  ],
);

/** The choices of the profile's « Notifications »: what a member may switch off (admins see all four). */
export const NOTIFICATION_TOPICS = ["articles", "media", "submissions", "contact"] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/**
 * Topics a member switched off. Only the « off » choices are stored: every notification is on by default, and a
 * topic added later is on for everyone without a migration.
 */
export const notificationOptOuts = sqliteTable(
  "notification_opt_outs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    topic: text("topic").$type<NotificationTopic>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);
