import { integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** Outside sign-in providers a member's account can be bound to (only Google today). */
export const IDENTITY_PROVIDERS = ["google"] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

/**
 * A member's account bound to an outside identity: the provider's stable subject (`sub` of the ID token), never
 * the e-mail it reports, decides who signs in. One subject belongs to one member; a member has at most one link
 * per provider (both unique below).
 */
export const userIdentities = sqliteTable(
  "user_identities",
  {
    provider: text("provider", { enum: IDENTITY_PROVIDERS }).notNull(),
    /** The provider's `sub`: stable for the life of that account, unlike its e-mail. */
    subject: text("subject").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The e-mail the provider reported when the link was made, shown to the member. */
    email: text("email").notNull(),
    linkedAt: integer("linked_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), uniqueIndex("user_identities_user_provider_unique").on(t.userId, t.provider)],
);

export type UserIdentityRow = typeof userIdentities.$inferSelect;
