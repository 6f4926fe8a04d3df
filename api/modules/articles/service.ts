import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articleAuthors, articleMedia, articles, articleThemes, media, themes, users, type ArticleRow } from "../../../db/schema";
import type { Media } from "../media/model";
import { NotFoundError } from "../../lib/errors";
import { excerpt, groupBy } from "../../lib/group";
import { mediaIsLive, mediaIsPublic, listMedia } from "../media/service";
import { summaryColumns, toUserSummary } from "../members/mappers";
import type { UserSummary } from "../members/summary";
import type { ThemeRef } from "../themes/model";
import type { Article, ArticleSummary } from "./model";
import { editRefusals, pendingRevision } from "./revisions";

/** Not in the trash (« Corbeille »): every read but the trash's own carries it (api/modules/trash). */
export const articleIsLive = isNull(articles.deletedAt);

/** What the public may see: out of the trash, approved by an admin and online. */
export const articleIsPublic = and(articleIsLive, eq(articles.approved, true), eq(articles.online, true))!;

export type ArticleFilter = {
  authorId?: string;
  themeId?: string;
  includeHidden?: boolean;
  /** A member's view: public articles plus the ones they (co-)wrote in any state; media counted likewise. */
  viewerId?: string;
  /** Only these articles (a page of the admin table, search results). */
  ids?: string[];
};

