/**
 * The public article lists (/articles and each theme's /articles/{theme}) as prerendered pages of 50 rows per sort
 * (issue 23): a visitor downloads one page of a list, never all of it, with or without JavaScript; the three sorts
 * still cover every article, and page links reach every one. Addresses:
 *   /articles                      most recent first, page 1      /articles/page/2
 *   /articles/tri/titre            by title                       /articles/tri/titre/page/2
 *   /articles/tri/auteur           by first author                /articles/tri/auteur/page/2
 *   /articles/{theme}, /articles/{theme}/page/2, /articles/{theme}/tri/titre, …
 * Theme addresses therefore never take the words of shared/theme-urls.ts (the theme routes refuse them).
 * Pure: the page templates and the tests read the same cut.
 */
import type { ArticleSummary } from "../../../api/contract";
import { frenchCollator } from "./collate";
import { fullName } from "./format";

export const LIST_PAGE_SIZE = 50;

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
const firstAuthor = (a: ArticleSummary) => (a.authors[0] ? fullName(a.authors[0]) : "");

/** The list in one sort: titles and names in French order (accents, numbers), ties newest first; no author last. */
export function sortArticles(all: readonly ArticleSummary[], sort: ArticleListSort): ArticleSummary[] {
  const rows = all.slice().sort(newestFirst);
  if (sort === "title") return rows.sort((a, b) => frenchCollator.compare(a.title, b.title) || newestFirst(a, b));
  if (sort === "author") {
    return rows.sort((a, b) => {
      const [x, y] = [firstAuthor(a), firstAuthor(b)];
      if (!x || !y) return x ? -1 : y ? 1 : newestFirst(a, b);
      return frenchCollator.compare(x, y) || newestFirst(a, b);
    });
  }
  return rows;
}

export type ArticleListPage = { sort: ArticleListSort; page: number; pages: number; rows: ArticleSummary[] };

/** Every page of a list, every sort: at least one page per sort (the empty state), then one per 50 rows. */
export function articleListPages(all: readonly ArticleSummary[]): ArticleListPage[] {
  const pages = Math.max(1, Math.ceil(all.length / LIST_PAGE_SIZE));
  return ARTICLE_LIST_SORTS.flatMap(({ key }) => {
    const sorted = sortArticles(all, key);
    return Array.from({ length: pages }, (_, i) => ({ sort: key, page: i + 1, pages, rows: sorted.slice(i * LIST_PAGE_SIZE, (i + 1) * LIST_PAGE_SIZE) }));
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
