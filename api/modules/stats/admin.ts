import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { AdminStats } from "./model";
import { adminStats } from "./service";

export const statsAdminRoutes = (deps: Deps) =>
  new Elysia({ name: "stats-admin" })
    .use(authPlugin(deps))
    .get("/api/admin/stats", () => adminStats(deps), { admin: true, response: { 200: AdminStats } });