/** Ids of the articles a member (co-)wrote, through the join table's user index. */
export async function articleIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ id: articleAuthors.articleId }).from(articleAuthors).where(eq(articleAuthors.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * The WHERE of a listing, or null when it matches nothing. An author filter becomes an id list first: the join
 * table's index makes that cheap.
 */
export async function articleConditions(db: Db, filter: ArticleFilter): Promise<SQL | undefined | null> {
  const where: SQL[] = [articleIsLive];
  if (filter.ids) {
    if (filter.ids.length === 0) return null;
    where.push(inArray(articles.id, filter.ids));
  }
  if (filter.viewerId && !filter.includeHidden) {
    const own = await articleIdsOf(db, filter.viewerId);
    where.push(own.length ? or(articleIsPublic, inArray(articles.id, own))! : articleIsPublic);
  } else if (!filter.includeHidden) where.push(articleIsPublic);
  if (filter.authorId) {
    const ids = await articleIdsOf(db, filter.authorId);
    if (ids.length === 0) return null;
    where.push(inArray(articles.id, ids));
  }
  return where.length ? and(...where) : undefined;
}

/** Which linked media an article's count includes: public ones, plus the viewer's own, or all for admins. */
function countedMedia(filter: ArticleFilter): SQL | undefined {
  if (filter.viewerId) return and(mediaIsLive, or(mediaIsPublic, eq(media.uploadedBy, filter.viewerId)));
  return filter.includeHidden ? mediaIsLive : mediaIsPublic;
}

/** "This article_media row belongs to an article of that author" (keeps an author page's counts small). */
function authorOf(userId: string): SQL {
  return sql`${articleMedia.articleId} in (select article_id from article_authors where user_id = ${userId})`;
}

/**
 * Authors and themes of the articles matching `where`, grouped by article id. Given the ids (a page of a list),
 * the link tables are read by article id alone: joining `articles` for the WHERE made SQLite loop over every
 * theme first (twice the time for a page of 50).
 */
async function relations(db: Db, where: SQL | undefined, ids?: string[]) {
  const [authorRows, themeRows] = await Promise.all([
    db
      .select({ articleId: articleAuthors.articleId, user: summaryColumns })
      .from(articleAuthors)
      .innerJoin(users, eq(users.id, articleAuthors.userId))
      .innerJoin(articles, eq(articles.id, articleAuthors.articleId))
      .where(ids ? inArray(articleAuthors.articleId, ids) : where)
      .orderBy(asc(articleAuthors.position)),
    ids
      ? db
          .select({ articleId: articleThemes.articleId, id: themes.id, name: themes.name, url: themes.url })
          .from(articleThemes)
          .innerJoin(themes, eq(themes.id, articleThemes.themeId))
          .where(inArray(articleThemes.articleId, ids))
          .orderBy(asc(themes.name))
      : db
          .select({ articleId: articleThemes.articleId, id: themes.id, name: themes.name, url: themes.url })
          .from(articleThemes)
          .innerJoin(themes, eq(themes.id, articleThemes.themeId))
          .innerJoin(articles, eq(articles.id, articleThemes.articleId))
          .where(where)
          .orderBy(asc(themes.name)),
  ]);
  const authors = new Map<string, UserSummary[]>();
  for (const [id, rows] of groupBy(authorRows, (r) => r.articleId)) authors.set(id, rows.map((r) => toUserSummary(r.user)));
  const themeRefs = new Map<string, ThemeRef[]>();
  for (const [id, rows] of groupBy(themeRows, (r) => r.articleId)) {
    themeRefs.set(id, rows.map((r) => ({ _id: r.id, name: r.name, url: r.url })));
  }
  return { authors, themes: themeRefs };
}

/**
 * The columns of a summary row. Only the start of the text is needed for the excerpt: bodies stay in the database.
 * Written with the table's name: drizzle renders a column inside sql`` without it, which the subqueries of
 * `pageSummariesQuery` would bind to their own tables.
 */
const articleSummaryColumns = {
  id: articles.id,
  title: articles.title,
  url: articles.url,
  articlePic: articles.articlePic,
  keywords: articles.keywords,
  createdAt: articles.createdAt,
  approved: articles.approved,
  online: articles.online,
  draft: articles.draft,
  pendingEdit: sql<number>`"articles"."pending_revision_id" is not null`,
  publishAt: articles.publishAt,
  head: sql<string>`substr("articles"."txt_content", 1, 400)`,
};

type SummaryRow = Pick<ArticleRow, "id" | "title" | "url" | "articlePic" | "keywords" | "createdAt" | "approved" | "online" | "draft" | "publishAt"> & {
  pendingEdit: number;
  head: string;
};

function toSummary(r: SummaryRow, themes: ThemeRef[], authors: UserSummary[], mediaCount: number): ArticleSummary {
  return {
    _id: r.id,
    title: r.title,
    url: r.url,
    articlePic: r.articlePic,
    themes,
    authors,
    keywords: r.keywords,
    createdAt: r.createdAt.toISOString(),
    excerpt: excerpt(r.head),
    mediaCount,
    approved: r.approved,
    online: r.online,
    draft: r.draft,
    pendingEdit: !!r.pendingEdit,
    publishAt: r.publishAt?.toISOString() ?? null,
  };
}

/** Articles newest first (then by id: the site build sorts the same way, site/src/lib/api.ts), without their bodies. */
export async function listArticleSummaries(db: Db, filter: ArticleFilter = {}): Promise<ArticleSummary[]> {
  const where = await articleConditions(db, filter);
  if (where === null) return [];
  const [rows, rel, mediaCounts] = await Promise.all([
    db
      .select(articleSummaryColumns)
      .from(articles)
      .where(where)
      .orderBy(desc(articles.createdAt), asc(articles.id)),
    relations(db, where, filter.ids),
    // Counted over every article and looked up per listed one: joining `articles` here as well makes SQLite
    // nest loops over media x articles (seconds at 5,000 articles).
    db
      .select({ articleId: articleMedia.articleId, n: count() })
      .from(articleMedia)
      .innerJoin(media, eq(media.id, articleMedia.mediaId))
      .where(
        and(
          countedMedia(filter),
          filter.authorId ? authorOf(filter.authorId) : undefined,
          filter.ids ? inArray(articleMedia.articleId, filter.ids) : undefined,
        ),
      )
      .groupBy(articleMedia.articleId),
  ]);
  const counts = new Map(mediaCounts.map((c) => [c.articleId, c.n]));
  let list = rows;
  if (filter.themeId) list = list.filter((r) => rel.themes.get(r.id)?.some((t) => t._id === filter.themeId));
  return list.map((r) => toSummary(r, rel.themes.get(r.id) ?? [], rel.authors.get(r.id) ?? [], counts.get(r.id) ?? 0));
}

/**
 * For the site build's change feed (issue 31 §1): the summaries of those of `ids` that are public, each the same
 * object the whole list carries. The build places them itself (newest first, then by id, as the list is ordered).
 */
export function publicSummariesByIds(db: Db, ids: string[]): Promise<ArticleSummary[]> {
  return ids.length ? listArticleSummaries(db, { ids }) : Promise.resolve([]);
}

/**
 * The summaries of one page of a list (any state, out of the trash), in one statement: each article's authors
 * and themes gathered as JSON and its media counted by correlated subqueries, each walking its link table's index
 * for that article. Four statements (rows, authors, themes, media counts) cost 4–9 ms a page at 50,000 articles;
 * most of it was per-statement work on the one process that answers every request. Media are counted as
 * `countedMedia` does: every live one for an admin, the public ones plus their own for a member (`viewerId`).
 */
export async function pageArticleSummaries(db: Db, ids: string[], viewerId?: string): Promise<ArticleSummary[]> {
  if (ids.length === 0) return [];
  const rows = await pageSummariesQuery(db, ids, viewerId);
  return rows.map((r) => toSummary(r, JSON.parse(r.themes) as ThemeRef[], JSON.parse(r.authors) as UserSummary[], Number(r.mediaCount)));
}

/** The one statement of `pageArticleSummaries` (its plan is checked in api/lib/list-query-plans.test.ts). */
export function pageSummariesQuery(db: Db, ids: string[], viewerId?: string) {
  // Subqueries name "articles" in full (see articleSummaryColumns).
  const counted = viewerId ? sql`and ((m.approved = 1 and m.online = 1) or m.uploaded_by = ${viewerId})` : sql``;
  return db
    .select({
      ...articleSummaryColumns,
      authors: sql<string>`(select json_group_array(json_object('_id', u.id, 'firstname', u.firstname, 'name', u.name, 'nickname', u.nickname, 'profilePic', u.profile_pic) order by aa.position)
        from article_authors aa join users u on u.id = aa.user_id where aa.article_id = "articles"."id")`,
      themes: sql<string>`(select json_group_array(json_object('_id', th.id, 'name', th.name, 'url', th.url) order by th.name)
        from article_themes at join themes th on th.id = at.theme_id where at.article_id = "articles"."id")`,
      mediaCount: sql<number>`(select count(*) from article_media am join media m on m.id = am.media_id
        where am.article_id = "articles"."id" and m.deleted_at is null ${counted})`,
    })
    .from(articles)
    .where(and(articleIsLive, inArray(articles.id, ids)));
}

/** One article with its bodies and its media; 404 when absent or not public (unless includeHidden). */
export async function getArticle(db: Db, url: string, opts: { includeHidden?: boolean } = {}): Promise<Article> {
  const where = and(eq(articles.url, url), opts.includeHidden ? articleIsLive : articleIsPublic);
  const [row] = await db.select().from(articles).where(where).limit(1);
  if (!row) throw new NotFoundError("Article non trouvé.");
  return withRelations(db, row, opts);
}

/**
 * One article by id or by url (an id wins), whatever its state but out of the trash; 404 when there is none.
 * With its pending edit in place of the approved text (its authors' and admins' view).
 */
export async function findArticle(db: Db, idOrUrl: string): Promise<Article> {
  const row = await articleRowOf(db, idOrUrl);
  return withPendingEdit(db, row, await withRelations(db, row, { includeHidden: true }));
}

/** The live row by id or url (an id wins over a url that happens to equal it), 404 when none. */
async function articleRowOf(db: Db, idOrUrl: string): Promise<ArticleRow> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(articleIsLive, or(eq(articles.id, idOrUrl), eq(articles.url, idOrUrl))))
    .orderBy(desc(sql`${articles.id} = ${idOrUrl}`))
    .limit(1);
  if (!row) throw new NotFoundError("Article non trouvé.");
  return row;
}

