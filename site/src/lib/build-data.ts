/** Build-time helpers shared by pages and feeds: whole objects fetched once per build. */
import type { Article } from "../../../api/contract";
import { api, ARTICLES, derivedPerBuild, FULL_ARTICLES } from "./api";

/** Every public article with its bodies, newest first (memoized for the build). */
export const allArticles: () => Promise<Article[]> = derivedPerBuild([ARTICLES, FULL_ARTICLES], () =>
  api.articles().then((list) => Promise.all(list.map((a) => api.article(a.url)))),
);

/** The canonical origin of the site (PUBLIC_URL, through Astro's `site`). */
export function siteOrigin(site: URL | undefined): string {
  return (site?.origin ?? "http://localhost:4321").replace(/\/$/, "");
}
