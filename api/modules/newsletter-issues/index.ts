import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { issueAdminRoutes } from "./admin";
import { issuePublicRoutes } from "./public";

/** Issues of the newsletter (CONTEXT.md): composing and sending for admins, the public archive. */
export const newsletterIssueRoutes = (deps: Deps) =>
  new Elysia({ name: "newsletter-issues" }).use(issuePublicRoutes(deps)).use(issueAdminRoutes(deps, deps.wakeIssueSender));
