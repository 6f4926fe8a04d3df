import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { themesAdminRoutes } from "./admin";
import { themesPublicRoutes } from "./public";

/** Themes: public lists (public.ts) and administration (admin.ts) over service.ts. */
export const themesRoutes = (deps: Deps) => new Elysia({ name: "themes" }).use(themesPublicRoutes(deps)).use(themesAdminRoutes(deps));
