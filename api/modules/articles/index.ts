import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { authPlugin } from "../../plugins/auth";
import { Article, ArticleSummary } from "./model";
import { getArticle, getArticleFor, listArticleSummaries, listFullArticles } from "./service";

export const articlesRoutes = (deps: Deps) =>
  new Elysia({ name: "articles" })
    .use(authPlugin(deps))
    .get("/api/public/articles", () => listArticleSummaries(deps.db), { response: t.Array(ArticleSummary) })
    .get("/api/public/articles/full", () => listFullArticles(deps.db), { response: t.Array(Article) })
    .get("/api/public/article/:url", ({ params }) => getArticle(deps.db, params.url), { response: { 200: Article } })
    .get("/api/user/articles/:url", ({ params, viewer }) => getArticleFor(deps.db, params.url, viewer.user), {
      signedIn: true,
      response: { 200: Article },
    })
    .get("/api/admin/articles/:url", ({ params, viewer }) => getArticleFor(deps.db, params.url, viewer.user), {
      admin: true,
      response: { 200: Article },
    });