/**
 * The article as its authors and admins work on it: with its pending edit (revisions.ts) in place of the
 * approved text. Only the signed-in reads go through here; the public ones read the row alone.
 */
async function withPendingEdit(db: Db, row: ArticleRow, article: Article): Promise<Article> {
  const [rev, refusals] = await Promise.all([pendingRevision(db, row), editRefusals(db, [row.id])]);
  // « Modification refusée » (issue 32 §3): for these readers only, like the pending edit itself.
  article = { ...article, editRefusal: refusals.get(row.id) ?? null };
  if (!rev) return article;
  const [themeRows, linked] = await Promise.all([
    rev.themes.length
      ? db.select({ id: themes.id, name: themes.name, url: themes.url }).from(themes).where(inArray(themes.id, rev.themes)).orderBy(asc(themes.name))
      : [],
    listMedia(db, { ids: rev.media, includeHidden: true }),
  ]);
  const order = new Map(rev.media.map((id, i) => [id, i]));
  linked.sort((a, b) => order.get(a._id)! - order.get(b._id)!);
  return {
    ...article,
    title: rev.title,
    articlePic: rev.articlePic,
    txt_content: rev.txtContent,
    html_content: rev.htmlContent,
    keywords: rev.keywords,
    themes: themeRows.map((t) => ({ _id: t.id, name: t.name, url: t.url })),
    media: linked,
  };
}

