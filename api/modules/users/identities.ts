/**
 * A member's account bound to an outside identity (Google): who signs in is decided by the provider's stable
 * subject (`sub`), never by the e-mail the profile holds today. Used by Google sign-in (api/modules/auth/google.ts)
 * and by the member's own « Compte Google associé » (./google-link.ts).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { userIdentities, users, type IdentityProvider, type UserIdentityRow, type UserRow } from "../../../db/schema";

/** The member a provider's subject is linked to, or null when that subject was never linked. */
export async function memberOfIdentity(db: Db, provider: IdentityProvider, subject: string): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.user ?? null;
}

/** The member's link to `provider`, or null. */
export async function identityOf(db: Db, userId: string, provider: IdentityProvider): Promise<UserIdentityRow | null> {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
    .limit(1);
  return row ?? null;
}

/**
 * Links `subject` to the member. Returns false, writing nothing, when that subject is already someone's or the
 * member already has a link to this provider (both unique in the table, so two sign-ins at once cannot make two).
 */
export async function linkIdentity(
  db: Db,
  link: { provider: IdentityProvider; subject: string; userId: string; email: string },
  now = new Date(),
): Promise<boolean> {
  const inserted = await db
    .insert(userIdentities)
    .values({ ...link, linkedAt: now })
    .onConflictDoNothing()
    .returning({ subject: userIdentities.subject });
  return inserted.length === 1;
}

/** Removes the member's link to `provider`; true when there was one. */
export async function unlinkIdentity(db: Db, userId: string, provider: IdentityProvider): Promise<boolean> {
  const removed = await db
    .delete(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
    .returning({ subject: userIdentities.subject });
  return removed.length > 0;
}
