import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { auditAdminRoutes } from "./admin";

/** The audit log: written by api/plugins/audit.ts, read by admins. */
export const auditRoutes = (deps: Deps) => new Elysia({ name: "audit" }).use(auditAdminRoutes(deps));
