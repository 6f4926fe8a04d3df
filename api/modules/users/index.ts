import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { CurrentUser, UpdateMeBody } from "./model";
import { listUsers, toCurrentUser, updateOwnProfile } from "./service";

export const usersRoutes = (deps: Deps) =>
  new Elysia({ name: "users" })
    .use(authPlugin(deps))
    .get("/api/user/me", ({ viewer }) => toCurrentUser(viewer.user), { signedIn: true, response: { 200: CurrentUser } })
    .put(
      "/api/user/me",
      async ({ viewer, body }) => {
        const user = await updateOwnProfile(deps.db, viewer.user, viewer.session.id, body);
        // Names appear on member grids, author pages and bylines.
        void deps.contentChanged();
        return user;
      },
      { signedIn: true, body: UpdateMeBody, response: { 200: CurrentUser } },
    )
    .get("/api/admin/users", () => listUsers(deps.db), { admin: true, response: { 200: t.Array(CurrentUser) } });
