import { Elysia, t } from "elysia";
import type { UserIdentityRow, UserRow } from "../../../db/schema";
import type { Deps } from "../../deps";
import type { RateLimiter } from "../../lib/rate-limit";
import { authPlugin } from "../../plugins/auth";
import { identityOf, unlinkIdentity } from "./identities";
import { GoogleLinkAnswer, UnlinkGoogleBody } from "./model";
import { assertOwnerPresent } from "./reauth";

const view = (user: UserRow, row: UserIdentityRow | null): GoogleLinkAnswer => ({
  google: row ? { email: row.email, linkedAt: row.linkedAt.toISOString() } : null,
  hasPassword: user.passwordHash !== null,
});

/**
 * « Compte Google associé » in the member's profile: see the link made at their first Google sign-in, and remove
 * it (with the password, like an e-mail change: the link is a way into the account). Without a link, the next
 * Google sign-in may link again by verified e-mail. Removing a link that does not exist is a success (nothing
 * left to remove). `passwordGuesses` is the profile routes' limiter: one budget of wrong passwords per member.
 */
export const googleLinkRoutes = (deps: Deps, passwordGuesses: RateLimiter) =>
  new Elysia({ name: "users-google-link" })
    .use(authPlugin(deps))
    .get("/api/user/me/google", async ({ viewer }) => view(viewer.user, await identityOf(deps.db, viewer.user.id, "google")), {
      signedIn: true,
      response: { 200: GoogleLinkAnswer },
    })
    .delete(
      "/api/user/me/google",
      async ({ viewer, body }) => {
        await assertOwnerPresent(viewer.user, viewer.session, body?.currentPassword, "dissocier votre compte Google", passwordGuesses);
        await unlinkIdentity(deps.db, viewer.user.id, "google");
        // TODO(issue 21): once mail exists, tell the member's address that the link was removed.
        return view(viewer.user, null);
      },
      { signedIn: true, body: t.Optional(UnlinkGoogleBody), response: { 200: GoogleLinkAnswer } },
    );
