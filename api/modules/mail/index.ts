import type { Deps } from "../../deps";
import { mailAdminRoutes } from "./admin";

/**
 * Mail (CONTEXT.md): features enqueue with service.ts, the worker (worker.ts) delivers, admins read the outbox
 * through these routes.
 */
export const mailRoutes = (deps: Deps) => mailAdminRoutes(deps);
