/**
 * The links' tokens: 32 random bytes (256 bits) in base64url; the database keeps their SHA-256 only, so its
 * content cannot be turned back into a usable link. A token is looked up by its hash (an index hit, no compare of
 * secrets in the code) and spent by one UPDATE that only succeeds while it is unused and unexpired.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { accountTokens, type AccountTokenKind, type AccountTokenRow } from "../../../db/schema";
import { hashSecret } from "../../lib/session";

/** How long each kind of link stays valid: a reset is used at once; an invitation waits for the new member. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenKind, number> = {
  "password-reset": 30 * 60_000,
  invitation: 7 * 24 * 60 * 60_000,
};

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A fresh token and its hash. Made for every request, known account or not, so both cost the same work. */
export async function newToken(): Promise<{ token: string; hash: string }> {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  return { token, hash: await hashSecret(token) };
}

/** Whether a string can be one of our tokens (anything else is refused before the database is asked). */
export const isTokenShaped = (token: string) => TOKEN_SHAPE.test(token);

/** Stores a token's hash for `userId`; returns the row's id (the mail's idempotency key names it). */
export async function storeToken(db: Db | Tx, userId: string, kind: AccountTokenKind, hash: string, now: Date): Promise<string> {
  const id = newId();
  await db.insert(accountTokens).values({ id, userId, kind, tokenHash: hash, createdAt: now, expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[kind]) });
  return id;
}

export async function findToken(db: Db, token: string): Promise<AccountTokenRow | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await db.select().from(accountTokens).where(eq(accountTokens.tokenHash, await hashSecret(token))).limit(1);
  return row ?? null;
}

/**
 * Spends the token `id` and cancels every other outstanding link of its member, in `tx`. False when it was spent
 * or expired in the meantime (two tabs submitting the same link: only one wins).
 */
export async function spendToken(tx: Tx, row: AccountTokenRow, now: Date): Promise<boolean> {
  const spent = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, row.id), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning({ id: accountTokens.id });
  if (spent.length === 0) return false;
  await tx.update(accountTokens).set({ usedAt: now }).where(and(eq(accountTokens.userId, row.userId), isNull(accountTokens.usedAt)));
  return true;
}

/**
 * Cancels every outstanding link of a member (a reset or an invitation): called when their password or e-mail
 * changes, so a link mailed before (perhaps to an address that is no longer theirs) cannot set the password after.
 */
export async function cancelOutstandingLinks(db: Db | Tx, userId: string, now = new Date()): Promise<void> {
  await db.update(accountTokens).set({ usedAt: now }).where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
}
