/**
 * The two signed-in lists of articles: the member's (their own in any state plus the community's public ones,
 * searchable; one page of it with `page`) and the back office's page (sorted, filtered, searched and cut by the
 * database through api/lib/list-query.ts, so it stays fast at 50,000).
 */
import { and, count, eq, inArray, isNotNull, isNull, not, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articleAuthors, articles, media } from "../../../db/schema";
import { dayRange, ftsSearch, isOn, listPage, type CountParts, type ListSpec } from "../../lib/list-query";
import type { ArticlePage, AdminArticlesQuery, ARTICLE_SORTS, ArticleSummary, MemberArticlesQuery, MemberStats } from "./model";
import { mediaIsLive } from "../media/service";
import { editRefusals } from "./revisions";
import { searchMatcher, type Matcher } from "./search";
import { articleConditions, articleIdsOf, articleIsLive, articleIsPublic, listArticleSummaries, pageArticleSummaries, type ArticleFilter } from "./service";

/** Ids of the articles matching `filter` whose title, text or keywords hold every word of the query. */
async function searchIds(db: Db, filter: ArticleFilter, matches: NonNullable<Matcher>): Promise<string[]> {
  const where = await articleConditions(db, filter);
  if (where === null) return [];
  const rows = await db
    .select({ id: articles.id, title: articles.title, text: articles.txtContent, keywords: articles.keywords })
    .from(articles)
    .where(where);
  return rows.filter((r) => matches(r.title, r.text, r.keywords.join(" "))).map((r) => r.id);
}

/**
 * GET /api/user/articles: the caller's articles in any state and the other members' public ones, newest first,
 * each with its approved and online flags. `mine` keeps only the caller's; `q` searches.
 *
 * Two reads merged (the public list and the caller's own) rather than one "public OR mine" condition: SQLite
 * cannot use the visibility index for the OR, and the joins of the summaries then scanned every article
 * (1.2 s against 0.3 s for the public list at 5,000 articles, measured on a loaded machine).
 */
