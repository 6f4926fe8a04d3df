/**
 * Routes of two-factor sign-in: the code step and passkey sign-in (/api/auth/*, open), and a member's own
 * authenticator app, recovery codes and passkeys (/api/user/me/*, the caller's account only). Every change of a
 * factor runs the owner-present step (api/modules/owner-present/) and mails the owner. Member writes are
 * journalled here by name: the audit plugin only covers admin routes, and enrolling or removing a factor is what
 * an investigation of a taken-over account looks for first.
 */
import { Elysia, t, type Cookie } from "elysia";
import type { UserRow } from "../../../db/schema";
import type { Deps } from "../../deps";
import { clientIp } from "../../lib/client-ip";
import { ConflictError, ForbiddenError, TooManyRequestsError } from "../../lib/errors";
import { RateLimiter } from "../../lib/rate-limit";
import { createSession, invalidateOtherSessions } from "../../lib/session";
import { authPlugin } from "../../plugins/auth";
import { recordAudit } from "../audit/service";
import { OwnerProofBody, ownerPresenceOf, tellOwner } from "../owner-present";
import { jsonOnly } from "./json-only";
import { TOO_MANY_SIGN_INS, type SignInLimits } from "./login-limits";
import { Passkeys } from "./passkeys";
import { SecondFactorLogin } from "./second-factor";
import type { TwoFactor } from "./two-factor";
import {
  CodeLoginBody,
  ConfirmTotpBody,
  PasskeyInfo,
  PasskeyLoginBody,
  RecoveryCodesAnswer,
  RegisterPasskeyBody,
  SignedInAnswer,
  TotpEnrolment,
  TwoFactorStatus,
  WebAuthnOptions,
} from "./two-factor-model";

const TOO_MANY_TRIES = "Trop d'essais. Réessayez dans quelques minutes.";

/** Turns a new session into the sign-in answer and sets its cookie: provided by ./index.ts. */
export type SignedIn = (user: UserRow, token: string, cookie: Record<string, Cookie<unknown>>) => Promise<SignedInAnswer>;

export type TwoFactorRouteDeps = { limits: SignInLimits; twoFactor: TwoFactor; signedIn: SignedIn };

