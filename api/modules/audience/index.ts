import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { audienceAdminRoutes } from "./admin";
import { audienceMemberRoutes } from "./member";

/** Readership figures (issue 35 §1): counted by the serving processes (counter.ts), read here. See CONTEXT.md. */
export const audienceRoutes = (deps: Deps) => new Elysia({ name: "audience" }).use(audienceAdminRoutes(deps)).use(audienceMemberRoutes(deps));
