import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthStates } from "../../../db/schema";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";

// A real local OpenID Connect server stands in for Google: real redirects, real token exchange, real PKCE check.
describe("Google sign-in against a local OpenID Connect server", () => {
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
    });
    h = await createHarness({
      GOOGLE_CLIENT_ID: "institut-client",
      GOOGLE_CLIENT_SECRET: "institut-secret",
      GOOGLE_REDIRECT_URI: "http://127.0.0.1:4321/auth/callback",
      OAUTH_ISSUER: oidc.issuer.url!,
    });
    await makeUser(h.database.db, { nickname: "mariama", firstname: "Mariama" });
  });
  afterAll(async () => {
    h.close();
    await oidc.stop();
  });

  /** Runs the browser's part: start, follow the provider's redirect, return code, state and the state cookie. */
  async function startFlow() {
    const start = await h.app.handle(new Request("http://localhost/api/auth/google"));
    expect(start.status).toBe(200);
    const { url } = await start.json();
    const stateCookie = start.headers.get("set-cookie")!.split(";")[0]!;
    const provider = await fetch(url, { redirect: "manual" });
    const back = new URL(provider.headers.get("location")!);
    expect(back.origin + back.pathname).toBe("http://127.0.0.1:4321/auth/callback");
    return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")!, stateCookie };
  }

  const validate = (body: object, cookie: string) =>
    h.app.handle(
      new Request("http://localhost/api/auth/google/validate", {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify(body),
      }),
    );

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
