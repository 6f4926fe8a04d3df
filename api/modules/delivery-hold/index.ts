import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { HeldDeliveries, ResumeAnswer } from "./model";
import { heldDeliveries, resumeDeliveries } from "./service";

/**
 * « Courriels » after a restore (service.ts): how many deliveries wait, and « Reprendre l'envoi ». Admins only;
 * the resume is journaled by the audit plugin like every admin write. Nothing public changes: no rebuild.
 */
export const deliveryHoldRoutes = (deps: Deps) =>
  new Elysia({ name: "delivery-hold" })
    .use(authPlugin(deps))
    .get("/api/admin/mail/held", () => heldDeliveries(deps.db), { admin: true, response: { 200: HeldDeliveries } })
    .post(
      "/api/admin/mail/resume",
      async () => {
        const answer = await resumeDeliveries(deps.db);
        if (answer.issues > 0) deps.wakeIssueSender?.();
        return answer;
      },
      { admin: true, response: { 200: ResumeAnswer } },
    );
