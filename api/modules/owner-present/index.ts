/**
 * The owner-present step's own routes: what it will ask of the signed-in member (so forms show the right fields),
 * and a passkey challenge for it. The step itself runs inside each guarded route (./ways-in.ts, ./service.ts).
 */
import { Elysia } from "elysia";
import type { UserRow } from "../../../db/schema";
import type { Deps } from "../../deps";
import { HttpError, TooManyRequestsError } from "../../lib/errors";
import { RateLimiter } from "../../lib/rate-limit";
import { authPlugin } from "../../plugins/auth";
import { WebAuthnOptions } from "../auth/two-factor-model";
import { OwnerProofNeeds } from "./model";
import { queueSecurityMail, type SecurityChange } from "./security-mail";
import { ownerPresenceOf } from "./service";

export { GUARDED_ROUTES, type WayIn } from "./ways-in";
export { OwnerProofBody, OwnerProofFields, type OwnerProof } from "./model";
export { ownerPresenceOf, RECENT_SIGN_IN_MS } from "./service";

/**
 * Tells the owner of a change of a way in (./security-mail.ts), after the change. A refused address (an old row)
 * must not undo what the owner just did: it is logged instead.
 */
export async function tellOwner(
  deps: Pick<Deps, "db" | "env">,
  user: Pick<UserRow, "firstname" | "name" | "nickname" | "email">,
  change: SecurityChange,
  addresses?: string[],
) {
  try {
    await queueSecurityMail(deps.db, deps.env, user, change, addresses);
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    console.error("Security mail not queued:", e.message);
  }
}

export const ownerPresentRoutes = (deps: Deps) => {
  const presence = ownerPresenceOf(deps);
  // Each start stores a challenge row: per member, as for a passkey registration.
  const starts = new RateLimiter(30, 15 * 60_000);
  return new Elysia({ name: "owner-present" })
    .use(authPlugin(deps))
    .get("/api/user/me/owner-proof", ({ viewer }) => presence.needs(viewer.user, viewer.session), {
      signedIn: true,
      response: { 200: OwnerProofNeeds },
    })
    .post(
      "/api/user/me/owner-proof/passkey-options",
      ({ viewer }) => {
        const wait = starts.take(viewer.user.id);
        if (wait > 0) throw new TooManyRequestsError("Trop d'essais. Réessayez dans quelques minutes.", wait);
        return presence.passkeys.ownerOptions(viewer.user);
      },
      { signedIn: true, response: { 200: WebAuthnOptions } },
    );
};
