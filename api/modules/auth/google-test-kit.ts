/**
 * Test helpers for Google sign-in: a real local OpenID Connect server (oauth2-mock-server) standing in for Google,
 * whose next ID token asserts the identity the test chooses, and the browser's part of the flow through app.handle.
 */
import { OAuth2Server } from "oauth2-mock-server";
import { expect } from "vitest";
import { createHarness, type Harness } from "../../testing/harness";

/** Who the provider says the person is. `sub` defaults to one per e-mail: a distinct Google account per address. */
export type GoogleAccount = { email: string; sub?: string; verified?: boolean };

export const GOOGLE_TEST_ENV = (issuer: string) => ({
  GOOGLE_CLIENT_ID: "institut-client",
  GOOGLE_CLIENT_SECRET: "institut-secret",
  GOOGLE_REDIRECT_URI: "http://127.0.0.1:4321/auth/callback",
  OAUTH_ISSUER: issuer,
});

export async function startOidc(): Promise<{ oidc: OAuth2Server; as: (account: GoogleAccount) => void }> {
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate("RS256");
  await oidc.start(0, "127.0.0.1");
  let account: GoogleAccount = { email: "" };
  oidc.service.on("beforeTokenSigning", (token) => {
    token.payload.sub = account.sub ?? `sub-${account.email}`;
    token.payload.email = account.email;
    token.payload.email_verified = account.verified ?? true;
  });
  return { oidc, as: (a) => (account = a) };
}

/** A harness whose Google is a fresh local OpenID server; `stop` closes both. */
export async function googleHarness(env: Record<string, string> = {}) {
  const provider = await startOidc();
  const h = await createHarness({ ...GOOGLE_TEST_ENV(provider.oidc.issuer.url!), ...env });
  return {
    h,
    as: provider.as,
    stop: async () => {
      h.close();
      await provider.oidc.stop();
    },
  };
}

/** Starts a sign-in and follows the provider's redirect: the code, state and state cookie the callback gets. */
export async function startFlow(h: Harness) {
  const start = await h.app.handle(new Request("http://localhost/api/auth/google"));
  expect(start.status).toBe(200);
  const { url } = await start.json();
  const stateCookie = start.headers.get("set-cookie")!.split(";")[0]!;
  const provider = await fetch(url, { redirect: "manual" });
  const back = new URL(provider.headers.get("location")!);
  expect(back.origin + back.pathname).toBe("http://127.0.0.1:4321/auth/callback");
  return { code: back.searchParams.get("code")!, state: back.searchParams.get("state")!, stateCookie };
}

export const validate = (h: Harness, body: object, cookie: string) =>
  h.app.handle(
    new Request("http://localhost/api/auth/google/validate", {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify(body),
    }),
  );

/**
 * The whole flow as the callback screen runs it: status, answer (`user`, `token`, or `message`) and the cookie it
 * sets, if any.
 */
export async function googleSignIn(h: Harness): Promise<{ status: number; json: any; cookie: string | null }> {
  const { code, state, stateCookie } = await startFlow(h);
  const res = await validate(h, { accessToken: code, authorizationCode: code, state }, stateCookie);
  return { status: res.status, json: await res.json(), cookie: res.headers.get("set-cookie") };
}
