import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { statsAdminRoutes } from "./admin";

/** Counts for the admin dashboard, gathered from the other modules' services. */
export const statsRoutes = (deps: Deps) => new Elysia({ name: "stats" }).use(statsAdminRoutes(deps));
