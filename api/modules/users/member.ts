import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { formValues, readFormFields } from "../../lib/form-fields";
import { RateLimiter } from "../../lib/rate-limit";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { CurrentUser, UpdateMeBody } from "./model";
import { toCurrentUser, updateOwnProfile } from "./service";

/** A member's own account: /api/user/me (JSON) and the spec's profile form (multipart or JSON). */
export const usersMemberRoutes = (deps: Deps) => {
  // Wrong current passwords: 5 per member in 15 minutes, so a borrowed session cannot be used to guess the password.
  const passwordGuesses = new RateLimiter(5, 15 * 60_000);
  return (
    new Elysia({ name: "users-member" })
      .use(authPlugin(deps))
      .use(rebuildPlugin(deps))
      .get("/api/user/me", ({ viewer }) => toCurrentUser(viewer.user), { signedIn: true, response: { 200: CurrentUser } })
      .put(
        "/api/user/me",
        ({ viewer, body }) => updateOwnProfile(deps.db, viewer.user, viewer.session.id, body, passwordGuesses),
        // Names appear on member grids, author pages and bylines.
        { signedIn: true, rebuild: "member", body: UpdateMeBody, response: { 200: CurrentUser } },
      )
      // The spec's call: multipart text fields (socialLinks as JSON text), or the same as JSON.
      .put(
        "/api/user/profile",
        async ({ viewer, request }) => {
          const body = formValues(UpdateMeBody, await readFormFields(request));
          return updateOwnProfile(deps.db, viewer.user, viewer.session.id, body, passwordGuesses);
        },
        { signedIn: true, rebuild: "member", parse: "none", response: { 200: CurrentUser } },
      )
  );
};
