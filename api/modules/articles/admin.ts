import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { readUploadForm } from "../../lib/uploads/form";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { bulkArticles } from "./bulk";
import { readPublishAt } from "../schedule/publish-at";
import { readArticleInput } from "./input";
import { adminArticlePage } from "./listing";
import { AdminArticleBody, ArticlePage, BulkArticlesBody, BulkResult, AdminArticlesQuery, ApproveBody, ApproveEditBody, Article, ArticlePictures, RefuseEditBody, ArticleState, Done, OnlineBody } from "./model";
import { findArticle } from "./service";
import { deleteArticlePicture, pictureRule, saveArticlePicture } from "./pictures";
import { createArticle, deleteArticle, setArticleFlag, updateArticle } from "./writes";
import { approvePendingEdit, rejectPendingEdit } from "./pending-edit";

const PictureBody = (field: "originalPic" | "croppedPic") => t.Optional(t.Object({ [field]: t.File() }));

/** A toggle changes what the public sees only when the other flag already lets the article through. */
const visibleChange = (other: "approved" | "online") => ({ response }: { response: unknown }) => {
  const state = response as ArticleState;
  return state[other] ? { kind: "article" as const, id: state._id } : null;
};

/** The back office (/api/admin/*): every article in any state, moderation toggles, authors chosen by the admin. */
export const adminArticleRoutes = (deps: Deps) => {
  const { db } = deps;
  const uploadsDir = deps.env.uploadsDir;
  const admin = (viewer: { user: { id: string; nickname: string } }) => ({ id: viewer.user.id, nickname: viewer.user.nickname, admin: true });
  return (
    new Elysia({ name: "articles-admin" })
      .use(authPlugin(deps))
      .use(rebuildPlugin(deps))
      .get("/api/admin/articles", ({ query }) => adminArticlePage(db, query), {
        admin: true,
        query: AdminArticlesQuery,
        response: { 200: ArticlePage },
      })
      // Many articles at once: one journal entry per article (written by the route), one rebuild for the batch.
      .post("/api/admin/articles/bulk", ({ body, viewer }) => bulkArticles(db, uploadsDir, body, { id: viewer.user.id, nickname: viewer.user.nickname }), {
        admin: true,
        body: BulkArticlesBody,
        rebuild: () => ({ kind: "article" }),
        audit: "self",
        response: { 200: BulkResult },
      })
      // By id or by url.
      .get("/api/admin/articles/:id", ({ params }) => findArticle(db, params.id), { admin: true, response: { 200: Article } })
      .post("/api/admin/articles", ({ body, viewer }) => createArticle(db, readArticleInput(body, deps.env.articleMaxChars, "admin"), admin(viewer)), {
        admin: true,
        body: AdminArticleBody,
        rebuild: "article",
        response: { 200: Article },
      })
      .put("/api/admin/articles/:id", ({ params, body, viewer }) => updateArticle(db, params.id, readArticleInput(body, deps.env.articleMaxChars, "admin"), admin(viewer)), {
        admin: true,
        body: AdminArticleBody,
        rebuild: "article",
        response: { 200: Article },
      })
      .delete("/api/admin/articles/:id", ({ params, viewer }) => deleteArticle(db, params.id, admin(viewer)), {
        admin: true,
        // The move to the trash journals itself (action « trash »), for members too.
        audit: "self",
        rebuild: "article",
        response: { 200: Done },
      })
      .put("/api/admin/articles/:id/approve", ({ params, body }) => setArticleFlag(db, params.id, "approved", body?.approved, readPublishAt(body?.publishAt, "publication")), {
        admin: true,
        body: ApproveBody,
        rebuild: visibleChange("online"),
        response: { 200: ArticleState },
      })
      // « Refuser la modification » (issue 20 §2, 32 §3): nothing public changes, so no rebuild; journaled as « reject ».
      .post("/api/admin/articles/:id/pending-edit/reject", ({ params, body }) => rejectPendingEdit(db, params.id, body ?? {}), {
        admin: true,
        body: RefuseEditBody,
        response: { 200: Article },
      })
      // « Approuver la modification » (issue 32 §3): the edit becomes the public text; journaled as « approve ».
      .post("/api/admin/articles/:id/pending-edit/approve", ({ params, body }) => approvePendingEdit(db, params.id, body ?? {}), {
        admin: true,
        body: ApproveEditBody,
        rebuild: "article",
        response: { 200: Article },
      })
      .put("/api/admin/articles/:id/online", ({ params, body }) => setArticleFlag(db, params.id, "online", body?.online), {
        admin: true,
        body: OnlineBody,
        rebuild: visibleChange("approved"),
        response: { 200: ArticleState },
      })
      .put(
        "/api/admin/articles/:id/article-pic/original",
        ({ params, viewer, request }) =>
          saveArticlePicture(db, uploadsDir, params.id, admin(viewer), "articlePicOriginal", () =>
            readUploadForm(request, { uploadsDir, file: pictureRule("originalPic") }),
          ),
        { admin: true, parse: "none", body: PictureBody("originalPic"), rebuild: () => null, response: { 200: ArticlePictures } },
      )
      .post(
        "/api/admin/articles/:id/article-pic-crop",
        ({ params, viewer, request }) =>
          saveArticlePicture(db, uploadsDir, params.id, admin(viewer), "articlePic", () =>
            readUploadForm(request, { uploadsDir, file: pictureRule("croppedPic") }),
          ),
        { admin: true, parse: "none", body: PictureBody("croppedPic"), rebuild: "article", response: { 200: ArticlePictures } },
      )
      .delete("/api/admin/articles/:id/article-pic", ({ params, viewer }) => deleteArticlePicture(db, uploadsDir, params.id, admin(viewer)), {
        admin: true,
        rebuild: "article",
        response: { 200: ArticlePictures },
      })
  );
};
