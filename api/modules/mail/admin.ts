import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { adminMailList } from "./listing";
import { MailDetail, MailPage, MailQuery, MailQueuedAnswer } from "./model";
import { mailDetail, retryMail, sendTestMail } from "./outbox";
import { resendMail, type Resenders } from "./resend";

const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/**
 * « Courriels »: the outbox for admins. Nothing here is public: no rebuild. `resenders`: what « Renvoyer » does
 * for each kind of message holding a masked link (resend.ts).
 */
export const mailAdminRoutes = (deps: Deps, resenders: Resenders = {}) =>
  new Elysia({ name: "mail-admin" })
    .use(authPlugin(deps))
    .get("/api/admin/mail", ({ query }) => adminMailList(deps.db, query, Boolean(deps.env.smtpUrl)), {
      admin: true,
      query: MailQuery,
      response: { 200: MailPage },
    })
    .post(
      "/api/admin/mail/test",
      async ({ viewer, set }) => {
        set.status = 201;
        return sendTestMail(deps.db, deps.env, viewer.user);
      },
      { admin: true, response: { 201: MailQueuedAnswer } },
    )
    .get("/api/admin/mail/:id", ({ params }) => mailDetail(deps.db, params.id), { admin: true, params: idParams, response: { 200: MailDetail } })
    .post("/api/admin/mail/:id/retry", ({ params }) => retryMail(deps.db, params.id), {
      admin: true,
      params: idParams,
      response: { 200: MailQueuedAnswer },
    })
    // « Renvoyer »: a fresh link to the person, never shown to the admin; journaled by resend.ts with the new message.
    .post(
      "/api/admin/mail/:id/resend",
      async ({ params, viewer, set }) => {
        const answer = await resendMail(deps.db, deps.env, resenders, viewer.user, params.id);
        set.status = 201;
        return answer;
      },
      { admin: true, audit: "self", params: idParams, response: { 201: MailQueuedAnswer } },
    );
