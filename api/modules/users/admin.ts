import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { formValues, readFormFields } from "../../lib/form-fields";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { AdminUserBody, CurrentUser, DeletedUser, DeleteUserQuery, UserFootprint } from "./model";
import { createUser, deleteUser, listUsers, toCurrentUser, updateUser, userFootprint } from "./service";

const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/**
 * Member administration. The spec codes two families of calls for the same actions (`/api/admin/...` and
 * `/api/users/...`); both are served by the same handlers. Forms are multipart (with an optional `profilePic`) or
 * JSON.
 */
export const usersAdminRoutes = (deps: Deps) => {
  const { db } = deps;
  const list = () => listUsers(db);
  const register = async ({ request, set }: { request: Request; set: { status?: number | string } }) => {
    const body = formValues(AdminUserBody, await readFormFields(request));
    set.status = 201;
    return toCurrentUser(await createUser(db, body));
  };
  const update = async ({ request, params, viewer }: { request: Request; params: { id: string }; viewer: Parameters<typeof updateUser>[1] }) => {
    const body = formValues(AdminUserBody, await readFormFields(request));
    return toCurrentUser(await updateUser(db, viewer, params.id, body));
  };
  const remove = async ({ params, query, viewer }: { params: { id: string }; query: { transferTo?: string }; viewer: { user: Parameters<typeof deleteUser>[1] } }) =>
    (await deleteUser(db, viewer.user, params.id, query.transferTo)).answer;

  return new Elysia({ name: "users-admin" })
    .use(authPlugin(deps))
    .use(rebuildPlugin(deps))
    .get("/api/admin/users", list, { admin: true, response: { 200: t.Array(CurrentUser) } })
    .get("/api/users", list, { admin: true, response: { 200: t.Array(CurrentUser) } })
    .get("/api/admin/users/:id/footprint", ({ params }) => userFootprint(db, params.id), {
      admin: true,
      params: idParams,
      response: { 200: UserFootprint },
    })
    // Public member grids and author pages list members: every change rebuilds.
    .post("/api/admin/register", register, { admin: true, rebuild: "member", parse: "none", response: { 201: CurrentUser } })
    .put("/api/admin/users/:id", update, { admin: true, rebuild: "member", parse: "none", params: idParams, response: { 200: CurrentUser } })
    .put("/api/users/:id/admin-full-update", update, {
      admin: true,
      rebuild: "member",
      parse: "none",
      params: idParams,
      response: { 200: CurrentUser },
    })
    .delete("/api/admin/users/:id", remove, {
      admin: true,
      rebuild: "member",
      params: idParams,
      query: DeleteUserQuery,
      response: { 200: DeletedUser },
    })
    .delete("/api/users/:id", remove, { admin: true, rebuild: "member", params: idParams, query: DeleteUserQuery, response: { 200: DeletedUser } });
};
