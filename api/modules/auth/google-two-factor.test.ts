import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../lib/session";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { enrolTotp, loginCode, totpCode } from "./two-factor-test-kit";

// Google proves the first factor only: a member with two-factor still types a code (local OpenID server as Google).
describe("Google sign-in of a member with two-factor", () => {
  let oidc: OAuth2Server;
  let h: Harness;
  let email = "";

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate("RS256");
    await oidc.start(0, "127.0.0.1");
    oidc.service.on("beforeTokenSigning", (token) => {
      token.payload.email = email;
      token.payload.email_verified = true;
      // One Google account per address: Google sign-in binds a member to the subject (issue 18 §1).
      token.payload.sub = `sub-${email}`;
    });
    h = await createHarness({
      GOOGLE_CLIENT_ID: "institut-client",
      GOOGLE_CLIENT_SECRET: "institut-secret",
      GOOGLE_REDIRECT_URI: "http://127.0.0.1:4321/auth/callback",
      OAUTH_ISSUER: oidc.issuer.url!,
    });
  });
  afterAll(async () => {
    h.close();
    await oidc.stop();
  });

  async function googleSignIn() {
    const start = await h.app.handle(new Request("http://localhost/api/auth/google"));
    const { url } = await start.json();
    const cookie = start.headers.get("set-cookie")!.split(";")[0]!;
    const back = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
    const code = back.searchParams.get("code")!;
    const res = await h.app.handle(
      new Request("http://localhost/api/auth/google/validate", {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ accessToken: code, authorizationCode: code, state: back.searchParams.get("state") }),
      }),
    );
    return { status: res.status, json: (await res.json()) as any, cookie: res.headers.get("set-cookie") };
  }

  it("answers with the code step, not a session, then signs in with the code", async () => {
    const member = await makeUser(h.database.db, { nickname: "yacine" });
    email = member.email;
    const { secret } = await enrolTotp(h, (await createSession(h.database.db, member.id)).token);
    const first = await googleSignIn();
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
    email = member.email;
    const res = await googleSignIn();
    expect(res.status).toBe(200);
    expect(res.json.token).toBeTruthy();
  });
});
