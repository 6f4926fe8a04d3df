import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { accountLimitsOf } from "../../lib/account-limits";
import { clientIp } from "../../lib/client-ip";
import { TooManyRequestsError } from "../../lib/errors";
import { viewerOf } from "../../plugins/auth";
import { Availability, CancelAnswer, CancelBody, ConfirmAnswer, ConfirmBody, EventIdParams, RegistrationAnswer, RegistrationBody } from "./model";
import { availability, cancelByToken, confirmByToken, register } from "./service";

export const TOO_MANY_REGISTRATIONS = "Trop d'inscriptions envoyées depuis cette adresse. Réessayez plus tard.";

/**
 * Public side: register (anyone, or members only, per event), confirm a visitor's address with the mailed link,
 * see the places left, cancel with the personal link. No route here rebuilds the site or clears the public cache:
 * a registration changes no page.
 */
export const registrationsPublicRoutes = (deps: Deps) =>
  new Elysia({ name: "registrations-public" })
    // Short shared cache: the page's island asks at every visit; the count may lag the truth by a few seconds.
    .get(
      "/api/events/:id/availability",
      async ({ params, set }) => {
        const answer = await availability(deps.db, params.id);
        set.headers["cache-control"] = "public, max-age=10, stale-while-revalidate=30";
        return answer;
      },
      { params: EventIdParams, response: { 200: Availability } },
    )
    .post(
      "/api/events/:id/registrations",
      async ({ params, body, request, set }) => {
        // Counted before any work, so a parallel burst cannot slip past the limit (see api/lib/rate-limit.ts).
        const wait = await accountLimitsOf(deps).registrationsByAddress.take(clientIp(request));
        if (wait > 0) throw new TooManyRequestsError(TOO_MANY_REGISTRATIONS, wait);
        const viewer = await viewerOf(deps, request);
        const person = viewer ? { id: viewer.user.id, name: `${viewer.user.firstname} ${viewer.user.name}`.trim(), email: viewer.user.email } : null;
        const { answer, status } = await register(deps, params.id, body, person);
        set.status = status;
        return answer;
      },
      { params: EventIdParams, body: RegistrationBody, response: { 200: RegistrationAnswer, 201: RegistrationAnswer, 202: RegistrationAnswer } },
    )
    .post("/api/registrations/confirm", ({ body }) => confirmByToken(deps, body.token), { body: ConfirmBody, response: { 200: ConfirmAnswer } })
    .post("/api/registrations/cancel", ({ body }) => cancelByToken(deps, body.token), { body: CancelBody, response: { 200: CancelAnswer } });
