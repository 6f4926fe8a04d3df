import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { clientIp } from "../../lib/client-ip";
import { BadRequestError } from "../../lib/errors";
import { authPlugin } from "../../plugins/auth";
import { MemberSubscription, MemberSubscriptionAnswer, MemberSubscriptionBody } from "./model";
import { NO_CONSENT } from "./messages";
import type { Newsletter } from "./service";

/** A member's own subscription, from their profile (the address is their account's). */
export const newsletterMemberRoutes = (deps: Deps, newsletter: Newsletter) => {
  const current = async (user: { id: string; email: string }): Promise<MemberSubscription> => {
    const row = await newsletter.ofMember(user);
    return { email: row?.email ?? user.email, state: row?.state ?? "none" };
  };
  return new Elysia({ name: "newsletter-member" })
    .use(authPlugin(deps))
    .get("/api/user/newsletter", ({ viewer }) => current(viewer.user), { signedIn: true, response: { 200: MemberSubscription } })
    .put(
      "/api/user/newsletter",
      async ({ viewer, body, request }) => {
        if (body.subscribed && body.consent !== true) throw new BadRequestError(NO_CONSENT);
        const message = await newsletter.setMember(viewer.user, body.subscribed, clientIp(request));
        return { ...(await current(viewer.user)), message };
      },
      { signedIn: true, body: MemberSubscriptionBody, response: { 200: MemberSubscriptionAnswer } },
    );
};
