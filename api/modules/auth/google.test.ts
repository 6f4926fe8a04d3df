import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthStates } from "../../../db/schema";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { GOOGLE_TEST_ENV, startFlow as startGoogleFlow, startOidc, validate as validateGoogle } from "./google-test-kit";

// A real local OpenID Connect server stands in for Google: real redirects, real token exchange, real PKCE check.
describe("Google sign-in against a local OpenID Connect server", () => {
  let oidc: Awaited<ReturnType<typeof startOidc>>;
  let h: Harness;
  let email = "";

  beforeAll(async () => {
    oidc = await startOidc();
    h = await createHarness(GOOGLE_TEST_ENV(oidc.oidc.issuer.url!));
    await makeUser(h.database.db, { nickname: "mariama", firstname: "Mariama" });
  });
  afterAll(async () => {
    h.close();
    await oidc.oidc.stop();
  });

  /** Runs the browser's part as the Google account of `email` (one account per address). */
  async function startFlow() {
    oidc.as({ email });
    return startGoogleFlow(h);
  }

  const validate = (body: object, cookie: string) => validateGoogle(h, body, cookie);

  it("signs in the member whose verified e-mail the provider returns", async () => {
    const member = await h.database.db.query.users.findFirst();
    email = member!.email;
    const { code, state, stateCookie } = await startFlow();
    const res = await validate({ accessToken: code, authorizationCode: code, state }, stateCookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user.nickname).toBe("mariama");
    const me = await h.call("GET", "/api/user/me", undefined, { authorization: `Bearer ${body.token}` });
    expect(me.json.firstname).toBe("Mariama");
  });

  it("refuses an e-mail that belongs to no member, in French", async () => {
    email = "inconnu@example.org";
    const { code, state, stateCookie } = await startFlow();
    const res = await validate({ accessToken: code, authorizationCode: code, state }, stateCookie);
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/Aucun compte membre/);
  });

  it("refuses a state that does not match this browser's cookie", async () => {
    const member = await h.database.db.query.users.findFirst();
    email = member!.email;
    const { code, state } = await startFlow();
    const other = await startFlow();
    const res = await validate({ accessToken: code, authorizationCode: code, state }, other.stateCookie);
    expect(res.status).toBe(403);
  });

  it("refuses the exchange when the PKCE verifier does not match", async () => {
    const member = await h.database.db.query.users.findFirst();
    email = member!.email;
    const { code, state, stateCookie } = await startFlow();
    await h.database.db
      .update(oauthStates)
      .set({ codeVerifier: "x".repeat(64) })
      .where(eq(oauthStates.state, state));
    const res = await validate({ accessToken: code, authorizationCode: code, state }, stateCookie);
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Le code d'autorisation Google a été refusé.");
  });

  it("answers the spec's message when no code came back", async () => {
    const { stateCookie, state } = await startFlow();
    const res = await validate({ state }, stateCookie);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("No access token or authorization code found in URL");
  });
});

describe("Google sign-in when not configured", () => {
  it("answers 503 with a French message instead of breaking", async () => {
    const h = await createHarness();
    try {
      const res = await h.call("GET", "/api/auth/google");
      expect(res.status).toBe(503);
      expect(res.json.message).toBe("La connexion Google n'est pas configurée sur ce serveur.");
    } finally {
      h.close();
    }
  });
});
