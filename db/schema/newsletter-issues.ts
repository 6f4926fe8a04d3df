import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** Where an issue stands: being written, waiting for its minute, leaving in batches, gone to every recipient. */
export const ISSUE_STATES = ["draft", "scheduled", "sending", "sent"] as const;
export type IssueState = (typeof ISSUE_STATES)[number];

/**
 * One entry of an issue: a public article or event as it was when the admin saved the issue (a snapshot, so the
 * archive keeps saying what was sent). `href` and `picture` are site paths, never addresses given by a person.
 */
export type IssueItem = {
  kind: "article" | "event" | "media";
  id: string;
  title: string;
  excerpt: string;
  href: string;
  picture: string | null;
  /** The event's start (ISO), for the line « le 3 décembre » ; null for articles. */
  date: string | null;
  /**
   * The picture as a mail shows it (a JPEG made for mail, api/lib/uploads/mail-picture.ts) with its size, so the
   * mail can say width and height; absent in issues saved before mail pictures, or without a picture.
   */
  mailPicture?: { src: string; width: number; height: number } | null;
};

/**
 * Issues (« numéros ») of the newsletter (api/modules/newsletter-issues). `number` is given when the sending starts
 * (1, 2, 3…: the archive's order and address, /lettre/archives/3).
 */
export const newsletterIssues = sqliteTable(
  "newsletter_issues",
  {
    id: text("id").primaryKey(),
    number: integer("number").unique(),
    subject: text("subject").notNull(),
    intro: text("intro").notNull().default(""),
    items: text("items", { mode: "json" }).$type<IssueItem[]>().notNull(),
    state: text("state", { enum: ISSUE_STATES }).notNull().default("draft"),
    /** When a scheduled issue starts (UTC instant of the minute the admin chose in Africa/Dakar time). */
    scheduledAt: integer("scheduled_at", { mode: "timestamp_ms" }),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** While sending: when the next batch may be moved to the outbox (the configured rate). */
    nextBatchAt: integer("next_batch_at", { mode: "timestamp_ms" }),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("newsletter_issues_state_idx").on(t.state, t.scheduledAt)],
);

/**
 * The recipients of an issue, fixed when its sending starts (the confirmed subscribers of that moment): one row
 * per (issue, subscriber), so nobody can be listed twice. `mail_id` is set in the same transaction that writes the
 * copy to the outbox: a row without it has not been sent yet, a row with it never will be again.
 */
export const newsletterIssueRecipients = sqliteTable(
  "newsletter_issue_recipients",
  {
    issueId: text("issue_id").notNull().references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: text("subscriber_id").notNull(),
    mailId: text("mail_id"),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.subscriberId] }), index("newsletter_issue_recipients_todo_idx").on(t.issueId, t.mailId)],
);

export type IssueRow = typeof newsletterIssues.$inferSelect;
