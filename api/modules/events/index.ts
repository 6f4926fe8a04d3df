import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { eventsAdminRoutes } from "./admin";
import { eventsPublicRoutes } from "./public";

/** Events: public pages' data (public.ts) and administration (admin.ts) over service.ts. */
export const eventsRoutes = (deps: Deps) => new Elysia({ name: "events" }).use(eventsPublicRoutes(deps)).use(eventsAdminRoutes(deps));
