import type { APIRoute, GetStaticPaths } from "astro";
import type { Theme } from "../../../../api/contract";
import { api } from "../../lib/api";
import { allArticles, siteOrigin } from "../../lib/build-data";
import { rssFeed } from "../../lib/rss";
import { SITE } from "../../lib/site";

/** One feed per theme: /rss/{themeUrl}.xml */
export const getStaticPaths = (async () => {
  const themes = await api.themes();
  return themes.map((theme) => ({ params: { theme: theme.url }, props: { theme } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site }) => {
  const { theme } = props as { theme: Theme };
  const origin = siteOrigin(site);
  const articles = (await allArticles()).filter((a) => a.themes.some((t) => t._id === theme._id));
  const xml = rssFeed({
    title: `${SITE.name} — ${theme.name}`,
    description: `Les articles du thème « ${theme.name} ».`,
    link: `${origin}/articles/${encodeURIComponent(theme.url)}`,
    self: `${origin}/rss/${encodeURIComponent(theme.url)}.xml`,
    articles,
  });
  return new Response(xml, { headers: { "content-type": "application/rss+xml; charset=utf-8" } });
};
