/**
 * Sessions after the Lucia guide: a token is `<id>.<secret>`, both random; the database keeps the id and the
 * SHA-256 of the secret only, so reading the table does not give anyone a usable token. Expiry slides: a session
 * used in its second half is extended to the full lifetime again.
 */
import { and, eq, lt, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, users, type SessionRow, type UserRow } from "../../db/schema";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"; // no look-alikes (l, o, 0, 1)

/** 24 characters from a 32-letter alphabet: 120 bits of entropy. */
export function randomString(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let out = "";
  for (const b of bytes) out += ALPHABET[b >> 3];
  return out;
}

export async function hashSecret(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  return Buffer.from(digest).toString("hex");
}

/** Compares two equal-length strings without an early exit, so timing does not reveal a matching prefix. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export async function createSession(db: Db, userId: string, now = new Date()): Promise<{ token: string; session: SessionRow }> {
  const id = randomString();
  const secret = randomString();
  const session: SessionRow = {
    id,
    userId,
    secretHash: await hashSecret(secret),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  };
  await db.insert(sessions).values(session);
  return { token: `${id}.${secret}`, session };
}

export type ValidSession = { session: SessionRow; user: UserRow };

/**
 * The two writes a session lookup may make: sliding the expiry and deleting an expired session. A process that
 * reads the database without writing it (a worker answering reads, api/lib/worker-api.ts) hands them to the
 * primary instead; everywhere else they are made here.
 */
export type SessionWrites = {
  extend(db: Db, id: string, expiresAt: Date): Promise<void>;
  remove(db: Db, id: string): Promise<void>;
};

export const directSessionWrites: SessionWrites = {
  async extend(db, id, expiresAt) {
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  },
  async remove(db, id) {
    await db.delete(sessions).where(eq(sessions.id, id));
  },
};

/** The session and user behind a token, or null when the token is malformed, unknown, wrong or expired. */
export async function validateSessionToken(
  db: Db,
  token: string,
  now = new Date(),
  writes: SessionWrites = directSessionWrites,
): Promise<ValidSession | null> {
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [id, secret] = parts as [string, string];
  if (!id || !secret || id.length > 64 || secret.length > 64) return null;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  if (!constantTimeEqual(await hashSecret(secret), row.session.secretHash)) return null;
  if (row.session.expiresAt.getTime() <= now.getTime()) {
    await writes.remove(db, id);
    return null;
  }
  if (row.session.expiresAt.getTime() - now.getTime() < SESSION_LIFETIME_MS / 2) {
    row.session.expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await writes.extend(db, id, row.session.expiresAt);
  }
  return row;
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user but one (after a password change the current device stays signed in). */
export async function invalidateOtherSessions(db: Db, userId: string, keepSessionId: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export const SESSION_COOKIE = "session";

/** Where a request carried its session token. */
export type TokenSource = { token: string; via: "bearer" | "cookie" };

/** The session token of a request: `Authorization: Bearer` (the spec's contract) first, then the cookie. */
export function readToken(request: Request): TokenSource | null {
  const auth = request.headers.get("authorization");
  if (auth?.startsWith("Bearer ")) {
    const token = auth.slice(7).trim();
    if (token) return { token, via: "bearer" };
  }
  const cookie = request.headers.get("cookie");
  if (cookie) {
    for (const part of cookie.split(";")) {
      const [k, ...v] = part.trim().split("=");
      if (k === SESSION_COOKIE && v.length) {
        const token = safeDecode(v.join("="));
        // A value that is not valid percent-encoding cannot be one of our tokens: anonymous, not a 500.
        return token ? { token, via: "cookie" } : null;
      }
    }
  }
  return null;
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}
