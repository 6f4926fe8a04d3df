import { Elysia, t } from "elysia";
import type { UserIdentityRow, UserRow } from "../../../db/schema";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { identityOf, unlinkIdentity } from "./identities";
import { GoogleLinkAnswer, UnlinkGoogleBody } from "./model";
import { ownerPresenceOf, tellOwner } from "../owner-present";

const view = (user: UserRow, row: UserIdentityRow | null): GoogleLinkAnswer => ({
  google: row ? { email: row.email, linkedAt: row.linkedAt.toISOString() } : null,
  hasPassword: user.passwordHash !== null,
});

/**
 * « Compte Google associé » in the member's profile: see the link made at their first Google sign-in, and remove
 * it (after the owner-present step, like an e-mail change: the link is a way into the account). Without a link,
 * the next Google sign-in may link again by verified e-mail. Removing a link that does not exist is a success
 * (nothing left to remove).
 */
export const googleLinkRoutes = (deps: Deps) =>
  new Elysia({ name: "users-google-link" })
    .use(authPlugin(deps))
    .get("/api/user/me/google", async ({ viewer }) => view(viewer.user, await identityOf(deps.db, viewer.user.id, "google")), {
      signedIn: true,
      response: { 200: GoogleLinkAnswer },
    })
    .delete(
      "/api/user/me/google",
      async ({ viewer, body, request }) => {
        await ownerPresenceOf(deps).assert(viewer.user, viewer.session, body, "google-unlink");
        if (await identityOf(deps.db, viewer.user.id, "google")) {
          await unlinkIdentity(deps.db, viewer.user.id, "google");
          await tellOwner(deps, viewer.user, { what: "Votre compte Google a été dissocié de votre compte.", userAgent: request.headers.get("user-agent") });
        }
        return view(viewer.user, null);
      },
      { signedIn: true, body: t.Optional(UnlinkGoogleBody), response: { 200: GoogleLinkAnswer } },
    );
