import type { APIRoute } from "astro";
import { feedArticles, siteOrigin } from "../lib/build-data";
import { rssFeed } from "../lib/rss";
import { SITE } from "../lib/site";

export const GET: APIRoute = async ({ site }) => {
  const origin = siteOrigin(site);
  const xml = rssFeed({
    title: `${SITE.name} — Articles`,
    description: SITE.description,
    link: `${origin}/articles`,
    self: `${origin}/rss.xml`,
    articles: (await feedArticles()).all,
  });
  return new Response(xml, { headers: { "content-type": "application/rss+xml; charset=utf-8" } });
};
