import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { siteAdminRoutes } from "./admin";
import { sitePublicRoutes } from "./public";

/** The built site: health and the deploy hook (public.ts, token-guarded), and its control for admins (admin.ts). */
export const siteRoutes = (deps: Deps) => new Elysia({ name: "site" }).use(sitePublicRoutes(deps)).use(siteAdminRoutes(deps));
