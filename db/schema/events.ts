import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { foldFirst, foldSecond } from "../fold";
import { themes } from "./themes";
import { users } from "./users";

export const events = sqliteTable(
  "events",
  {
    id: text("id").primaryKey(),
    title: text("title").notNull(),
    /** Slug used in /event/{url}. */
    url: text("url").notNull().unique(),
    location: text("location").notNull().default(""),
    startDate: integer("start_date", { mode: "timestamp_ms" }).notNull(),
    /** Falls back to the start when the event has no end of its own. */
    endDate: integer("end_date", { mode: "timestamp_ms" }).notNull(),
    txtContent: text("txt_content").notNull().default(""),
    htmlContent: text("html_content").notNull().default(""),
    keywords: text("keywords", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /** New events are online by default (spec). */
    online: integer("online", { mode: "boolean" }).notNull().default(true),
    /** Registration (issue 22, api/modules/registrations/): closed unless an admin opens it. */
    registrationOpen: integer("registration_open", { mode: "boolean" }).notNull().default(false),
    /** Who may register: anyone, or signed-in members only. */
    registrationAudience: text("registration_audience").$type<"everyone" | "members">().notNull().default("everyone"),
    /** Confirmed places; null: no limit (nobody waits). */
    registrationCapacity: integer("registration_capacity"),
    /** After this instant nobody may register (before the start; null: until the start). */
    registrationClosesAt: integer("registration_closes_at", { mode: "timestamp_ms" }),
    /** A free-text question put to registrants ("" for none). */
    registrationQuestion: text("registration_question").notNull().default(""),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    /** « Mettre en ligne le » (issue 20 §5): at this minute the server puts the event online and rebuilds; null when none. */
    publishAt: integer("publish_at", { mode: "timestamp_ms" }),
    /** Sort and search key (folded title in two stages, see db/fold.ts); computed, never written. */
    titleFold: text("title_fold").generatedAlwaysAs(foldFirst("title"), { mode: "virtual" }),
    titleKey: text("title_key").generatedAlwaysAs(foldSecond("title_fold"), { mode: "virtual" }),
  },
  (t) => [
    index("events_online_start_idx").on(t.online, t.startDate),
    // One index per sort of the back office's list, ending with the id that breaks ties (api/lib/list-query.ts).
    index("events_start_idx").on(t.startDate, t.id),
    index("events_title_key_idx").on(t.titleKey, t.id),
    index("events_created_idx").on(t.createdAt, t.id),
    // The « à venir » / « passés » filter of the back office (an event is past once it has ended).
    index("events_end_idx").on(t.endDate, t.id),
    index("events_publish_at_idx").on(t.publishAt).where(sql`publish_at is not null`),
  ],
);

export const eventOrganizers = sqliteTable(
  "event_organizers",
  {
    eventId: text("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("event_organizers_user_idx").on(t.userId)],
);

export const eventThemes = sqliteTable(
  "event_themes",
  {
    eventId: text("event_id").notNull().references(() => events.id, { onDelete: "cascade" }),
    themeId: text("theme_id").notNull().references(() => themes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.themeId] }), index("event_themes_theme_idx").on(t.themeId)],
);

export type EventRow = typeof events.$inferSelect;
