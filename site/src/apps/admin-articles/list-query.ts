/**
 * The state of the back office's article list (page, sort, status filter), kept in the address so that the
 * dashboard's link `/admin/articles?status=pending` opens the filtered list and a reload shows the same page.
 * Pure: tested alone.
 */
export const ARTICLE_SORTS = [
  ["recent", "Plus récents"],
  ["title", "Par titre"],
  ["author", "Par auteur"],
  ["status", "Par statut"],
] as const;

export const ARTICLE_STATUSES = [
  ["", "Tous les articles"],
  ["pending", "En attente d'approbation"],
  ["approved", "Approuvés"],
  ["online", "En ligne"],
  ["offline", "Hors ligne"],
] as const;

export type ArticleSort = (typeof ARTICLE_SORTS)[number][0];
export type ArticleStatus = Exclude<(typeof ARTICLE_STATUSES)[number][0], "">;

/** Rows per page: the server cuts the list, so 5,000 articles cost what 50 do. */
export const PAGE_SIZE = 50;

export type ListQuery = { page: number; sort: ArticleSort; status: ArticleStatus | null };

const SORT_KEYS = new Set<string>(ARTICLE_SORTS.map(([k]) => k));
const STATUS_KEYS = new Set<string>(ARTICLE_STATUSES.map(([k]) => k).filter(Boolean));

/** The list's state from a query string; anything unknown falls back to the defaults. */
export function readListQuery(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const page = Number(params.get("page"));
  const sort = params.get("sort") ?? "";
  const status = params.get("status") ?? "";
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    sort: (SORT_KEYS.has(sort) ? sort : "recent") as ArticleSort,
    status: STATUS_KEYS.has(status) ? (status as ArticleStatus) : null,
  };
}

/** The query string for `q`, other parameters (an open modal's `edit`) kept; defaults left out. */
export function writeListQuery(search: string, q: ListQuery): string {
  const params = new URLSearchParams(search);
  for (const key of ["page", "sort", "status"]) params.delete(key);
  if (q.status) params.set("status", q.status);
  if (q.sort !== "recent") params.set("sort", q.sort);
  if (q.page > 1) params.set("page", String(q.page));
  const text = params.toString().replace(/(^|&)new=(?=&|$)/, "$1new");
  return text ? `?${text}` : "";
}

/** The store key part, stable for equal states: "page=2&sort=title&status=pending". */
export function queryKey(q: ListQuery): string {
  return `page=${q.page}&sort=${q.sort}&status=${q.status ?? ""}`;
}

/** Spec §2: « Aucun article », « 1 article », « n articles ». */
export function countLabel(total: number): string {
  if (total === 0) return "Aucun article";
  return total === 1 ? "1 article" : `${total.toLocaleString("fr-FR")} articles`;
}
