import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import type { UserRow } from "../../../db/schema";
import { formValues } from "../../lib/form-fields";
import type { ValidSession } from "../../lib/session";
import { readUploadForm, type TempUpload } from "../../lib/uploads/form";
import { noteForAudit } from "../../plugins/audit-option";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { adminUserList } from "./listing";
import { BulkResult } from "../../lib/bulk";
import { bulkUsers } from "./bulk";
import { AdminUserUpdateBody, BulkUsersBody, CurrentUser, RegisterBody, DeletedUser, DeleteUserQuery, UserFootprint, UserPage, UsersQuery } from "./model";
import { pictureRule, removeProfilePictures, replaceProfilePicture } from "./pictures";
import { queueInvitation } from "../password-reset/service";
import { createUser, deleteUser, toCurrentUser, updateUser, userFootprint } from "./service";
import { ownerPresenceOf, tellOwner } from "../owner-present";

const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** For the typed client only: these routes read their own body (`parse: "none"`, the picture streamed to disk). */
const MemberForm = t.Optional(t.Object({ ...AdminUserUpdateBody.properties, profilePic: t.Optional(t.File()) }));
const RegisterForm = t.Optional(t.Object({ ...RegisterBody.properties, profilePic: t.Optional(t.File()) }));

/**
 * Member administration. The spec codes two families of calls for the same actions (`/api/admin/...` and
 * `/api/users/...`); both are served by the same handlers. Forms are multipart (with an optional `profilePic`) or
 * JSON.
 */
export const usersAdminRoutes = (deps: Deps) => {
  const { db } = deps;
  const presence = ownerPresenceOf(deps);
  const uploadsDir = deps.env.uploadsDir;
  const list = ({ query }: { query: UsersQuery }) => adminUserList(db, query);
  /** The member form, multipart with an optional picture, or JSON. */
  const readForm = async <S extends typeof AdminUserUpdateBody | typeof RegisterBody>(request: Request, schema: S) => {
    const fields = Object.keys(schema.properties);
    const form = await readUploadForm(request, { uploadsDir, file: { ...pictureRule("profilePic"), required: false, fields } });
    return { body: formValues(schema, form.fields), picture: form.file };
  };
  const withPicture = async (row: UserRow, picture: TempUpload | null) => {
    if (!picture) return toCurrentUser(row);
    const profilePic = await replaceProfilePicture(db, uploadsDir, row, "profilePic", picture);
    return toCurrentUser({ ...row, profilePic });
  };
  const register = async ({ request, set }: { request: Request; set: { status?: number | string } }) => {
    const { body, picture } = await readForm(request, RegisterBody);
    const row = await createUser(db, body, (tx, user) => queueInvitation(tx, deps.env, user));
    set.status = 201;
    return withPicture(row, picture);
  };
  const update = async ({ request, params, viewer }: { request: Request; params: { id: string }; viewer: ValidSession }) => {
    const { body, picture } = await readForm(request, AdminUserUpdateBody);
    // Another member's e-mail, alias or password: the admin's own proof first (issue 30, ./service.ts).
    const { row, changed } = await updateUser(db, viewer, params.id, body, presence);
    // The journal names the admin (its actor) and says what they did to the member's way in (issue 30 §4).
    if (body.password && params.id !== viewer.user.id) noteForAudit(request, "mot de passe remplacé par un administrateur");
    // The member is told of each way in an admin replaced (issue 30 §2), the old address too on an e-mail change.
    const userAgent = request.headers.get("user-agent");
    if (changed.email) {
      await tellOwner(deps, row, { what: `Un administrateur a remplacé l'adresse e-mail de votre compte par ${row.email}.`, userAgent }, [changed.email, row.email]);
    }
    if (changed.nickname) await tellOwner(deps, row, { what: "Un administrateur a modifié votre alias de connexion.", userAgent });
    if (changed.password) {
      await tellOwner(deps, row, { what: "Un administrateur a remplacé votre mot de passe\u00a0; vos sessions ont été fermées.", userAgent });
    }
    return withPicture(row, picture);
  };
  const remove = async ({ params, query, viewer }: { params: { id: string }; query: { transferTo?: string }; viewer: ValidSession }) => {
    const { row, answer } = await deleteUser(db, viewer.user, params.id, query.transferTo);
    await removeProfilePictures(uploadsDir, row);
    return answer;
  };

  return new Elysia({ name: "users-admin" })
    .use(authPlugin(deps))
    .use(rebuildPlugin(deps))
    // The spec's array unless a page is asked for (the paged shape is opt-in: docs/DECISIONS.md).
    .get("/api/admin/users", list, { admin: true, query: UsersQuery, response: { 200: t.Union([t.Array(CurrentUser), UserPage]) } })
    .get("/api/users", list, { admin: true, query: UsersQuery, response: { 200: t.Union([t.Array(CurrentUser), UserPage]) } })
    .get("/api/admin/users/:id/footprint", ({ params }) => userFootprint(db, params.id), {
      admin: true,
      params: idParams,
      response: { 200: UserFootprint },
    })
    // Many members join or leave a circle: one journal entry per member (written by the route), one rebuild.
    .post("/api/admin/users/bulk", ({ body, viewer }) => bulkUsers(db, body, { id: viewer.user.id, nickname: viewer.user.nickname }), {
      admin: true,
      body: BulkUsersBody,
      rebuild: () => ({ kind: "member" }),
      audit: "self",
      response: { 200: BulkResult },
    })
    // Public member grids and author pages list members: every change rebuilds.
    .post("/api/admin/register", register, { admin: true, rebuild: "member", parse: "none", body: RegisterForm, response: { 201: CurrentUser } })
    .put("/api/admin/users/:id", update, { admin: true, rebuild: "member", parse: "none", body: MemberForm, params: idParams, response: { 200: CurrentUser } })
    .put("/api/users/:id/admin-full-update", update, {
      admin: true,
      rebuild: "member",
      parse: "none",
      body: MemberForm,
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