export async function memberArticles(db: Db, viewerId: string, opts: { q?: string; mine?: boolean }): Promise<ArticleSummary[]> {
  const matches = searchMatcher(opts.q);
  const found = matches ? await searchIds(db, opts.mine ? { authorId: viewerId, includeHidden: true } : { viewerId }, matches) : undefined;
  // A short list of results is read by id; past a few hundred, an IN list costs more than reading every summary
  // and keeping the results (500 ids: 140 ms of CPU, all 5,000 summaries: 250 ms).
  const ids = found && found.length <= IN_LIST_MAX ? found : undefined;
  const keep = found && !ids ? new Set(found) : null;
  const own = await withRefusals(db, await listArticleSummaries(db, { authorId: viewerId, includeHidden: true, viewerId, ids }), viewerId);
  const others = opts.mine ? [] : await listArticleSummaries(db, { ids });
  const ownIds = new Set(own.map((a) => a._id));
  const list = [...own, ...others.filter((a) => !ownIds.has(a._id))].filter((a) => !keep || keep.has(a._id));
  // ISO dates: text order is time order.
  return list.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

const IN_LIST_MAX = 300;

/**
 * The article lists for api/lib/list-query.ts. Titles and authors sort on folded keys (French order: « Économie »
 * beside « Eau »); status puts pending first (what needs an admin), then approved but offline, then published,
 * newest first within each. Each sort has its index in db/schema/articles.ts.
 */
export const ARTICLE_LIST: ListSpec<(typeof ARTICLE_SORTS)[number]> = {
  table: articles,
  id: articles.id,
  sorts: {
    recent: { keys: [articles.createdAt], dir: "desc" },
    title: { keys: [articles.titleKey], dir: "asc" },
    author: { keys: [articles.authorKey, { key: articles.createdAt, reverse: true }], dir: "asc" },
    // Pending (approved 0, draft 0) first, then drafts, then offline, then published: the order of articles_status_idx.
    status: { keys: [articles.approved, articles.draft, articles.online, { key: articles.createdAt, reverse: true }], dir: "asc" },
  },
  defaultSort: "recent",
  changeFed: true,
  search: ftsSearch(articles, "articles_fts"),
  live: { where: articleIsLive, trashed: isNotNull(articles.deletedAt) },
};

/**
 * The status filter: « Brouillon » (draft), « En attente » (submitted, waiting for an admin: drafts are not),
 * approved, online, offline. Drafts and pending both start with approved = 0, so each walks articles_status_idx.
 */
export function articleStatusWhere(status?: MemberArticlesQuery["status"]): SQL | undefined {
  if (!status) return undefined;
  if (status === "draft") return and(eq(articles.approved, false), eq(articles.draft, true));
  // Scheduled articles (publish_at set) are decided already: not « En attente ».
  if (status === "pending") return and(eq(articles.approved, false), eq(articles.draft, false), isNull(articles.publishAt));
  // « Modification en attente »: an approved article whose edit waits for an admin (revisions.ts).
  if (status === "edited") return and(eq(articles.approved, true), isNotNull(articles.pendingRevisionId));
  if (status === "scheduled") return isNotNull(articles.publishAt);
  if (status === "approved") return eq(articles.approved, true);
  return eq(articles.online, status === "online");
}

/** Articles (co-)written by a member, through the join table's user index. */
const writtenBy = (userId: string): SQL => inArray(articles.id, sql`(select article_id from article_authors where user_id = ${userId})`);

/** What a member sees: their own articles in any state and the public ones; only theirs with `mine=1`; only the others' public ones with `mine=0` (« Articles des membres »). */
function visibleTo(viewerId: string, mine: string | undefined): SQL {
  if (isOn(mine)) return writtenBy(viewerId);
  if (mine === "0") return and(articleIsPublic, notInArray(articles.id, sql`(select article_id from article_authors where user_id = ${viewerId})`))!;
  // Approved and online, without articleIsPublic's « not in the trash »: the list's WHERE starts with it already,
  // and repeated inside the OR it made SQLite read each article's row (not only the sort's index) to test it: a
  // member's page by status took 4–25 ms instead of 0.4–0.7 at 50,000 articles.
  return or(and(eq(articles.approved, true), eq(articles.online, true)), writtenBy(viewerId))!;
}

/**
 * The WHERE of an article list: the filters shared by the admin and member lists, and for a member (`viewerId`)
 * what they may see (`visibleTo`).
 */
export function articleWhere(query: MemberArticlesQuery, member?: { viewerId: string }): (SQL | undefined)[] {
  const visible = member ? visibleTo(member.viewerId, query.mine) : undefined;
  return [
    // First and always: the lists' indexes cover live rows only (db/schema/articles.ts).
    articleIsLive,
    visible,
    articleStatusWhere(query.status),
    query.theme ? inArray(articles.id, sql`(select article_id from article_themes where theme_id = ${query.theme})`) : undefined,
    query.author ? writtenBy(query.author) : undefined,
    dayRange(articles.createdAt, query.from, query.to),
  ];
}

/** The summaries of one page's articles, read by id in any state (media counted for `viewerId` when given). */
const summariesOf = (db: Db, viewerId?: string) => async (ids: string[]) => withRefusals(db, await pageArticleSummaries(db, ids, viewerId), viewerId);

/**
 * « Modification refusée » (issue 32 §3) on the articles of the list that its reader may see it on: every one for
 * an admin (no `viewerId`), only their own for a member; the others' rows carry no such field.
 */
async function withRefusals<T extends ArticleSummary>(db: Db, list: T[], viewerId?: string): Promise<T[]> {
  const own = (a: ArticleSummary) => !viewerId || a.authors.some((u) => u._id === viewerId);
  const refusals = await editRefusals(db, list.filter(own).map((a) => a._id));
  return list.map((a) => (own(a) ? { ...a, editRefusal: refusals.get(a._id) ?? null } : a));
}

/** GET /api/admin/articles: one page of every article, sorted, filtered and searched by the database. */
export function adminArticlePage(db: Db, query: AdminArticlesQuery): Promise<ArticlePage> {
  return listPage(db, ARTICLE_LIST, query, articleWhere(query), summariesOf(db), (a) => a._id);
}

/**
 * GET /api/user/articles?page=…: one page of what a member sees (their own articles in any state and the public
 * ones; only theirs with `mine`), with the admin list's sorts, filters and search.
 */
export function memberArticlePage(db: Db, viewerId: string, query: MemberArticlesQuery): Promise<ArticlePage> {
  return listPage(db, ARTICLE_LIST, query, articleWhere(query, { viewerId }), summariesOf(db, viewerId), (a) => a._id, memberArticleParts(viewerId, query));
}

/**
 * How a member's view is counted: the public articles plus the member's own that are not public, two index ranges,
 * not the OR of `articleWhere` (its plan reads the table). `mine=1` and `mine=0` are single conditions already.
 */
export function memberArticleParts(viewerId: string, query: MemberArticlesQuery): CountParts | undefined {
  const filters = articleWhere(query);
  const both = !isOn(query.mine) && query.mine !== "0";
  return both ? [[articleIsPublic, ...filters], [writtenBy(viewerId), not(articleIsPublic), ...filters]] : undefined;
}

/**
 * GET /api/user/articles: one page when `page` is given, else the whole list. (One function, not a ternary of two
 * promises in the handler: Elysia 1.4's handler analysis then answered `[null]`.)
 */
export function memberArticleList(db: Db, viewerId: string, query: MemberArticlesQuery): Promise<ArticleSummary[] | ArticlePage> {
  if (query.page !== undefined) return memberArticlePage(db, viewerId, query);
  return memberArticles(db, viewerId, { q: query.q, mine: isOn(query.mine) });
}

/** The caller's own counts for the member dashboard: articles they (co-)wrote and media they uploaded, any state. */
export async function memberStats(db: Db, userId: string): Promise<MemberStats> {
  const [states, [uploaded]] = await Promise.all([
    db
      .select({ approved: articles.approved, online: articles.online, draft: articles.draft, publishAt: articles.publishAt })
      .from(articleAuthors)
      .innerJoin(articles, eq(articles.id, articleAuthors.articleId))
      .where(and(eq(articleAuthors.userId, userId), articleIsLive)),
    db.select({ n: count() }).from(media).where(and(eq(media.uploadedBy, userId), mediaIsLive)),
  ]);
  return {
    articles: states.length,
    published: states.filter((s) => s.approved && s.online).length,
    // As the « En attente » filter: a scheduled article is decided already.
    pending: states.filter((s) => !s.approved && !s.draft && !s.publishAt).length,
    drafts: states.filter((s) => s.draft).length,
    media: uploaded?.n ?? 0,
  };
}
