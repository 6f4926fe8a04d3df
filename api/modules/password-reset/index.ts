import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { accountLimitsOf } from "../../lib/account-limits";
import { clientIp } from "../../lib/client-ip";
import { jsonOnly } from "../auth/json-only";
import { ownerPresenceOf } from "../owner-present";
import { ResetAnswer, ResetCheckAnswer, ResetCheckBody, ResetConfirmBody, ResetRequestBody } from "./model";
import { PasswordReset } from "./service";

/**
 * « Mot de passe oublié ? » and the link's page. Open routes (no session: the member cannot sign in), JSON only
 * like the sign-in routes, so a form on another site cannot post to them.
 */
export const passwordResetRoutes = (deps: Deps) => {
  const reset = new PasswordReset(deps.db, deps.env, accountLimitsOf(deps), undefined, undefined, ownerPresenceOf(deps).twoFactor);
  return new Elysia({ name: "password-reset" })
    .post("/api/auth/password-reset", async ({ body, request }) => ({ message: await reset.request(body.login, clientIp(request)) }), {
      ...jsonOnly,
      body: ResetRequestBody,
      response: { 200: ResetAnswer },
    })
    .post("/api/auth/password-reset/check", ({ body }) => reset.check(body.token), {
      ...jsonOnly,
      body: ResetCheckBody,
      response: { 200: ResetCheckAnswer },
    })
    .post(
      "/api/auth/password-reset/confirm",
      async ({ body, request }) => {
        const removal = { removeFactors: body.removeFactors, code: body.code, userAgent: request.headers.get("user-agent") };
        return { message: (await reset.confirm(body.token, body.password, removal)).message };
      },
      { ...jsonOnly, body: ResetConfirmBody, response: { 200: ResetAnswer } },
    );
};
