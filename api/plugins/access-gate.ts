import { Elysia } from "elysia";
import type { Deps } from "../deps";
import { ForbiddenError, UnauthorizedError } from "../lib/errors";
import { viewerOf } from "./auth";
import { routedPath } from "./routed-path";

export type Audience = "admin" | "member" | "public";

/**
 * Who may call a path, from its prefix alone: `/api/admin/*` and `/api/users/*` are for admins (except
 * `/api/users/me/*`, a member's own), `/api/user/*` for any signed-in member, the rest is open or guarded by
 * its route.
 */
export function audienceOf(pathname: string): Audience {
  if (pathname.startsWith("/api/users/me/")) return "member";
  if (pathname.startsWith("/api/admin/") || pathname === "/api/users" || pathname.startsWith("/api/users/")) return "admin";
  if (pathname.startsWith("/api/user/")) return "member";
  return "public";
}

/**
 * Checks the caller before anything else reads the request. The route options `{ admin: true }` /
 * `{ signedIn: true }` run after body parsing and validation, so without this gate an anonymous upload would be
 * read in full, and an anonymous or member request with a bad body would get a 400 (revealing the form) instead
 * of 401/403. The gate also covers a route whose author forgot the option. The route options stay: they put
 * `viewer` in the handler's context (the session lookup is made once per request, see viewerOf).
 */
export const accessGate = (deps: Deps) =>
  new Elysia({ name: "access-gate" }).onRequest(async (ctx) => {
    const { request } = ctx;
    // The router's own path: the URL's could differ (api/plugins/routed-path.ts), and then a route would run ungated.
    const audience = audienceOf(routedPath(ctx));
    if (audience === "public") return;
    const viewer = await viewerOf(deps, request);
    if (!viewer) throw new UnauthorizedError("Veuillez vous connecter.");
    if (audience === "admin" && viewer.user.role !== "admin") throw new ForbiddenError("Accès réservé aux administrateurs.");
  });
