import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** Where a subscription stands: waiting for its confirmation link, receiving the letter, or gone. */
export const SUBSCRIBER_STATES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberState = (typeof SUBSCRIBER_STATES)[number];

/** Which form asked for it (the footer of every page, the /lettre page, a member's profile). */
export const SUBSCRIBER_SOURCES = ["footer", "lettre", "profile"] as const;
export type SubscriberSource = (typeof SUBSCRIBER_SOURCES)[number];

/**
 * Subscribers of the newsletter (« Lettre d'information », api/modules/newsletter). One row per address, kept
 * through unsubscription (the record that they left); deleted by an admin on request, and by the purge when a
 * subscription stays unconfirmed for 7 days. Only the SHA-256 of the confirmation token is stored; unsubscribe
 * links carry an HMAC of the id, so nothing here can be turned into a working link.
 */
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: text("id").primaryKey(),
    /** Lower-cased address; one row per address. */
    email: text("email").notNull().unique(),
    /** The member who subscribed from their profile (or whose account has this address), if any. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    state: text("state", { enum: SUBSCRIBER_STATES }).notNull().default("pending"),
    /** Hex SHA-256 of the token of the last confirmation link; cleared once confirmed. */
    confirmTokenHash: text("confirm_token_hash").unique(),
    /** The consent sentence shown next to the form, as the subscriber saw it, and when they agreed. */
    consentText: text("consent_text").notNull(),
    consentAt: integer("consent_at", { mode: "timestamp_ms" }).notNull(),
    source: text("source", { enum: SUBSCRIBER_SOURCES }).notNull(),
    /** Last subscription request: the 7-day purge of unconfirmed rows counts from it. */
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    unsubscribedAt: integer("unsubscribed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    // The admins' list, newest first, all or by state (the id breaks ties: api/lib/list-query.ts); the state
    // index also serves the sending half (confirmed subscribers) and the purge (pending by request time).
    index("newsletter_subscribers_created_idx").on(t.createdAt, t.id),
    index("newsletter_subscribers_state_created_idx").on(t.state, t.createdAt, t.id),
    index("newsletter_subscribers_state_requested_idx").on(t.state, t.requestedAt),
    index("newsletter_subscribers_user_idx").on(t.userId),
  ],
);

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
