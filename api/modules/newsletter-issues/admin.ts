import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { proposeItems } from "./digest";
import { IssueAnswer, IssueBody, IssueDetail, IssuePreview, IssueProposal, IssueSummary, SendBody } from "./model";
import { createIssue, deleteIssue, getIssue, listIssues, previewIssue, sendIssue, sendIssueTest, unscheduleIssue, updateIssue } from "./service";

const idParams = t.Object({ id: t.String({ maxLength: 64 }) });
const Message = t.Object({ message: t.String() });

/**
 * « Lettre d'information », the issues: the proposal of the next one, drafts, preview, a test to oneself, sending
 * now or at a minute. Admins only; each write is journaled by the audit plugin. `wake` starts the sender's round
 * at once after « Envoyer maintenant » (the server's poller; absent in tests, which run rounds themselves).
 */
export const issueAdminRoutes = (deps: Deps, wake: () => void = () => {}) =>
  new Elysia({ name: "newsletter-issues-admin" })
    .use(authPlugin(deps))
    .get("/api/admin/newsletter/issues", () => listIssues(deps.db), { admin: true, response: { 200: t.Array(IssueSummary) } })
    .get(
      "/api/admin/newsletter/issues/proposal",
      async () => {
        const { since, items } = await proposeItems(deps.db);
        return { since: since?.toISOString() ?? null, items };
      },
      { admin: true, response: { 200: IssueProposal } },
    )
    .post(
      "/api/admin/newsletter/issues",
      async ({ body, viewer, set }) => {
        set.status = 201;
        return { message: "Brouillon enregistré.", issue: await createIssue(deps.db, body, viewer.user, deps.env.uploadsDir) };
      },
      { admin: true, body: IssueBody, response: { 201: IssueAnswer } },
    )
    .get("/api/admin/newsletter/issues/:id", ({ params }) => getIssue(deps.db, params.id), { admin: true, params: idParams, response: { 200: IssueDetail } })
    .put(
      "/api/admin/newsletter/issues/:id",
      async ({ params, body }) => ({ message: "Brouillon enregistré.", issue: await updateIssue(deps.db, params.id, body, deps.env.uploadsDir) }),
      { admin: true, params: idParams, body: IssueBody, response: { 200: IssueAnswer } },
    )
    .delete(
      "/api/admin/newsletter/issues/:id",
      async ({ params }) => {
        await deleteIssue(deps.db, params.id);
        return { message: "Numéro supprimé." };
      },
      { admin: true, params: idParams, response: { 200: Message } },
    )
    .get("/api/admin/newsletter/issues/:id/preview", ({ params }) => previewIssue(deps.db, deps.env, params.id), {
      admin: true,
      params: idParams,
      response: { 200: IssuePreview },
    })
    .post("/api/admin/newsletter/issues/:id/test", ({ params, viewer }) => sendIssueTest(deps.db, deps.env, params.id, viewer.user), {
      admin: true,
      params: idParams,
      response: { 200: Message },
    })
    .post(
      "/api/admin/newsletter/issues/:id/send",
      async ({ params, body }) => {
        const answer = await sendIssue(deps.db, params.id, body.at);
        if (answer.issue.state === "sending") wake();
        return answer;
      },
      { admin: true, params: idParams, body: SendBody, response: { 200: IssueAnswer } },
    )
    .post("/api/admin/newsletter/issues/:id/unschedule", ({ params }) => unscheduleIssue(deps.db, params.id), {
      admin: true,
      params: idParams,
      response: { 200: IssueAnswer },
    });
