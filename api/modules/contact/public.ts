import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { clientIp } from "../../lib/client-ip";
import { TooManyRequestsError } from "../../lib/errors";
import { accountLimitsOf } from "../../lib/account-limits";
import { ContactBody } from "./model";
import { saveContactMessage } from "./service";

export const contactPublicRoutes = (deps: Deps) => {
  const { db } = deps;
  // Counted before the message is stored (a parallel burst cannot pass a check made before its first is counted),
  // in this process or, with REDIS_URL, in Redis for every API process (api/lib/account-limits.ts).
  const perAddress = accountLimitsOf(deps).contactByAddress;
  return new Elysia({ name: "contact-public" }).post(
    "/api/public/contact",
    async ({ body, request, set }) => {
      const ip = clientIp(request);
      const wait = await perAddress.take(ip);
      if (wait > 0) {
        throw new TooManyRequestsError("Trop de messages envoyés. Merci de réessayer dans quelques minutes.", wait);
      }
      await saveContactMessage(db, body, ip);
      set.status = 201;
      return { message: "Message envoyé, Merci\u00a0!" };
    },
    { body: ContactBody },
  );
};
