/**
 * The state of a paged list (page, page size, sort, direction, search, filters), kept in the address so that a
 * filtered list can be bookmarked, shared, reloaded and walked back through with the browser's back button. One
 * shape for every list; each screen declares its sorts and filters once (`ListConfig`). Pure: tested alone.
 */
import { pluralWord } from "../../lib/format";

export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export type SortDir = "asc" | "desc";

/** What a list screen declares: its sorts (value, label, direction shown first) and the names of its filters. */
export type ListConfig<S extends string = string, F extends string = string> = {
  sorts: readonly (readonly [value: S, label: string, dir: SortDir])[];
  defaultSort: S;
  filters: readonly F[];
  defaultPageSize?: PageSize;
  /** Prefix of the address keys, for a second list on the same page (`membres.` → `?membres.page=2`). */
  prefix?: string;
};

export type ListState<S extends string = string, F extends string = string> = {
  page: number;
  pageSize: PageSize;
  sort: S;
  dir: SortDir;
  q: string;
  filters: Partial<Record<F, string>>;
};

/** Address keys a list owns (others, like an open modal's `edit`, are left alone). */
const OWN = ["page", "pageSize", "sort", "dir", "q"];

const defaultDir = <S extends string>(config: ListConfig<S>, sort: S): SortDir => config.sorts.find(([v]) => v === sort)?.[2] ?? "asc";

/** The list's state from a query string; anything unknown or malformed falls back to the defaults. */
export function readListState<S extends string, F extends string>(search: string, config: ListConfig<S, F>): ListState<S, F> {
  const all = new URLSearchParams(search);
  const params = { get: (key: string) => all.get(`${config.prefix ?? ""}${key}`) };
  const page = Number(params.get("page"));
  const size = Number(params.get("pageSize"));
  const sortText = params.get("sort") ?? "";
  const sort = (config.sorts.some(([v]) => v === sortText) ? sortText : config.defaultSort) as S;
  const dirText = params.get("dir");
  const filters: Partial<Record<F, string>> = {};
  for (const name of config.filters) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : (config.defaultPageSize ?? 50),
    sort,
    dir: dirText === "asc" || dirText === "desc" ? dirText : defaultDir(config, sort),
    q: (params.get("q") ?? "").slice(0, 200),
    filters,
  };
}

/** The query string of a state, other parameters kept; defaults left out so plain lists keep plain addresses. */
export function writeListState<S extends string, F extends string>(search: string, state: ListState<S, F>, config: ListConfig<S, F>): string {
  const all = new URLSearchParams(search);
  const key = (name: string) => `${config.prefix ?? ""}${name}`;
  const params = { delete: (name: string) => all.delete(key(name)), set: (name: string, value: string) => all.set(key(name), value) };
  for (const name of [...OWN, ...config.filters]) params.delete(name);
  for (const name of config.filters) {
    const value = state.filters[name];
    if (value) params.set(name, value);
  }
  if (state.q.trim()) params.set("q", state.q);
  if (state.sort !== config.defaultSort) params.set("sort", state.sort);
  if (state.dir !== defaultDir(config, state.sort)) params.set("dir", state.dir);
  if (state.pageSize !== (config.defaultPageSize ?? 50)) params.set("pageSize", String(state.pageSize));
  if (state.page > 1) params.set("page", String(state.page));
  // `?new` (the create modal) reads better without its "=".
  const text = all.toString().replace(/(^|&)new=(?=&|$)/, "$1new");
  return text ? `?${text}` : "";
}

/** The API query of a state: every parameter the list routes take (`page` always, which asks for the paged shape). */
export function apiQuery<S extends string, F extends string>(state: ListState<S, F>): Record<string, string | number> {
  const query: Record<string, string | number> = { page: state.page, pageSize: state.pageSize, sort: state.sort, dir: state.dir };
  if (state.q.trim()) query.q = state.q.trim();
  for (const [name, value] of Object.entries(state.filters)) if (value) query[name] = value as string;
  return query;
}

/** Whether a search or a filter narrows the list: its empty text then speaks of « cette sélection ». */
export function isFiltered(state: ListState): boolean {
  return Boolean(state.q.trim() || Object.values(state.filters).some(Boolean));
}

/** A stable store key for a state. */
export function stateKey(state: ListState): string {
  return JSON.stringify([state.page, state.pageSize, state.sort, state.dir, state.q.trim(), Object.entries(state.filters).sort()]);
}

/** A new state after a change: any change but the page itself goes back to page 1. */
export function nextState<S extends string, F extends string>(state: ListState<S, F>, change: Partial<ListState<S, F>>, config: ListConfig<S, F>): ListState<S, F> {
  const next = { ...state, ...change, filters: { ...state.filters, ...change.filters } };
  // Choosing another sort starts in its own direction, unless a direction is given with it.
  if (change.sort !== undefined && change.sort !== state.sort && change.dir === undefined) next.dir = defaultDir(config, change.sort);
  if (change.page === undefined) next.page = 1;
  return next;
}

/**
 * « Aucun article », « 1 article », « 1 234 articles » (French plural: 0 and 1 are singular, but 0 reads « Aucun »);
 * « plus de 10 000 articles » when the server counted a broad search up to its cap (`capped`).
 */
export function countText(total: number, noun: readonly [one: string, many: string], none: string, capped = false): string {
  if (capped) return `plus de ${total.toLocaleString("fr-FR")} ${noun[1]}`;
  return total === 0 ? none : `${total.toLocaleString("fr-FR")} ${pluralWord(total, ...noun)}`;
}
