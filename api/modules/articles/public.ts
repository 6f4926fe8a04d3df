import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { idList, idsQuery } from "../../lib/ids-query";
import { strict } from "../../lib/strict-schema";
import { articleChangesSince } from "./changes";
import { Article, ArticleSummary } from "./model";
import { getArticle, listArticleSummaries, listFullArticles, publicSummariesByIds } from "./service";

const IDS_QUERY = () => idsQuery("d’articles");

/** What visitors and the static build read: approved and online articles only. */
export const publicArticleRoutes = (deps: Deps) =>
  new Elysia({ name: "articles-public" })
    .get("/api/public/articles", () => listArticleSummaries(deps.db), { response: t.Array(ArticleSummary) })
    // `ids`: only those articles, when public (the site build reads the articles a change touched, issue 31 §1).
    .get(
      "/api/public/articles/full",
      ({ query }) => listFullArticles(deps.db, query.ids === undefined ? undefined : idList(query.ids)),
      {
        query: strict(t.Object({
          ids: t.Optional(IDS_QUERY()),
        })),
        response: t.Array(Article),
      },
    )
    // The summaries of the articles the change feed named, when public (the site build).
    .get("/api/public/articles/summaries", ({ query }) => publicSummariesByIds(deps.db, idList(query.ids)), {
      query: strict(t.Object({ ids: IDS_QUERY() })),
      response: t.Array(ArticleSummary),
    })
    // The change feed: which articles, media and events may have changed since a sequence number
    // (api/modules/articles/changes.ts; one read per build for every list).
    .get("/api/public/articles/changes", ({ query }) => articleChangesSince(deps.db, query.since), {
      // Without `since`: only the newest sequence number (a first read takes every article anyway).
      query: strict(t.Object({ since: t.Optional(t.Numeric({ minimum: 0, error: "Indiquez un numéro de changement (un entier positif)." })) })),
      response: t.Object({
        latest: t.Number(),
        articles: t.Nullable(t.Array(t.String())),
        media: t.Nullable(t.Array(t.String())),
        events: t.Nullable(t.Array(t.String())),
      }),
    })
    .get("/api/public/article/:url", ({ params }) => getArticle(deps.db, params.url), { response: { 200: Article } });
