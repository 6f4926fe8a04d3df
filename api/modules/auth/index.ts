import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { clientIp } from "../../lib/client-ip";
import { HttpError, TooManyRequestsError } from "../../lib/errors";
import { RateLimiter } from "../../lib/rate-limit";
import { invalidateSession, SESSION_LIFETIME_MS } from "../../lib/session";
import { SESSION_COOKIE, viewerOf } from "../../plugins/auth";
import type { UserRow } from "../../../db/schema";
import { tellOwner } from "../owner-present";
import { toCurrentUser } from "../users/service";
import { assertCode, GoogleSignIn } from "./google";
import { jsonOnly } from "./json-only";
import { mustEnrol } from "./enrolment-gate";
import { LoginLimits, TOO_MANY_SIGN_INS } from "./login-limits";
import { GoogleValidateBody, LoginBody } from "./model";
import type { SignInResult } from "./second-factor";
import { PasswordLogin } from "./service";
import { TwoFactor } from "./two-factor";
import { SignInAnswer, type SignedInAnswer } from "./two-factor-model";
import { twoFactorRoutes, type SignedIn } from "./two-factor-routes";

const STATE_COOKIE = "oauth_state";

export const authRoutes = (deps: Deps) => {
  // One set of sign-in limits for passwords, second-factor codes and passkeys: a code adds no budget of its own.
  // In the process, or with REDIS_URL counted in Redis for every API process (./login-limits-redis.ts).
  const limits = deps.loginLimits ?? new LoginLimits();
  const passwords = new PasswordLogin(deps.db, limits);
  const twoFactor = new TwoFactor(deps.db, deps.env.twoFactorKey);
  // A first Google sign-in links the account: a new way in, told to the owner (issue 30 §2).
  const toldOfLink = (user: UserRow, googleEmail: string, userAgent: string | null) =>
    tellOwner(deps, user, {
      what: `Un compte Google (${googleEmail}) a été associé à votre compte\u00a0: il permet désormais de vous connecter.`,
      userAgent,
    });
  const google = deps.env.google ? new GoogleSignIn(deps.db, deps.env.google, toldOfLink) : null;
  const googleStarts = new RateLimiter(20, 15 * 60_000);
  const secure = deps.env.publicUrl.startsWith("https:");
  // The token is also set as a cookie: HttpOnly so page scripts cannot read it, Lax so it is not sent on
  // cross-site subrequests (writes are also checked for their origin).
  const sessionCookie = (value: string) => ({
    value,
    httpOnly: true,
    sameSite: "lax" as const,
    secure,
    path: "/",
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
  /** The answer of a finished sign-in; sets the session cookie. */
  const signedIn: SignedIn = async (user, token, cookie) => {
    cookie[SESSION_COOKIE]!.set(sessionCookie(token));
    const answer: SignedInAnswer = { user: toCurrentUser(user), token };
    if (await mustEnrol(deps.db, deps.env, user)) answer.twoFactorSetupRequired = true;
    return answer;
  };
  /** After a first factor: a session, or the code step when the member has two-factor (no cookie: no session yet). */
  const answer = (result: SignInResult, cookie: Parameters<SignedIn>[2]): Promise<SignInAnswer> | SignInAnswer =>
    "pendingToken" in result
      ? { secondFactor: true, pendingToken: result.pendingToken, expiresAt: result.expiresAt.toISOString() }
      : signedIn(result.user, result.token, cookie);

  return new Elysia({ name: "auth" })
    .post(
      "/api/auth/login",
      async ({ body, request, cookie }) => {
        const ip = clientIp(request);
        return answer(await passwords.login(body.nickname, body.password, ip), cookie);
      },
      { ...jsonOnly, body: LoginBody, response: { 200: SignInAnswer } },
    )
    .post("/api/auth/logout", async ({ request, cookie }) => {
      const viewer = await viewerOf(deps, request);
      if (viewer) await invalidateSession(deps.db, viewer.session.id);
      cookie[SESSION_COOKIE]!.set({ value: "", path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure });
      return { message: "Vous êtes déconnecté." };
    })
    // What the login page may offer. Read by the static build: unlike starting a Google sign-in, it writes nothing
    // and counts against no limit.
    .get("/api/auth/options", () => ({ google: google !== null }), { response: { 200: t.Object({ google: t.Boolean() }) } })
    .get(
      "/api/auth/google",
      async ({ cookie, request }) => {
        if (!google) throw new HttpError(503, "La connexion Google n'est pas configurée sur ce serveur.");
        // Each start stores a state row: counted before that write, per address.
        const wait = googleStarts.take(clientIp(request));
        if (wait > 0) throw new TooManyRequestsError(TOO_MANY_SIGN_INS, wait);
        const { url, state } = await google.start();
        // Binds the sign-in to this browser: the state coming back must match this cookie (login CSRF).
        cookie[STATE_COOKIE]!.set({ value: state, httpOnly: true, sameSite: "lax", secure, path: "/api/auth", maxAge: 600 });
        return { url };
      },
      { response: { 200: t.Object({ url: t.String() }) } },
    )
    .post(
      "/api/auth/google/validate",
      async ({ body, cookie, request }) => {
        if (!google) throw new HttpError(503, "La connexion Google n'est pas configurée sur ce serveur.");
        const code = assertCode(body.authorizationCode || body.accessToken);
        const cookieState = (cookie[STATE_COOKIE]?.value as string | undefined) ?? null;
        cookie[STATE_COOKIE]!.set({ value: "", path: "/api/auth", maxAge: 0, httpOnly: true, sameSite: "lax", secure });
        return answer(await google.validate(code, body.state ?? "", cookieState, request.headers.get("user-agent")), cookie);
      },
      { ...jsonOnly, body: GoogleValidateBody, response: { 200: SignInAnswer } },
    )
    .use(twoFactorRoutes(deps, { limits, twoFactor, signedIn }));
};
