import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { usersAdminRoutes } from "./admin";
import { usersMemberRoutes } from "./member";
import { unlockRoutes } from "./unlock";

/** People's accounts: a member's own (member.ts) and member administration (admin.ts, unlock.ts), over service.ts. */
export const usersRoutes = (deps: Deps) => new Elysia({ name: "users" }).use(usersMemberRoutes(deps)).use(usersAdminRoutes(deps)).use(unlockRoutes(deps));
