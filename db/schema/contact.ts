import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Messages sent through the contact form; stored so that nothing a visitor sends is lost. */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** Sender address, kept for abuse handling only. */
    ip: text("ip").notNull().default(""),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
  },
  // The id breaks ties of the list's order (api/lib/list-query.ts).
  (t) => [index("contact_created_idx").on(t.createdAt, t.id)],
);
