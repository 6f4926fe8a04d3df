import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { Article, ArticleSummary } from "./model";
import { getArticle, listArticleSummaries } from "./service";

export const articlesRoutes = ({ db }: Deps) =>
  new Elysia({ name: "articles" })
    .get("/api/public/articles", () => listArticleSummaries(db), { response: t.Array(ArticleSummary) })
    .get("/api/public/article/:url", ({ params }) => getArticle(db, params.url), { response: { 200: Article } });