export const twoFactorRoutes = (deps: Deps, { limits, twoFactor, signedIn }: TwoFactorRouteDeps) => {
  const { db, env } = deps;
  const codes = new SecondFactorLogin(db, twoFactor, limits);
  const passkeys = new Passkeys(db, env.publicUrl, limits);
  // Each passkey sign-in start stores a challenge row: counted per address before that write.
  const passkeyStarts = new RateLimiter(30, 15 * 60_000);
  // Same for a member preparing a registration (a row each time): per member.
  const passkeyRegistrations = new RateLimiter(30, 15 * 60_000);
  // Every change of a factor asks the owner-present step first (api/modules/owner-present/ways-in.ts).
  const presence = ownerPresenceOf(deps);

  const journal = (user: UserRow, route: string, action: "create" | "delete", itemKind: "two-factor" | "passkey", itemId: string, summary: string) =>
    recordAudit(db, { userId: user.id, actor: user.nickname, action, route, itemKind, itemId, summary });

  return (
    new Elysia({ name: "two-factor" })
      .use(authPlugin(deps))
      // The code step: the pending login from a right password (or Google) and a code give a session.
      .post(
        "/api/auth/login/code",
        async ({ body, request, cookie }) => {
          const { user, token } = await codes.complete(body.pendingToken, body.code, clientIp(request));
          return signedIn(user, token, cookie);
        },
        { ...jsonOnly, body: CodeLoginBody, response: { 200: SignedInAnswer } },
      )
      .post(
        "/api/auth/passkey/options",
        async ({ request }) => {
          const wait = passkeyStarts.take(clientIp(request));
          if (wait > 0) throw new TooManyRequestsError(TOO_MANY_SIGN_INS, wait);
          return passkeys.loginOptions();
        },
        { response: { 200: WebAuthnOptions } },
      )
      // Both factors at once (the key, and the PIN or biometrics it verified): a session straight away.
      .post(
        "/api/auth/passkey",
        async ({ body, request, cookie }) => {
          const user = await passkeys.authenticate(body.response as never, clientIp(request));
          const { token } = await createSession(db, user.id);
          return signedIn(user, token, cookie);
        },
        { ...jsonOnly, body: PasskeyLoginBody, response: { 200: SignedInAnswer } },
      )
      .get(
        "/api/user/me/two-factor",
        async ({ viewer }) => ({
          ...(await twoFactor.status(viewer.user.id)),
          required: env.admin2fa === "required" && viewer.user.role === "admin",
        }),
        { signedIn: true, response: { 200: TwoFactorStatus } },
      )
      .post("/api/user/me/two-factor/totp", ({ viewer }) => twoFactor.startEnrolment(viewer.user), {
        signedIn: true,
        response: { 200: TotpEnrolment },
      })
      .post(
        "/api/user/me/two-factor/totp/confirm",
        async ({ viewer, body, request }) => {
          await presence.assert(viewer.user, viewer.session, body, "totp-on");
          const recoveryCodes = await twoFactor.confirmEnrolment(viewer.user, body.code);
          // Sessions opened with the password alone end; this one, which just proved the code, stays.
          await invalidateOtherSessions(db, viewer.user.id, viewer.session.id);
          await journal(viewer.user, "POST /api/user/me/two-factor/totp/confirm", "create", "two-factor", viewer.user.id, "Double authentification activée");
          await tellOwner(deps, viewer.user, { what: "La double authentification a été activée.", userAgent: request.headers.get("user-agent") });
          return { recoveryCodes };
        },
        { signedIn: true, body: ConfirmTotpBody, response: { 200: RecoveryCodesAnswer } },
      )
      .delete(
        "/api/user/me/two-factor/totp",
        async ({ viewer, body, request }) => {
          if (env.admin2fa === "required" && viewer.user.role === "admin") {
            throw new ForbiddenError("Les administrateurs doivent garder la double authentification activée.");
          }
          if (!(await twoFactor.enabled(viewer.user.id))) throw new ConflictError("La double authentification n'est pas activée.");
          await presence.assert(viewer.user, viewer.session, body, "totp-off");
          await twoFactor.turnOff(viewer.user.id);
          await journal(viewer.user, "DELETE /api/user/me/two-factor/totp", "delete", "two-factor", viewer.user.id, "Double authentification désactivée");
          await tellOwner(deps, viewer.user, { what: "La double authentification a été désactivée.", userAgent: request.headers.get("user-agent") });
          return { ...(await twoFactor.status(viewer.user.id)), required: false };
        },
        { signedIn: true, body: OwnerProofBody, response: { 200: TwoFactorStatus } },
      )
      .post(
        "/api/user/me/two-factor/recovery-codes",
        async ({ viewer, body, request }) => {
          if (!(await twoFactor.enabled(viewer.user.id))) throw new ConflictError("La double authentification n'est pas activée.");
          await presence.assert(viewer.user, viewer.session, body, "recovery-codes");
          const recoveryCodes = await twoFactor.replaceRecoveryCodes(viewer.user.id);
          await journal(viewer.user, "POST /api/user/me/two-factor/recovery-codes", "create", "two-factor", viewer.user.id, "Nouveaux codes de secours");
          await tellOwner(deps, viewer.user, { what: "De nouveaux codes de secours ont été créés\u00a0; les anciens ne fonctionnent plus.", userAgent: request.headers.get("user-agent") });
          return { recoveryCodes };
        },
        { signedIn: true, body: OwnerProofBody, response: { 200: RecoveryCodesAnswer } },
      )
      .get("/api/user/me/passkeys", ({ viewer }) => passkeys.list(viewer.user.id), {
        signedIn: true,
        response: { 200: t.Array(PasskeyInfo) },
      })
      // A challenge only: the key is added by the next route, which runs the owner-present step.
      .post(
        "/api/user/me/passkeys/options",
        ({ viewer }) => {
          const wait = passkeyRegistrations.take(viewer.user.id);
          if (wait > 0) throw new TooManyRequestsError(TOO_MANY_TRIES, wait);
          return passkeys.registrationOptions(viewer.user);
        },
        { signedIn: true, response: { 200: WebAuthnOptions } },
      )
      .post(
        "/api/user/me/passkeys",
        async ({ viewer, body, request }) => {
          await presence.assert(viewer.user, viewer.session, body, "passkey-add");
          const key = await passkeys.register(viewer.user, body.name, body.response as never);
          await journal(viewer.user, "POST /api/user/me/passkeys", "create", "passkey", key.id, `Clé d'accès «\u00a0${key.name}\u00a0» ajoutée`);
          await tellOwner(deps, viewer.user, { what: `Une clé d'accès («\u00a0${key.name}\u00a0») a été ajoutée à votre compte.`, userAgent: request.headers.get("user-agent") });
          return key;
        },
        { signedIn: true, body: RegisterPasskeyBody, response: { 200: PasskeyInfo } },
      )
      .delete(
        "/api/user/me/passkeys/:id",
        async ({ viewer, params, body, request }) => {
          await presence.assert(viewer.user, viewer.session, body, "passkey-remove");
          const key = await passkeys.remove(viewer.user.id, params.id);
          await journal(viewer.user, "DELETE /api/user/me/passkeys/:id", "delete", "passkey", key.id, `Clé d'accès «\u00a0${key.name}\u00a0» supprimée`);
          await tellOwner(deps, viewer.user, { what: `La clé d'accès «\u00a0${key.name}\u00a0» a été supprimée de votre compte.`, userAgent: request.headers.get("user-agent") });
          return key;
        },
        { signedIn: true, params: t.Object({ id: t.String({ maxLength: 1400 }) }), body: t.Optional(OwnerProofBody), response: { 200: PasskeyInfo } },
      )
  );
};
