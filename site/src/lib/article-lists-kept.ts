/**
 * The article lists' sorts and cuts kept by the build process from one build to the next (issue 31): at 50,000
 * articles, sorting and cutting thirteen lists in three sorts, then comparing ~9,000 pages' props, was a dozen
 * passes over the summaries per build. Here a build that follows the one this structure was last made in (the
 * summaries' store counts its refreshes: lib/api.ts `articlesChange`) takes the summaries that left and came,
 * finds each by binary search in each sort, and cuts again only from the page of the first change until the cut
 * meets the old one again (cuts are content-defined: lib/article-pages.ts). The pages before and after are the
 * same arrays as before, so the pages a change did not reach are known without being compared.
 *
 * The result equals `cutPages(sortArticles(all, sort))` (lib/article-lists-kept.test.ts compares them over a series
 * of changes); anything unexpected (another version, a summary that left and is not found) sorts and cuts anew.
 */
import type { ArticleSummary } from "../../../api/contract";
import type { StoreChange } from "./store-change";
import { type ArticleListSort, cutPages, isPageEnd, listOrder, sortArticles } from "./article-pages";
import { lowerBound } from "./list-order";
import { sameValue } from "./pages-in-part";

type Kept = {
  /** The summaries' version this was made from (-1: from a list that is not the store's, e.g. « Aperçu »). */
  version: number;
  rows: ArticleSummary[];
  cut: ArticleSummary[][];
  /** Where each page of `cut` ends in `rows` (exclusive). */
  ends: number[];
  /** The pages (indexes) that may differ from the cut before this version; null: any may (see `keptCut`). */
  changed: number[] | null;
  /** How many articles the list holds. */
  length: number;
};

const kept = new Map<string, Kept>();

export type Change = StoreChange<ArticleSummary>;

function endsOf(cut: readonly ArticleSummary[][]): number[] {
  let at = 0;
  return cut.map((page) => (at += page.length));
}

/** Sorted and cut anew. */
function whole(all: readonly ArticleSummary[], sort: ArticleListSort, version: number): Kept {
  const rows = sortArticles(all, sort);
  const cut = cutPages(rows);
  return { version, rows, cut, ends: endsOf(cut), changed: null, length: rows.length };
}

/** The kept list after `removed` left and `added` came, or null when a summary that left is not in it. */
function advance(before: Kept, sort: ArticleListSort, removed: readonly ArticleSummary[], added: readonly ArticleSummary[], version: number): Kept | null {
  const order = listOrder(sort);
  const old = before.rows;
  // Where the old and new rows start to differ (`low`) and from where on they are the same again (`high`), in the
  // old rows' places: an added row goes where the old rows it follows end.
  let low = old.length;
  let high = 0;
  const gone: number[] = [];
  for (const a of removed) {
    const at = lowerBound(old, a, order);
    if (old[at] !== a) return null;
    gone.push(at);
    low = Math.min(low, at);
    high = Math.max(high, at + 1);
  }
  for (const a of added) {
    const at = lowerBound(old, a, order);
    low = Math.min(low, at);
    high = Math.max(high, at);
  }
  if (gone.length === 0 && added.length === 0) return { ...before, version, changed: [], length: old.length };
  const rows = old.slice();
  for (const at of gone.sort((x, y) => y - x)) rows.splice(at, 1);
  for (const a of added) rows.splice(lowerBound(rows, a, order), 0, a);
  const shift = rows.length - old.length;
  // The page holding the first change, from its start (the same place in both: the rows before are the same).
  let first = 0;
  while (first < before.ends.length - 1 && before.ends[first]! <= low) first++;
  const start = first === 0 ? 0 : before.ends[first - 1]!;
  const pages: ArticleSummary[][] = [];
  let page: ArticleSummary[] = [];
  let resume = -1;
  for (let i = start; i < rows.length; i++) {
    page.push(rows[i]!);
    if (!isPageEnd(page, rows[i]!)) continue;
    pages.push(page);
    page = [];
    const end = i + 1;
    // Past the changes, a page ending where an old one ends (the same rows after): the old pages from there on.
    if (end - shift >= high) {
      const k = lowerBound(before.ends, end - shift, (x, y) => x - y);
      if (before.ends[k] === end - shift && k < before.cut.length - 1) {
        resume = k + 1;
        break;
      }
    }
  }
  if (resume < 0 && (page.length || (pages.length === 0 && first === 0))) pages.push(page);
  const cut = [...before.cut.slice(0, first), ...pages, ...(resume < 0 ? [] : before.cut.slice(resume))];
  const changed = cut.length === before.cut.length ? pages.map((_, i) => first + i) : null;
  return { version, rows, cut, ends: endsOf(cut), changed, length: rows.length };
}

/**
 * The list called `name` (its theme's url, "" for every article) in `sort`, cut into pages, made from the last
 * build's when `change` follows it; `inList` tells which summaries belong to the list. `changed`: the pages that may
 * differ from the last build's cut (their indexes), or null when any may (first time, a whole sort, or a page count
 * that moved: every page shows the count). Asked again in the same build, the same answer.
 */
export function keptCut(
  all: () => readonly ArticleSummary[],
  name: string,
  sort: ArticleListSort,
  change: Change,
  inList: (a: ArticleSummary) => boolean,
): { cut: ArticleSummary[][]; changed: number[] | null; length: number } {
  const key = `${name}\u0000${sort}`;
  const before = kept.get(key);
  const version = change?.version ?? -1;
  if (before && version >= 0 && before.version === version) return before;
  let next: Kept | null = null;
  if (before && change?.delta && before.version === version - 1) {
    next = advance(before, sort, change.delta.removed.filter(inList), change.delta.added.filter(inList), version);
  }
  next ??= whole(all(), sort, version);
  kept.set(key, next);
  return next;
}

/** The theme navigation of the last listing (every further page shows it). */
let lastNav: unknown = null;

/** Whether the lists' theme navigation is the last listing's (else every page of every list changed); keeps `nav`. */
export function sameNavAsLast(nav: { name: string; url: string }[]): boolean {
  const same = lastNav !== null && sameValue(lastNav, nav);
  lastNav = nav;
  return same;
}
