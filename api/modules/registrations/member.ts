import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { CancelAnswer, EventIdParams, MyRegistration } from "./model";
import { cancelOwn, myRegistrations } from "./service";

/** « Mes inscriptions »: a member's own registrations (those made signed in, or with their account's address). */
export const registrationsMemberRoutes = (deps: Deps) =>
  new Elysia({ name: "registrations-member" })
    .use(authPlugin(deps))
    .get("/api/user/registrations", ({ viewer }) => myRegistrations(deps.db, viewer.user.id), { signedIn: true, response: { 200: t.Array(MyRegistration) } })
    .post("/api/user/registrations/:id/cancel", ({ viewer, params }) => cancelOwn(deps, viewer.user.id, params.id), {
      signedIn: true,
      params: EventIdParams,
      response: { 200: CancelAnswer },
    });
