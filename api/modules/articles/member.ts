import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { readUploadForm } from "../../lib/uploads/form";
import { authPlugin } from "../../plugins/auth";
import { rebuildPlugin } from "../../plugins/rebuild";
import { withPendingQuota } from "../upload-quota/service";
import { Theme } from "../themes/model";
import { listThemes } from "../themes/service";
import { readArticleInput } from "./input";
import { memberArticleList, memberStats } from "./listing";
import { BODY_PICTURE_RULE, saveBodyPicture } from "./body-pictures";
import { Article, ArticleBody, ArticleRules, ArticlePage, ArticlePictures, ArticleSummary, BodyPicture, Done, MemberArticlesQuery, MemberStats } from "./model";
import { getArticleFor } from "./service";
import { deleteArticlePicture, pictureRule, saveArticlePicture } from "./pictures";
import { createArticle, deleteArticle, updateArticle } from "./writes";

/** Multipart picture bodies are read by the streaming upload reader, not by Elysia; the schema types Eden. */
const PictureBody = (field: "originalPic" | "croppedPic") => t.Optional(t.Object({ [field]: t.File() }));

/**
 * The member space (/api/user/*): the caller's own articles in any state next to the community's public ones.
 * A member writes only what they (co-)author (403 otherwise) and what they write waits for an admin.
 */
export const memberArticleRoutes = (deps: Deps) => {
  const { db } = deps;
  const uploadsDir = deps.env.uploadsDir;
  const maxChars = deps.env.articleMaxChars;
  const me = (viewer: { user: { id: string; nickname: string } }) => ({ id: viewer.user.id, nickname: viewer.user.nickname, admin: false });
  return (
    new Elysia({ name: "articles-member" })
      .use(authPlugin(deps))
      .use(rebuildPlugin(deps))
      // The spec's whole list (an array) unless a page is asked for (the paged shape is opt-in: docs/DECISIONS.md).
      .get("/api/user/articles", ({ viewer, query }) => memberArticleList(db, viewer.user.id, query), {
        signedIn: true,
        query: MemberArticlesQuery,
        response: { 200: t.Union([t.Array(ArticleSummary), ArticlePage]) },
      })
      // A picture for the editor, before the article is saved: private to its uploader until an approved article
      // shows it (body-pictures.ts). Counted by the upload rate and, for members, the pending quota.
      .post(
        "/api/user/articles/body-pictures",
        ({ viewer, request }) =>
          withPendingQuota(deps, viewer.user, request, () =>
            saveBodyPicture(db, uploadsDir, viewer.user.id, () => readUploadForm(request, { uploadsDir, file: BODY_PICTURE_RULE })),
          ),
        { signedIn: true, parse: "none", body: t.Optional(t.Object({ picture: t.File() })), rebuild: () => null, response: { 200: BodyPicture } },
      )
      // The submission rules the forms check before sending (member and admin apps): the server's, not a copy.
      .get("/api/user/articles/rules", () => ({ maxChars }), { signedIn: true, response: { 200: ArticleRules } })
      // By id (the edit form) or by url (the site's preview of an author's unpublished article).
      .get("/api/user/articles/:id", ({ params, viewer }) => getArticleFor(db, params.id, viewer.user), {
        signedIn: true,
        response: { 200: Article },
      })
      // A new article is pending: nothing the public sees changes, so no rebuild.
      .post("/api/user/articles", ({ body, viewer }) => createArticle(db, readArticleInput(body, maxChars, "member"), me(viewer)), {
        signedIn: true,
        body: ArticleBody,
        rebuild: () => null,
        response: { 200: Article },
      })
      // Nothing the public reads changes: an edit of an approved article waits for approval (revisions.ts), and
      // other articles are not public.
      .put("/api/user/articles/:id", ({ params, body, viewer }) => updateArticle(db, params.id, readArticleInput(body, maxChars, "member"), me(viewer)), {
        signedIn: true,
        body: ArticleBody,
        rebuild: () => null,
        response: { 200: Article },
      })
      .delete("/api/user/articles/:id", ({ params, viewer }) => deleteArticle(db, params.id, me(viewer)), {
        signedIn: true,
        rebuild: "article",
        response: { 200: Done },
      })
      // The original is kept to redo the crop later; it is never shown, so nothing public changes.
      .put(
        "/api/user/articles/:id/article-pic/original",
        ({ params, viewer, request }) =>
          withPendingQuota(deps, viewer.user, request, () =>
            saveArticlePicture(db, uploadsDir, params.id, me(viewer), "articlePicOriginal", () =>
              readUploadForm(request, { uploadsDir, file: pictureRule("originalPic") }),
            ),
          ),
        { signedIn: true, parse: "none", body: PictureBody("originalPic"), rebuild: () => null, response: { 200: ArticlePictures } },
      )
      .post(
        "/api/user/articles/:id/article-pic-crop",
        ({ params, viewer, request }) =>
          withPendingQuota(deps, viewer.user, request, () =>
            saveArticlePicture(db, uploadsDir, params.id, me(viewer), "articlePic", () =>
              readUploadForm(request, { uploadsDir, file: pictureRule("croppedPic") }),
            ),
          ),
        { signedIn: true, parse: "none", body: PictureBody("croppedPic"), rebuild: "article", response: { 200: ArticlePictures } },
      )
      .delete("/api/user/articles/:id/article-pic", ({ params, viewer }) => deleteArticlePicture(db, uploadsDir, params.id, me(viewer)), {
        signedIn: true,
        rebuild: "article",
        response: { 200: ArticlePictures },
      })
      // The article form's theme checkboxes.
      .get("/api/user/themes", () => listThemes(db), { signedIn: true, response: { 200: t.Array(Theme) } })
      .get("/api/user/stats", ({ viewer }) => memberStats(db, viewer.user.id), { signedIn: true, response: { 200: MemberStats } })
  );
};
