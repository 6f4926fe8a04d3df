import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { events } from "./events";
import { users } from "./users";

/**
 * pending: a visitor's address not confirmed yet (a mailed link, valid until `pendingUntil`; `holdsPlace` when a
 * place is held for them meanwhile); confirmed: has a place; waiting: on the waiting list at `waitingPosition`;
 * cancelled: kept so a link still answers.
 */
export type RegistrationState = "pending" | "confirmed" | "waiting" | "cancelled";

/**
 * People registered for an event (issue 22, api/modules/registrations/). Personal data (name, e-mail, answer)
 * are deleted REGISTRATION_RETENTION_DAYS after the event (retention.ts).
 */
export const eventRegistrations = sqliteTable(
  "event_registrations",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** As typed (shown and mailed). */
    email: text("email").notNull(),
    /** Lower-cased e-mail: one registration per person and event, whatever the case typed. */
    emailKey: text("email_key").notNull(),
    /** The member's account when they registered signed in with their own address. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    answer: text("answer").notNull().default(""),
    state: text("state").$type<RegistrationState>().notNull(),
    /** 1 for the first person waiting; null unless waiting. */
    waitingPosition: integer("waiting_position"),
    /** SHA-256 of the personal cancel link's token (the token itself is only in the mail). */
    cancelTokenHash: text("cancel_token_hash").notNull().unique(),
    checkedInAt: integer("checked_in_at", { mode: "timestamp_ms" }),
    /** When the day-before reminder was queued (sent once, whatever restarts happen). */
    reminderAt: integer("reminder_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** Pending only: SHA-256 of the token of the link that confirms the address (issue 30 §4). */
    confirmTokenHash: text("confirm_token_hash").unique(),
    /** Pending only: when the confirmation link lapses and the held place (if any) is released. */
    pendingUntil: integer("pending_until", { mode: "timestamp_ms" }),
    /** Pending only: a place is held for this person until `pendingUntil` (else they join the waiting list once confirmed). */
    holdsPlace: integer("holds_place", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [
    uniqueIndex("event_registrations_event_email_idx").on(t.eventId, t.emailKey),
    // Counting places and finding the first person waiting.
    index("event_registrations_event_state_idx").on(t.eventId, t.state, t.waitingPosition),
    index("event_registrations_user_idx").on(t.userId),
    // The release of lapsed holds (api/modules/registrations/jobs.ts).
    index("event_registrations_pending_idx").on(t.pendingUntil).where(sql`${t.state} = 'pending'`),
    index("event_registrations_reminder_idx").on(t.state, t.reminderAt).where(sql`${t.reminderAt} is null`),
  ],
);

export type RegistrationRow = typeof eventRegistrations.$inferSelect;
