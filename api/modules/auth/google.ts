import { CodeChallengeMethod, decodeIdToken, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { oauthStates, users, type UserRow } from "../../../db/schema";
import type { Env } from "../../env";
import { BadRequestError, ConflictError, ForbiddenError, HttpError, UnauthorizedError } from "../../lib/errors";
import { linkIdentity, memberOfIdentity } from "../users/identities";
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
 * verified e-mail that matches no member is refused. A member who signed in once is bound to that Google account's
 * subject (`sub`), and from then on found by it (see memberFor).
 */
export class GoogleSignIn {
  private endpoints: Promise<Endpoints> | null = null;
  private client: OAuth2Client;

  /**
   * `onLinked`: called once a first sign-in has linked a member to a Google account (a new way into the account:
   * the owner is mailed, issue 30 §2). `userAgent` is the browser that finished the sign-in.
   */
  constructor(
    private readonly db: Db,
    private readonly config: NonNullable<Env["google"]>,
    private readonly onLinked?: (user: UserRow, googleEmail: string, userAgent: string | null) => Promise<void>,
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
   * then signs in the member bound to that Google account (or, the first time, whose e-mail it verified).
   */
  async validate(code: string, state: string, cookieState: string | null, userAgent: string | null = null): Promise<SignInResult> {
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
    const claims = decodeIdToken(idToken) as IdClaims;
    const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    // The ID token came straight from the token endpoint over our own request, so its signature need not be
    // re-checked (OIDC Core 3.1.3.7); issuer, audience and expiry still must match.
    if (claims.iss !== ep.issuer || !audience.includes(this.config.clientId) || !claims.exp || claims.exp * 1000 < Date.now()) {
      throw new UnauthorizedError("Jeton d'identité Google invalide.");
    }
    if (typeof claims.sub !== "string" || !claims.sub) throw new UnauthorizedError("Jeton d'identité Google invalide.");
    const user = await this.memberFor(claims.sub, claims, userAgent);
    // Members with two-factor get the code step, not a session (./second-factor.ts).
    return afterFirstFactor(this.db, user);
  }

  /**
   * Who this Google account is. Once linked, the subject alone decides, whatever e-mail Google reports now or the
   * profile holds (issue 18 §1: an e-mail changed through a borrowed session must not open the account). The first
   * sign-in links the member whose e-mail Google verified, unless that member is already linked to another Google
   * account.
   */
  private async memberFor(subject: string, claims: IdClaims, userAgent: string | null): Promise<UserRow> {
    const linked = await memberOfIdentity(this.db, "google", subject);
    if (linked) return linked;
    if (!claims.email || claims.email_verified !== true) {
      throw new UnauthorizedError("Votre adresse e-mail Google n'est pas vérifiée.");
    }
    const [user] = await this.db.select().from(users).where(eq(sql`lower(${users.email})`, claims.email.toLowerCase())).limit(1);
    if (!user) {
      throw new ForbiddenError(
        "Aucun compte membre n'est associé à cette adresse Google. Les comptes sont créés par les administrateurs\u00a0: contactez-nous.",
      );
    }
    if (await linkIdentity(this.db, { provider: "google", subject, userId: user.id, email: claims.email })) {
      await this.onLinked?.(user, claims.email, userAgent);
      return user;
    }
    // Refused by a unique key: a sign-in of this same Google account at the same moment won the race (fine), or
    // the member is already bound to another Google account, or this one was just bound to someone else.
    const now = await memberOfIdentity(this.db, "google", subject);
    if (now?.id === user.id) return user;
    if (now) throw new ConflictError("Ce compte Google est déjà associé à un autre membre.");
    throw new ForbiddenError(
      "Ce compte membre est déjà associé à un autre compte Google. Connectez-vous avec celui-ci, ou avec votre alias et votre mot de passe.",
    );
  }
}

type IdClaims = { iss?: string; aud?: string | string[]; exp?: number; sub?: string; email?: string; email_verified?: boolean };

export function assertCode(code: string | undefined): string {
  if (!code) throw new BadRequestError("No access token or authorization code found in URL");
  return code;
}
