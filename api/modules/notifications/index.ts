import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { notificationMemberRoutes } from "./member";

/** Editorial notifications: the member's settings (member.ts); events (events.ts) and digests (digest.ts) have no routes. */
export const notificationRoutes = (deps: Deps) => new Elysia({ name: "notifications" }).use(notificationMemberRoutes(deps));
