import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { adminMailList } from "./listing";
import { MailDetail, MailPage, MailQuery, MailQueuedAnswer } from "./model";
import { mailDetail, retryMail, sendTestMail } from "./outbox";

const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** « Courriels »: the outbox for admins. Nothing here is public: no rebuild. */
export const mailAdminRoutes = (deps: Deps) =>
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
    });
