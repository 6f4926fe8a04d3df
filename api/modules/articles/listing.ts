/**
 * The two signed-in lists of articles: the member's (their own in any state plus the community's public ones,
 * searchable) and the back office's page (sorted, filtered and cut by the server, so it stays fast at 5,000).
 */
import { and, count, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articleAuthors, articles, media, users } from "../../../db/schema";
import type { AdminArticlePage, AdminArticlesQuery, ArticleSummary, MemberStats } from "./model";
import { matchesTerms, searchTerms } from "./search";
import { articleConditions, articleIdsOf, listArticleSummaries, type ArticleFilter } from "./service";

/** Ids of the articles matching `filter` whose title, text or keywords hold every term. */
async function searchIds(db: Db, filter: ArticleFilter, terms: string[]): Promise<string[]> {
  const where = await articleConditions(db, filter);
  if (where === null) return [];
  const rows = await db
    .select({ id: articles.id, title: articles.title, text: articles.txtContent, keywords: articles.keywords })
    .from(articles)
    .where(where);
  return rows.filter((r) => matchesTerms(terms, r.title, r.text, r.keywords.join(" "))).map((r) => r.id);
}

/**
 * GET /api/user/articles: the caller's articles in any state and the other members' public ones, newest first,
 * each with its approved and online flags. `mine` keeps only the caller's; `q` searches.
 */
export async function memberArticles(db: Db, viewerId: string, opts: { q?: string; mine?: boolean }): Promise<ArticleSummary[]> {
  const filter: ArticleFilter = opts.mine ? { authorId: viewerId, includeHidden: true, viewerId } : { viewerId };
  const terms = searchTerms(opts.q);
  if (terms.length === 0) return listArticleSummaries(db, filter);
  return listArticleSummaries(db, { ...filter, ids: await searchIds(db, filter, terms) });
}

const STATUS_WHERE: Record<NonNullable<AdminArticlesQuery["status"]>, SQL> = {
  pending: eq(articles.approved, false),
  approved: eq(articles.approved, true),
  online: eq(articles.online, true),
  offline: eq(articles.online, false),
};

const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

type Line = { id: string; title: string; createdAt: Date; approved: boolean; online: boolean; author?: string };

/** Pending first (what needs an admin), then approved but offline, then published; newest first within each. */
const statusRank = (l: Line) => (l.approved ? 2 : 0) + (l.online ? 1 : 0);
const newestFirst = (a: Line, b: Line) => b.createdAt.getTime() - a.createdAt.getTime();

const SORTS: Record<NonNullable<AdminArticlesQuery["sort"]>, (a: Line, b: Line) => number> = {
  recent: newestFirst,
  // French order ("Économie" next to "Eau", not after "Z"), which SQLite's collations cannot give.
  title: (a, b) => collator.compare(a.title, b.title) || newestFirst(a, b),
  author: (a, b) =>
    (a.author === undefined ? 1 : 0) - (b.author === undefined ? 1 : 0) ||
    collator.compare(a.author ?? "", b.author ?? "") ||
    newestFirst(a, b),
  status: (a, b) => statusRank(a) - statusRank(b) || newestFirst(a, b),
};

/** First author of each article ("Name Firstname", to sort by family name). */
async function firstAuthors(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ articleId: articleAuthors.articleId, position: articleAuthors.position, name: users.name, firstname: users.firstname })
    .from(articleAuthors)
    .innerJoin(users, eq(users.id, articleAuthors.userId));
  const best = new Map<string, { position: number; label: string }>();
  for (const r of rows) {
    const seen = best.get(r.articleId);
    if (!seen || r.position < seen.position) best.set(r.articleId, { position: r.position, label: `${r.name} ${r.firstname}` });
  }
  return new Map([...best].map(([id, v]) => [id, v.label]));
}

/**
 * GET /api/admin/articles: one page of every article. Sorting and filtering run over a light projection of all
 * rows (no bodies unless searching); only the page's articles are then read in full.
 */
export async function adminArticlePage(db: Db, query: AdminArticlesQuery): Promise<AdminArticlePage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 50;
  const sort = query.sort ?? "recent";
  const terms = searchTerms(query.q);
  const where = query.status ? STATUS_WHERE[query.status] : undefined;
  const [rows, authors] = await Promise.all([
    terms.length
      ? db
          .select({
            id: articles.id,
            title: articles.title,
            createdAt: articles.createdAt,
            approved: articles.approved,
            online: articles.online,
            text: articles.txtContent,
            keywords: articles.keywords,
          })
          .from(articles)
          .where(where)
          .then((all) => all.filter((r) => matchesTerms(terms, r.title, r.text, r.keywords.join(" "))))
      : db
          .select({ id: articles.id, title: articles.title, createdAt: articles.createdAt, approved: articles.approved, online: articles.online })
          .from(articles)
          .where(where),
    sort === "author" ? firstAuthors(db) : null,
  ]);
  const lines: Line[] = rows.map((r) => ({ ...r, author: authors?.get(r.id) }));
  lines.sort(SORTS[sort]);
  const pageIds = lines.slice((page - 1) * pageSize, page * pageSize).map((l) => l.id);
  const items = await listArticleSummaries(db, { ids: pageIds, includeHidden: true });
  const order = new Map(pageIds.map((id, i) => [id, i]));
  items.sort((a, b) => order.get(a._id)! - order.get(b._id)!);
  return { items, total: lines.length, page, pageSize };
}

/** The caller's own counts for the member dashboard: articles they (co-)wrote and media they uploaded, any state. */
export async function memberStats(db: Db, userId: string): Promise<MemberStats> {
  const [own, [uploaded]] = await Promise.all([
    articleIdsOf(db, userId),
    db.select({ n: count() }).from(media).where(and(eq(media.uploadedBy, userId))),
  ]);
  return { articles: own.length, media: uploaded?.n ?? 0 };
}
