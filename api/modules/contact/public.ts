import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { clientIp } from "../../lib/client-ip";
import { TooManyRequestsError } from "../../lib/errors";
import { RateLimiter } from "../../lib/rate-limit";
import { ContactBody } from "./model";
import { saveContactMessage } from "./service";

export const contactPublicRoutes = ({ db }: Deps) => {
  // Five messages per address in 15 minutes: a person never needs more, a spammer is slowed to a trickle.
  const perAddress = new RateLimiter(5, 15 * 60_000);
  return new Elysia({ name: "contact-public" }).post(
    "/api/public/contact",
    async ({ body, request, set }) => {
      const ip = clientIp(request);
      const wait = perAddress.retryAfter(ip);
      if (wait > 0) {
        throw new TooManyRequestsError("Trop de messages envoyés. Merci de réessayer dans quelques minutes.", wait);
      }
      perAddress.hit(ip);
      await saveContactMessage(db, body, ip);
      set.status = 201;
      return { message: "Message envoyé, Merci !" };
    },
    { body: ContactBody },
  );
};
