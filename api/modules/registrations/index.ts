import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { registrationsAdminRoutes } from "./admin";
import { registrationsMemberRoutes } from "./member";
import { registrationsPublicRoutes } from "./public";

/** Event registration (issue 22): see CONTEXT.md. */
export const registrationsRoutes = (deps: Deps) =>
  new Elysia({ name: "registrations" }).use(registrationsPublicRoutes(deps)).use(registrationsMemberRoutes(deps)).use(registrationsAdminRoutes(deps));
