import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { adminMediaRoutes } from "./admin";
import { memberMediaRoutes } from "./member";
import { publicMediaRoutes } from "./public";

/** Media routes by audience, over one service (reads: service.ts; writes: writes.ts). */
export const mediaRoutes = (deps: Deps) =>
  new Elysia({ name: "media" }).use(publicMediaRoutes(deps)).use(memberMediaRoutes(deps)).use(adminMediaRoutes(deps));
