import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { Article, ArticleSummary } from "./model";
import { getArticle, listArticleSummaries, listFullArticles } from "./service";

/** What visitors and the static build read: approved and online articles only. */
export const publicArticleRoutes = (deps: Deps) =>
  new Elysia({ name: "articles-public" })
    .get("/api/public/articles", () => listArticleSummaries(deps.db), { response: t.Array(ArticleSummary) })
    .get("/api/public/articles/full", () => listFullArticles(deps.db), { response: t.Array(Article) })
    .get("/api/public/article/:url", ({ params }) => getArticle(deps.db, params.url), { response: { 200: Article } });
