/** Build-time helpers shared by pages and feeds: whole objects fetched once per build. */
import type { Article, ArticleSummary } from "../../../api/contract";
import { api, ARTICLES, derivedPerBuild, FULL_ARTICLES, summaryOrder } from "./api";
import { keptGroups } from "./groups-kept";
import { FEED_ITEMS } from "./rss";

/**
 * What the feeds show (memoized for the build): the newest FEED_ITEMS public articles with their bodies, overall and
 * per theme id, newest first. Only those are looked up: at 50,000 articles, not every body at every build. The
 * articles by theme are kept from the last build and changed by the change's articles only (lib/groups-kept.ts).
 */
export const feedArticles: () => Promise<{ all: Article[]; byTheme: Map<string, Article[]> }> = derivedPerBuild(
  [ARTICLES, FULL_ARTICLES],
  async () => {
    const [list, change] = await Promise.all([api.articles(), api.articlesChange()]);
    const byTheme = keptGroups("articles by theme", () => list, change, (a) => a.themes.map((t) => t._id), summaryOrder);
    const bodies = (rows: readonly ArticleSummary[]) => Promise.all(rows.map((r) => api.article(r.url)));
    const themes = await Promise.all([...byTheme].map(async ([id, rows]) => [id, await bodies(rows.slice(0, FEED_ITEMS))] as const));
    return { all: await bodies(list.slice(0, FEED_ITEMS)), byTheme: new Map(themes) };
  },
);

/** The canonical origin of the site (PUBLIC_URL, through Astro's `site`). */
export function siteOrigin(site: URL | undefined): string {
  return (site?.origin ?? "http://localhost:4321").replace(/\/$/, "");
}
