import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { contactAdminRoutes } from "./admin";
import { contactPublicRoutes } from "./public";

/** The contact form (public.ts) and its inbox for admins (admin.ts), over service.ts. */
export const contactRoutes = (deps: Deps) => new Elysia({ name: "contact" }).use(contactPublicRoutes(deps)).use(contactAdminRoutes(deps));
