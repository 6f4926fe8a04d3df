import type { APIRoute, GetStaticPaths } from "astro";
import type { Article, Theme } from "../../../../api/contract";
import { api } from "../../lib/api";
import { feedArticles, siteOrigin } from "../../lib/build-data";
import { rssFeed } from "../../lib/rss";
import { SITE } from "../../lib/site";

/**
 * One feed per theme: /rss/{themeUrl}.xml. Its items are its props, so a partial build renders again only the
 * feeds whose latest articles changed (scripts/partial-build.ts ITEM_ROUTES).
 */
export const getStaticPaths = (async () => {
  const [themes, feeds] = await Promise.all([api.themes(), feedArticles()]);
  return themes.map((theme) => ({ params: { theme: theme.url }, props: { theme, articles: feeds.byTheme.get(theme._id) ?? [] } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site }) => {
  const { theme, articles } = props as { theme: Theme; articles: Article[] };
  const origin = siteOrigin(site);
  const xml = rssFeed({
    title: `${SITE.name} — ${theme.name}`,
    description: `Les articles du thème « ${theme.name} ».`,
    link: `${origin}/articles/${encodeURIComponent(theme.url)}`,
    self: `${origin}/rss/${encodeURIComponent(theme.url)}.xml`,
    articles,
  });
  return new Response(xml, { headers: { "content-type": "application/rss+xml; charset=utf-8" } });
};
