import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { NotFoundError } from "../../lib/errors";
import { ArchivedIssue } from "./model";
import { archivedIssue, archivedIssues } from "./service";

/** The archive the site is built from (/lettre/archives): the issues that went out, with what they held. */
export const issuePublicRoutes = (deps: Deps) =>
  new Elysia({ name: "newsletter-issues-public" })
    .get("/api/public/newsletter/issues", () => archivedIssues(deps.db), { response: { 200: t.Array(ArchivedIssue) } })
    .get(
      "/api/public/newsletter/issues/:number",
      async ({ params }) => {
        // Digits only: « 01 » or « 1e0 » name no issue (they never matched a number's own spelling).
        const issue = /^[1-9][0-9]{0,11}$/.test(params.number) ? await archivedIssue(deps.db, Number(params.number)) : null;
        if (!issue) throw new NotFoundError("Lettre introuvable.");
        return issue;
      },
      { params: t.Object({ number: t.String({ maxLength: 12 }) }), response: { 200: ArchivedIssue } },
    );
