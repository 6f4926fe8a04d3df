import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** What a link sent by e-mail lets its holder do: choose a new password, or a first one (an admin's invitation). */
export const ACCOUNT_TOKEN_KINDS = ["password-reset", "invitation"] as const;
export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];

/**
 * Single-use links that set a member's password (api/modules/password-reset). Only the SHA-256 of the token is
 * stored: someone who reads this table (a backup, a leaked copy) cannot use a link that is still valid.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ACCOUNT_TOKEN_KINDS }).notNull(),
    /** Hex SHA-256 of the token the link carries. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** Set when the link was used, or when it was cancelled (another link used, the password set). */
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("account_tokens_user_idx").on(t.userId)],
);

export type AccountTokenRow = typeof accountTokens.$inferSelect;
