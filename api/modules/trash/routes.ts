import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import type { Change } from "../../lib/change";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { purgeArticle, restoreArticle, type TrashActor } from "../articles/trash";
import { purgeOneMedia, restoreMedia } from "../media/trash";
import { trashPage } from "./listing";
import { TrashDone, TrashPage, TrashParams, TrashQuery, type TrashKind } from "./model";

type Viewer = { user: { id: string; nickname: string } };

/** A restored item is public again if it was before: the site is rebuilt for it. */
const restored = ({ params }: { params: Record<string, string | undefined> }): Change => ({ kind: params.kind as TrashKind, id: params.id });

/**
 * « Corbeille » for both audiences over one service: a member sees, restores and purges what they may delete
 * (articles they co-wrote, media they uploaded; 403 for another's, 404 for what is not in the trash), an admin
 * everything. The steps journal themselves (`audit: "self"`), members' included.
 */
export const trashRoutes = (deps: Deps) => {
  const { db } = deps;
  const uploadsDir = deps.env.uploadsDir;
  const restore = (kind: TrashKind, id: string, actor: TrashActor, route: string) =>
    kind === "article" ? restoreArticle(db, id, actor, route) : restoreMedia(db, id, actor, route);
  const purge = (kind: TrashKind, id: string, actor: TrashActor, route: string) =>
    kind === "article" ? purgeArticle(db, uploadsDir, id, actor, route) : purgeOneMedia(db, uploadsDir, id, actor, route);
  const as = (viewer: Viewer, admin: boolean): TrashActor => ({ id: viewer.user.id, nickname: viewer.user.nickname, admin });
  return new Elysia({ name: "trash" })
    .use(authPlugin(deps))
    .use(rebuildPlugin(deps))
    .get("/api/user/trash", ({ viewer, query }) => trashPage(db, { ownerId: viewer.user.id }, query), {
      signedIn: true,
      query: TrashQuery,
      response: { 200: TrashPage },
    })
    .post("/api/user/trash/:kind/:id/restore", ({ params, viewer }) => restore(params.kind, params.id, as(viewer, false), "POST /api/user/trash/:kind/:id/restore"), {
      signedIn: true,
      params: TrashParams,
      rebuild: restored,
      response: { 200: TrashDone },
    })
    // Nothing public changes: the item left the site when it went to the trash.
    .delete("/api/user/trash/:kind/:id", ({ params, viewer }) => purge(params.kind, params.id, as(viewer, false), "DELETE /api/user/trash/:kind/:id"), {
      signedIn: true,
      params: TrashParams,
      response: { 200: TrashDone },
    })
    .get("/api/admin/trash", ({ query }) => trashPage(db, {}, query), {
      admin: true,
      query: TrashQuery,
      response: { 200: TrashPage },
    })
    .post("/api/admin/trash/:kind/:id/restore", ({ params, viewer }) => restore(params.kind, params.id, as(viewer, true), "POST /api/admin/trash/:kind/:id/restore"), {
      admin: true,
      audit: "self",
      params: TrashParams,
      rebuild: restored,
      response: { 200: TrashDone },
    })
    .delete("/api/admin/trash/:kind/:id", ({ params, viewer }) => purge(params.kind, params.id, as(viewer, true), "DELETE /api/admin/trash/:kind/:id"), {
      admin: true,
      audit: "self",
      params: TrashParams,
      response: { 200: TrashDone },
    });
};
