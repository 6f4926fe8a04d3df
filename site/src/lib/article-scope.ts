/**
 * The article pages a build lists (issue 31 §1): all of them when the build read the articles whole, else only
 * those the change feed's articles can reach. An article page shows the article, its authors (a member's change
 * names their articles in the feed) and its related articles; so a changed article reaches its own page, the pages
 * that showed it among their related articles (kept from the last listing: `relatedBy`), and the pages it may now
 * enter (lib/related.ts `mayEnterRelated`). At 50,000 articles that is a few dozen pages instead of 150,000 with the
 * citation files, each made from its props (scripts/partial-build.ts still compares them).
 *
 * What the last listing knew lives in this module (the build process keeps it from one build to the next) and is
 * only used on top of that listing (lib/listing-scope.ts); anything else lists every page.
 */
import type { ArticleSummary } from "../../../api/contract";
import { api, summaryOrder } from "./api";
import { continuesLastListing } from "./listing-scope";
import { perBuild } from "./per-build";
import { previewArticle } from "./preview-article";
import { keptRelatedFinder, mayEnterRelated, relatedFinder } from "./related";

/** Each listed article's address and related articles' ids, by id, as the last listing made them. */
let known = new Map<string, { url: string; related: string[] }>();
/** Article id -> the articles that list it among their related articles. */
let relatedBy = new Map<string, Set<string>>();

export type ArticleScope = {
  /** The articles whose pages this build lists. */
  listed: ArticleSummary[];
  /** Related articles of a listed article. */
  related: (article: { _id: string }) => ArticleSummary[];
  /** Listed in part: the addresses (urls) of every page touched, listed or gone; null when every page is listed. */
  touched: Set<string> | null;
};

function forget(id: string): void {
  for (const other of known.get(id)?.related ?? []) relatedBy.get(other)?.delete(id);
  known.delete(id);
}

function remember(article: ArticleSummary, related: readonly ArticleSummary[]): void {
  forget(article._id);
  known.set(article._id, { url: article.url, related: related.map((r) => r._id) });
  for (const r of related) {
    const set = relatedBy.get(r._id) ?? new Set<string>();
    set.add(article._id);
    relatedBy.set(r._id, set);
  }
}

/** The articles whose pages may differ from the last listing's, by id: what changed and what it reaches. */
function reached(changed: readonly string[], list: readonly ArticleSummary[], byId: ReadonlyMap<string, ArticleSummary>): Set<string> {
  const ids = new Set(changed);
  for (const id of changed) for (const other of relatedBy.get(id) ?? []) ids.add(other);
  for (const id of changed) {
    const now = byId.get(id);
    if (now) for (const other of mayEnterRelated(list, now, (x) => known.get(x)?.related, byId)) ids.add(other);
  }
  return ids;
}

export const articleScope = perBuild(async (): Promise<ArticleScope> => {
  const [list, changed, change] = await Promise.all([api.articles(), api.changedArticles(), api.articlesChange()]);
  // « Aperçu » renders one article page: list that one, and keep nothing (lib/preview-article.ts).
  const preview = previewArticle();
  // The build's list is the summaries' store, in its order: its subset files are kept from build to build.
  const relatedTo = preview ? relatedFinder(list) : keptRelatedFinder(list, change, summaryOrder);
  if (preview) {
    const listed = list.filter((a) => a._id === preview._id);
    const mine = listed[0] ? relatedTo(listed[0]) : [];
    return { listed, related: (article) => (article._id === preview._id ? mine : []), touched: null };
  }
  const byId = new Map(list.map((a) => [a._id, a]));
  let listed: ArticleSummary[] = list;
  let touched: Set<string> | null = null;
  if (changed === null || !continuesLastListing()) {
    known = new Map();
    relatedBy = new Map();
  } else {
    const ids = reached(changed, list, byId);
    touched = new Set();
    listed = [];
    for (const id of ids) {
      const before = known.get(id)?.url;
      if (before) touched.add(before);
      const now = byId.get(id);
      if (now) {
        touched.add(now.url);
        listed.push(now);
      } else forget(id);
    }
  }
  const related = new Map<string, ArticleSummary[]>();
  for (const article of listed) {
    const mine = relatedTo(article);
    related.set(article._id, mine);
    remember(article, mine);
  }
  return { listed, related: (article) => related.get(article._id) ?? [], touched };
});
