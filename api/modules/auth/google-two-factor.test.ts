import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../lib/session";
import { makeUser } from "../../testing/factory";
import type { Harness } from "../../testing/harness";
import { googleHarness, googleSignIn } from "./google-test-kit";
import { enrolTotp, loginCode, totpCode } from "./two-factor-test-kit";

// Google proves the first factor only: a member with two-factor still types a code (local OpenID server as Google).
describe("Google sign-in of a member with two-factor", () => {
  let google: Awaited<ReturnType<typeof googleHarness>>;
  let h: Harness;

  beforeAll(async () => {
    google = await googleHarness();
    h = google.h;
  });
  afterAll(() => google.stop());

  it("answers with the code step, not a session, then signs in with the code", async () => {
    const member = await makeUser(h.database.db, { nickname: "yacine" });
    google.as({ email: member.email });
    const { secret } = await enrolTotp(h, (await createSession(h.database.db, member.id)).token);
    const first = await googleSignIn(h);
    expect(first.status).toBe(200);
    expect(first.json.secondFactor).toBe(true);
    expect(first.json.token).toBeUndefined();
    expect(first.cookie ?? "").not.toContain("session=");
    const done = await loginCode(h, first.json.pendingToken, totpCode(secret, 1));
    expect(done.status).toBe(200);
    expect(done.json.user.nickname).toBe("yacine");
  });

  it("still signs a member without two-factor straight in", async () => {
    const member = await makeUser(h.database.db, { nickname: "zeynab" });
    google.as({ email: member.email });
    const res = await googleSignIn(h);
    expect(res.status).toBe(200);
    expect(res.json.token).toBeTruthy();
  });
});
