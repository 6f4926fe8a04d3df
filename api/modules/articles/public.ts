import { Elysia, t } from "elysia";
import type { Deps } from "../../deps";
import { strict } from "../../lib/strict-schema";
import { articleChangesSince, MAX_CHANGED_ARTICLES } from "./changes";
import { Article, ArticleSummary } from "./model";
import { getArticle, listArticleSummaries, listFullArticles, publicSummariesByIds } from "./service";

/** A comma-separated list of article ids, as the site build sends the ones the change feed named. */
const IDS_QUERY = () =>
  t.String({ pattern: `^[A-Za-z0-9_-]*(,[A-Za-z0-9_-]+){0,${MAX_CHANGED_ARTICLES - 1}}$`, maxLength: 8000, error: IDS_ERROR });

const IDS_ERROR = `Indiquez au plus ${MAX_CHANGED_ARTICLES} identifiants d’articles, séparés par des virgules.`;

/** The ids of an `ids` query (empty for `ids=`). */
const idList = (ids: string) => ids.split(",").filter(Boolean);

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
    // The order of the public list and the summaries of the articles the change feed named (the site build).
    .get("/api/public/articles/summaries", ({ query }) => publicSummariesByIds(deps.db, idList(query.ids)), {
      query: strict(t.Object({ ids: IDS_QUERY() })),
      response: t.Object({ order: t.Array(t.String()), summaries: t.Array(ArticleSummary) }),
    })
    // The change feed: which articles may have changed since a sequence number (api/modules/articles/changes.ts).
    .get("/api/public/articles/changes", ({ query }) => articleChangesSince(deps.db, query.since), {
      // Without `since`: only the newest sequence number (a first read takes every article anyway).
      query: strict(t.Object({ since: t.Optional(t.Numeric({ minimum: 0, error: "Indiquez un numéro de changement (un entier positif)." })) })),
      response: t.Object({ latest: t.Number(), articles: t.Nullable(t.Array(t.String())) }),
    })
    .get("/api/public/article/:url", ({ params }) => getArticle(deps.db, params.url), { response: { 200: Article } });
