import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { CurrentUser, UpdateMeBody } from "./model";
import { listUsers, toCurrentUser, updateOwnProfile } from "./service";

export const usersRoutes = (deps: Deps) =>
  new Elysia({ name: "users" })
    .use(authPlugin(deps))
    .use(rebuildPlugin(deps))
    .get("/api/user/me", ({ viewer }) => toCurrentUser(viewer.user), { signedIn: true, response: { 200: CurrentUser } })
    .put(
      "/api/user/me",
      ({ viewer, body }) => updateOwnProfile(deps.db, viewer.user, viewer.session.id, body),
      // Names appear on member grids, author pages and bylines.
      { signedIn: true, rebuild: "member", body: UpdateMeBody, response: { 200: CurrentUser } },
    )
    .get("/api/admin/users", () => listUsers(deps.db), { admin: true, response: { 200: t.Array(CurrentUser) } });
