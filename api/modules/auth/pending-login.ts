/**
 * The half-way token between a right password (or Google) and the second factor. Made like a session token
 * (`<id>.<secret>`, only the secret's hash stored) but good for nothing except POST /api/auth/login/code: it is not
 * a session, lives 5 minutes, and is deleted when it is used or after too many wrong codes.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { pendingLogins, users, type UserRow } from "../../../db/schema";
import { constantTimeEqual, hashSecret, randomString } from "../../lib/session";

export const PENDING_LOGIN_TTL_MS = 5 * 60_000;
/** Wrong codes one pending login takes before the password must be given again. */
export const PENDING_LOGIN_MAX_ATTEMPTS = 5;

export type PendingLogin = { token: string; expiresAt: Date };

export async function createPendingLogin(db: Db, userId: string, now = new Date()): Promise<PendingLogin> {
  const id = randomString();
  const secret = randomString();
  const expiresAt = new Date(now.getTime() + PENDING_LOGIN_TTL_MS);
  // Expired rows of anyone are swept here: the table only grows by sign-ins that stopped half-way.
  await db.delete(pendingLogins).where(lt(pendingLogins.expiresAt, now));
  await db.insert(pendingLogins).values({ id, userId, secretHash: await hashSecret(secret), attempts: 0, expiresAt });
  return { token: `${id}.${secret}`, expiresAt };
}

/** The pending login and its member behind a token, or null when unknown, wrong or expired. */
export async function findPendingLogin(db: Db, token: string, now = new Date()): Promise<{ id: string; user: UserRow } | null> {
  const [id, secret, extra] = token.split(".");
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const [row] = await db
    .select({ pending: pendingLogins, user: users })
    .from(pendingLogins)
    .innerJoin(users, eq(users.id, pendingLogins.userId))
    .where(eq(pendingLogins.id, id))
    .limit(1);
  if (!row || !constantTimeEqual(await hashSecret(secret), row.pending.secretHash)) return null;
  if (row.pending.expiresAt.getTime() <= now.getTime()) {
    await db.delete(pendingLogins).where(eq(pendingLogins.id, id));
    return null;
  }
  return { id, user: row.user };
}

/** Uses the token up. False when another request used it first: only one session comes out of it. */
export async function consumePendingLogin(db: Db, id: string): Promise<boolean> {
  const gone = await db.delete(pendingLogins).where(eq(pendingLogins.id, id)).returning({ id: pendingLogins.id });
  return gone.length === 1;
}

/**
 * Takes one of the pending login's code attempts BEFORE the code is checked (issue 30 §3: counted after the check,
 * 30 parallel guesses all passed the count of 0 and were all evaluated). One conditional UPDATE, so parallel
 * requests cannot take more than PENDING_LOGIN_MAX_ATTEMPTS between them. False when none is left: the token is
 * then spent, even for the right code.
 */
export async function takeCodeAttempt(db: Db, id: string): Promise<boolean> {
  const taken = await db
    .update(pendingLogins)
    .set({ attempts: sql`${pendingLogins.attempts} + 1` })
    .where(and(eq(pendingLogins.id, id), lt(pendingLogins.attempts, PENDING_LOGIN_MAX_ATTEMPTS)))
    .returning({ attempts: pendingLogins.attempts });
  return taken.length === 1;
}

/** After a wrong code: the token is dropped once its last attempt is used. */
export async function dropIfSpent(db: Db, id: string): Promise<void> {
  await db.delete(pendingLogins).where(and(eq(pendingLogins.id, id), gte(pendingLogins.attempts, PENDING_LOGIN_MAX_ATTEMPTS)));
}
