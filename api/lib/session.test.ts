import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import { makeUser } from "../testing/factory";
import { createHarness, type Harness } from "../testing/harness";
import {
  createSession,
  invalidateOtherSessions,
  SESSION_LIFETIME_MS,
  validateSessionToken,
} from "./session";

describe("sessions", () => {
  let h: Harness;
  let userId: string;
  beforeAll(async () => {
    h = await createHarness();
    userId = (await makeUser(h.database.db)).id;
  });
  afterAll(() => h.close());

  it("validates a token it created and returns its user", async () => {
    const { token } = await createSession(h.database.db, userId);
    const valid = await validateSessionToken(h.database.db, token);
    expect(valid?.user.id).toBe(userId);
  });

  it("stores only a hash of the secret, never the token", async () => {
    const { token, session } = await createSession(h.database.db, userId);
    const secret = token.split(".")[1]!;
    const rows = await h.database.db.select().from(sessions);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(session.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a wrong secret of the right length", async () => {
    const { token } = await createSession(h.database.db, userId);
    const [id, secret] = token.split(".") as [string, string];
    const other = secret.replace(/^./, secret[0] === "a" ? "b" : "a");
    expect(other).toHaveLength(secret.length);
    expect(await validateSessionToken(h.database.db, `${id}.${other}`)).toBeNull();
  });

  it("refuses malformed tokens", async () => {
    for (const t of ["", "abc", "a.b.c", ".", "x".repeat(300)]) {
      expect(await validateSessionToken(h.database.db, t)).toBeNull();
    }
  });

  it("expires a session after thirty days and deletes it", async () => {
    const created = new Date("2026-01-01T00:00:00Z");
    const { token, session } = await createSession(h.database.db, userId, created);
    const later = new Date(created.getTime() + SESSION_LIFETIME_MS + 1);
    expect(await validateSessionToken(h.database.db, token, later)).toBeNull();
    const left = await h.database.db.select().from(sessions);
    expect(left.find((s) => s.id === session.id)).toBeUndefined();
  });

  it("slides the expiry when a session is used in its second half", async () => {
    const created = new Date("2026-03-01T00:00:00Z");
    const { token } = await createSession(h.database.db, userId, created);
    const day20 = new Date(created.getTime() + 20 * 86_400_000);
    const valid = await validateSessionToken(h.database.db, token, day20);
    expect(valid!.session.expiresAt.getTime()).toBe(day20.getTime() + SESSION_LIFETIME_MS);
    const day45 = new Date(created.getTime() + 45 * 86_400_000);
    expect(await validateSessionToken(h.database.db, token, day45)).not.toBeNull();
  });

  it("ends the other sessions of a user but keeps the current one", async () => {
    const a = await createSession(h.database.db, userId);
    const b = await createSession(h.database.db, userId);
    await invalidateOtherSessions(h.database.db, userId, a.session.id);
    expect(await validateSessionToken(h.database.db, a.token)).not.toBeNull();
    expect(await validateSessionToken(h.database.db, b.token)).toBeNull();
  });
});
