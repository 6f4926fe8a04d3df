import { CodeChallengeMethod, decodeIdToken, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { oauthStates, users } from "../../../db/schema";
import type { Env } from "../../env";
import { BadRequestError, ForbiddenError, HttpError, UnauthorizedError } from "../../lib/errors";
import { afterFirstFactor, type SignInResult } from "./second-factor";

const GOOGLE = {
  issuer: "https://accounts.google.com",
  authorization_endpoint: "https://accounts.google.com/o/oauth2/v2/auth",
  token_endpoint: "https://oauth2.googleapis.com/token",
};
type Endpoints = typeof GOOGLE;

const STATE_TTL_MS = 10 * 60_000;

/**
 * Google sign-in with arctic's generic OAuth 2.0 client (authorization code + PKCE). OAUTH_ISSUER points it at
 * any OpenID Connect issuer (the tests use a local oauth2-mock-server). Accounts are created by admins: a
 * verified e-mail that matches no member is refused.
 */
export class GoogleSignIn {
  private endpoints: Promise<Endpoints> | null = null;
  private client: OAuth2Client;

  constructor(
    private readonly db: Db,
    private readonly config: NonNullable<Env["google"]>,
  ) {
    this.client = new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri);
  }

  private discover(): Promise<Endpoints> {
    if (!this.config.issuer) return Promise.resolve(GOOGLE);
    this.endpoints ??= fetch(`${this.config.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`)
      .then((r) => {
        if (!r.ok) throw new Error(`discovery HTTP ${r.status}`);
        return r.json() as Promise<Endpoints>;
      })
      .catch((e) => {
        this.endpoints = null;
        throw new HttpError(502, `Fournisseur d'identité injoignable (${(e as Error).message}).`);
      });
    return this.endpoints;
  }

  /** Creates the provider URL; the state and PKCE verifier are kept to be checked on return. */
  async start(): Promise<{ url: string; state: string }> {
    const ep = await this.discover();
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const now = Date.now();
    await this.db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date(now)));
    await this.db.insert(oauthStates).values({ state, codeVerifier, expiresAt: new Date(now + STATE_TTL_MS) });
    const url = this.client.createAuthorizationURLWithPKCE(ep.authorization_endpoint, state, CodeChallengeMethod.S256, codeVerifier, [
      "openid",
      "email",
      "profile",
    ]);
    return { url: url.toString(), state };
  }

  /**
   * Exchanges the code for tokens, checking the state (bound to this browser by a cookie) and the PKCE verifier,
   * then signs in the member whose e-mail the provider verified.
   */
  async validate(code: string, state: string, cookieState: string | null): Promise<SignInResult> {
    if (!state || !cookieState || state !== cookieState) {
      throw new ForbiddenError("Session de connexion Google invalide ou expirée. Veuillez réessayer.");
    }
    const [pending] = await this.db.delete(oauthStates).where(eq(oauthStates.state, state)).returning();
    if (!pending || pending.expiresAt.getTime() < Date.now()) {
      throw new ForbiddenError("Session de connexion Google invalide ou expirée. Veuillez réessayer.");
    }
    const ep = await this.discover();
    let idToken: string;
    try {
      const tokens = await this.client.validateAuthorizationCode(ep.token_endpoint, code, pending.codeVerifier);
      idToken = tokens.idToken();
    } catch {
      throw new UnauthorizedError("Le code d'autorisation Google a été refusé.");
    }
    const claims = decodeIdToken(idToken) as { iss?: string; aud?: string | string[]; exp?: number; email?: string; email_verified?: boolean };
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    // The ID token came straight from the token endpoint over our own request, so its signature need not be
    // re-checked (OIDC Core 3.1.3.7); issuer, audience and expiry still must match.
    if (claims.iss !== ep.issuer || !audience.includes(this.config.clientId) || !claims.exp || claims.exp * 1000 < Date.now()) {
      throw new UnauthorizedError("Jeton d'identité Google invalide.");
    }
    if (!claims.email || claims.email_verified !== true) {
      throw new UnauthorizedError("Votre adresse e-mail Google n'est pas vérifiée.");
    }
    const [user] = await this.db.select().from(users).where(eq(sql`lower(${users.email})`, claims.email.toLowerCase())).limit(1);
    if (!user) {
      throw new ForbiddenError(
        "Aucun compte membre n'est associé à cette adresse Google. Les comptes sont créés par les administrateurs : contactez-nous.",
      );
    }
    // Members with two-factor get the code step, not a session (./second-factor.ts).
    return afterFirstFactor(this.db, user);
  }
}

export function assertCode(code: string | undefined): string {
  if (!code) throw new BadRequestError("No access token or authorization code found in URL");
  return code;
}