async function withRelations(db: Db, row: ArticleRow, opts: { includeHidden?: boolean }): Promise<Article> {
  const one = eq(articles.id, row.id);
  const [rel, links] = await Promise.all([
    relations(db, one),
    db
      .select({ mediaId: articleMedia.mediaId })
      .from(articleMedia)
      .where(eq(articleMedia.articleId, row.id))
      .orderBy(asc(articleMedia.position)),
  ]);
  const linked = await listMedia(db, { ids: links.map((l) => l.mediaId), includeHidden: opts.includeHidden });
  const order = new Map(links.map((l, i) => [l.mediaId, i]));
  linked.sort((a, b) => order.get(a._id)! - order.get(b._id)!);
  return toArticle(row, rel, linked);
}

/**
 * One article (by id or url) as a signed-in person may see it: admins see every article; a member sees public
 * ones and those they co-authored (pending or offline included). Anything else is "not found", not "forbidden",
 * so the existence of someone else's draft is not revealed.
 */
export async function getArticleFor(db: Db, idOrUrl: string, viewer: { id: string; role: "admin" | "user" }): Promise<Article> {
  const row = await articleRowOf(db, idOrUrl);
  const article = await withRelations(db, row, { includeHidden: true });
  const own = viewer.role === "admin" || article.authors.some((a) => a._id === viewer.id);
  if (!own && !(article.approved && article.online)) throw new NotFoundError("Article non trouvé.");
  // Another member reads the approved text, never an edit still waiting for review.
  return own ? withPendingEdit(db, row, article) : article;
}

/**
 * Every public article with its bodies and media, newest first, in one answer: the static build needs them all, and
 * one set of queries costs far less than one request per article (5,000 requests took most of a build at that
 * size). With `ids`, only those of them that are public (the build's reads of the articles a change touched, issue
 * 31 §1: each is the same object the whole list carries).
 */
export async function listFullArticles(db: Db, ids?: string[]): Promise<Article[]> {
  if (ids && ids.length === 0) return [];
  const where = ids ? and(articleIsPublic, inArray(articles.id, ids))! : articleIsPublic;
  const [rows, rel, links, allMedia] = await Promise.all([
    db.select().from(articles).where(where).orderBy(desc(articles.createdAt), asc(articles.id)),
    // Given the ids, the link tables are read by article id alone (as for a page of a list).
    relations(db, where, ids),
    db
      .select({ articleId: articleMedia.articleId, mediaId: articleMedia.mediaId })
      .from(articleMedia)
      .where(ids ? inArray(articleMedia.articleId, ids) : undefined)
      .orderBy(asc(articleMedia.articleId), asc(articleMedia.position)),
    ids ? null : listMedia(db),
  ]);
  // The public media: all of them for the whole list, those linked for a few articles (the same filter either way).
  const visibleMedia = allMedia ?? (await listMedia(db, { ids: [...new Set(links.map((l) => l.mediaId))] }));
  const mediaById = new Map(visibleMedia.map((m) => [m._id, m]));
  const mediaOf = groupBy(links, (l) => l.articleId);
  return rows.map((row) => toArticle(row, rel, (mediaOf.get(row.id) ?? []).flatMap((l) => mediaById.get(l.mediaId) ?? [])));
}

type Relations = Awaited<ReturnType<typeof relations>>;

/** The wire shape of one article from its row, its relations and its (already filtered) media. */
function toArticle(row: ArticleRow, rel: Relations, linked: Media[]): Article {
  return {
    _id: row.id,
    title: row.title,
    url: row.url,
    articlePic: row.articlePic,
    themes: rel.themes.get(row.id) ?? [],
    authors: rel.authors.get(row.id) ?? [],
    keywords: row.keywords,
    createdAt: row.createdAt.toISOString(),
    txt_content: row.txtContent,
    html_content: row.htmlContent,
    media: linked,
    approved: row.approved,
    online: row.online,
    draft: row.draft,
    version: row.version,
    pendingEdit: row.pendingRevisionId !== null,
    publishAt: row.publishAt?.toISOString() ?? null,
  };
}
