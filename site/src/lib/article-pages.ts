/**
 * The public article lists (/articles and each theme's /articles/{theme}) as prerendered pages per sort (issue 23):
 * a visitor downloads one page of a list, never all of it, with or without JavaScript; the three sorts still cover
 * every article, and page links reach every one. Addresses:
 *   /articles                      most recent first, page 1      /articles/page/2
 *   /articles/tri/titre            by title                       /articles/tri/titre/page/2
 *   /articles/tri/auteur           by first author                /articles/tri/auteur/page/2
 *   /articles/{theme}, /articles/{theme}/page/2, /articles/{theme}/tri/titre, …
 * Theme addresses therefore never take the words of shared/theme-urls.ts (the theme routes refuse them).
 *
 * Where a page ends is decided by the rows themselves, not by counting from the top (content-defined cuts, as
 * rsync and backup tools cut files): a page ends after an article whose address hashes to a mark, once it holds
 * PAGE_MIN rows, or at PAGE_MAX. Publishing, withdrawing or renaming one article then changes the page it is on and
 * nothing else (unless it is itself a mark: one in MARK_EVERY), so a partial build renders a handful of list pages,
 * not all of them (scripts/partial-build.ts compares each page's props). Pages hold about 50 rows.
 * Pure: the page templates and the tests read the same cut.
 */
import type { ArticleSummary } from "../../../api/contract";
import { frenchCollator } from "./collate";
import { fullName } from "./format";

/** Rows a page holds at least (unless it is the list's last) and at most; about 50 on average. */
export const PAGE_MIN = 10;
export const PAGE_MAX = 100;
/** One article in MARK_EVERY ends a page (past PAGE_MIN): 10 + 40 rows a page on average. */
const MARK_EVERY = 40;

/** FNV-1a of the article's address: stable from build to build, spread evenly. */
function marks(url: string): boolean {
  let h = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) h = Math.imul(h ^ url.charCodeAt(i), 0x01000193);
  return (h >>> 0) % MARK_EVERY === 0;
}

/** `marks` once per row object (the kept summaries are cut again at every build). */
const marked = new WeakMap<object, boolean>();
function marksRow(row: { url: string }): boolean {
  let mark = marked.get(row);
  if (mark === undefined) marked.set(row, (mark = marks(row.url)));
  return mark;
}

/** Whether `page`, whose last row is `row`, ends there (see above). */
export function isPageEnd(page: readonly unknown[], row: { url: string }): boolean {
  return page.length >= PAGE_MAX || (page.length >= PAGE_MIN && marksRow(row));
}

/** The list cut into pages where its rows say (see above). */
export function cutPages<T extends { url: string }>(rows: readonly T[]): T[][] {
  const pages: T[][] = [];
  let page: T[] = [];
  for (const row of rows) {
    page.push(row);
    if (isPageEnd(page, row)) {
      pages.push(page);
      page = [];
    }
  }
  if (page.length || pages.length === 0) pages.push(page);
  return pages;
}

export const ARTICLE_LIST_SORTS = [
  { key: "recent", segment: "", label: "Plus récents" },
  { key: "title", segment: "titre", label: "Par titre" },
  { key: "author", segment: "auteur", label: "Par auteur" },
] as const;

export type ArticleListSort = (typeof ARTICLE_LIST_SORTS)[number]["key"];

/** The address of one page of a list: `base` is /articles or a theme's /articles/{theme}. */
export function listHref(base: string, sort: ArticleListSort, page: number): string {
  const segment = ARTICLE_LIST_SORTS.find((s) => s.key === sort)!.segment;
  return `${base}${segment ? `/tri/${segment}` : ""}${page > 1 ? `/page/${page}` : ""}`;
}

const newestFirst = (a: ArticleSummary, b: ArticleSummary) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.url < b.url ? -1 : 1);
/** The first author's name, once per summary object (a sort asks it twice per comparison: 1.6 million times at 50,000). */
const authorNames = new WeakMap<ArticleSummary, string>();
const firstAuthor = (a: ArticleSummary) => {
  let name = authorNames.get(a);
  if (name === undefined) authorNames.set(a, (name = a.authors[0] ? fullName(a.authors[0]) : ""));
  return name;
};

/** Each sort's order: titles and names in French order (accents, numbers), ties newest first; no author last. */
const ORDER: Record<ArticleListSort, (a: ArticleSummary, b: ArticleSummary) => number> = {
  recent: newestFirst,
  title: (a, b) => frenchCollator.compare(a.title, b.title) || newestFirst(a, b),
  author: (a, b) => {
    const [x, y] = [firstAuthor(a), firstAuthor(b)];
    if (!x || !y) return x ? -1 : y ? 1 : newestFirst(a, b);
    return frenchCollator.compare(x, y) || newestFirst(a, b);
  },
};

/** The list in one sort (each order is total: the address breaks the last ties). */
export function sortArticles(all: readonly ArticleSummary[], sort: ArticleListSort): ArticleSummary[] {
  return all.slice().sort(ORDER[sort]);
}

/** Each sort's order (lib/article-lists-kept.ts keeps the lists in it). */
export function listOrder(sort: ArticleListSort): (a: ArticleSummary, b: ArticleSummary) => number {
  return ORDER[sort];
}

export type ArticleListPage = { sort: ArticleListSort; page: number; pages: number; rows: ArticleSummary[] };

/** Every page of a list, every sort: at least one page per sort (the empty state). */
export function articleListPages(all: readonly ArticleSummary[]): ArticleListPage[] {
  return ARTICLE_LIST_SORTS.flatMap(({ key }) => {
    const cut = cutPages(sortArticles(all, key));
    return cut.map((rows, i) => ({ sort: key, page: i + 1, pages: cut.length, rows }));
  });
}

/** The path of a page below /articles (the rest parameter of pages/articles/[...list].astro); "" for /articles. */
export function listRest(themeUrl: string | null, sort: ArticleListSort, page: number): string {
  return listHref(themeUrl ?? "", sort, page).replace(/^\/+/, "");
}

/**
 * The page numbers a pager shows: the first, the last, and two around the current one, with null where numbers are
 * left out (« … »). 1 2 3 4 5 … 100, 1 … 48 49 50 51 52 … 100.
 */
export function pagerNumbers(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const last = out.at(-1);
    if (typeof last === "number" && n - last === 2) out.push(n - 1);
    else if (typeof last === "number" && n - last > 2) out.push(null);
    out.push(n);
  }
  return out;
}
