import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { newsletterAdminRoutes } from "./admin";
import { newsletterLimitsOf } from "./limits";
import { newsletterMemberRoutes } from "./member";
import { newsletterPublicRoutes } from "./public";
import { Newsletter } from "./service";

/** The newsletter's subscribers (CONTEXT.md): open routes, a member's own subscription, the admins' list. */
export const newsletterRoutes = (deps: Deps) => {
  const newsletter = new Newsletter(deps.db, deps.env, newsletterLimitsOf(deps));
  return new Elysia({ name: "newsletter" })
    .use(newsletterPublicRoutes(newsletter))
    .use(newsletterMemberRoutes(deps, newsletter))
    .use(newsletterAdminRoutes(deps));
};
