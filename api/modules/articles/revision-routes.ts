import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { Article, RestoreBody, Revision, RevisionSummary } from "./model";
import { previewResponse } from "./preview";
import { getRevision, listRevisions } from "./revisions";
import { findArticle } from "./service";
import { articleForWrite, restoreRevision, type Actor } from "./writes";

type Viewer = { user: { id: string; nickname: string } };

/**
 * « Historique » (issue 20 §4) for both doors: on /api/user/* the article's authors only (others get the 403 of
 * any write), on /api/admin/* every article. A restore is a save and follows the rules of an edit: a member's
 * restore of an approved article waits for approval (no rebuild), an admin's is published (a rebuild).
 */
export const revisionRoutes = (deps: Deps) => {
  const { db } = deps;
  const as = (viewer: Viewer, admin: boolean): Actor => ({ id: viewer.user.id, nickname: viewer.user.nickname, admin });
  const list = async (id: string, actor: Actor) => listRevisions(db, await articleForWrite(db, id, actor));
  const one = async (id: string, revision: string, actor: Actor) => getRevision(db, await articleForWrite(db, id, actor), revision);
  return (
    new Elysia({ name: "article-revisions" })
      .use(authPlugin(deps))
      .use(rebuildPlugin(deps))
      .get("/api/user/articles/:id/revisions", ({ params, viewer }) => list(params.id, as(viewer, false)), {
        signedIn: true,
        response: { 200: t.Array(RevisionSummary) },
      })
      .get("/api/user/articles/:id/revisions/:revision", ({ params, viewer }) => one(params.id, params.revision, as(viewer, false)), {
        signedIn: true,
        response: { 200: Revision },
      })
      .post(
        "/api/user/articles/:id/revisions/:revision/restore",
        ({ params, viewer, body }) => restoreRevision(db, params.id, params.revision, as(viewer, false), body?.version),
        { signedIn: true, body: RestoreBody, rebuild: () => null, response: { 200: Article } },
      )
      // « Aperçu » (issue 20 §3): the working text as its public page will look; authors here, admins below.
      .get(
        "/api/user/articles/:id/preview",
        ({ params, viewer }) =>
          previewResponse(deps, async () => {
            await articleForWrite(db, params.id, as(viewer, false));
            return findArticle(db, params.id);
          }),
        { signedIn: true },
      )
      .get("/api/admin/articles/:id/preview", ({ params }) => previewResponse(deps, () => findArticle(db, params.id)), { admin: true })
      .get("/api/admin/articles/:id/revisions", ({ params, viewer }) => list(params.id, as(viewer, true)), {
        admin: true,
        response: { 200: t.Array(RevisionSummary) },
      })
      .get("/api/admin/articles/:id/revisions/:revision", ({ params, viewer }) => one(params.id, params.revision, as(viewer, true)), {
        admin: true,
        response: { 200: Revision },
      })
      .post(
        "/api/admin/articles/:id/revisions/:revision/restore",
        ({ params, viewer, body }) => restoreRevision(db, params.id, params.revision, as(viewer, true), body?.version),
        { admin: true, body: RestoreBody, rebuild: "article", response: { 200: Article } },
      )
  );
};
