import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * One row per successful admin write (api/plugins/audit.ts writes them, no handler has to): who did what to which
 * item, and when. The actor's alias and the item's title are copied so an entry stays readable after that member
 * or that item is deleted.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    actor: text("actor").notNull(),
    /** create, update, delete, approve, online, read, rebuild. */
    action: text("action").notNull(),
    /** The route that did it, e.g. "PUT /api/admin/themes/:id". */
    route: text("route").notNull(),
    /** article, media, member, theme, event, contact, site. */
    itemKind: text("item_kind").notNull(),
    itemId: text("item_id"),
    /**
     * The item's title or name as it was at the time (read before a deletion). Empty for entries written before
     * it was kept (their summary names the item) and for items without a name (the site).
     */
    title: text("title").notNull().default(""),
    /** A few words naming the item and the outcome, in French (the title, "mis en ligne"...). */
    summary: text("summary").notNull().default(""),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  // The id breaks ties of the list's order (api/lib/list-query.ts).
  (t) => [index("audit_log_created_idx").on(t.createdAt, t.id)],
);

export type AuditRow = typeof auditLog.$inferSelect;
