import type { APIRoute, GetStaticPaths } from "astro";
import { siteOrigin } from "../../lib/build-data";
import { type SitemapEntry, urlsetXml } from "../../lib/sitemap";
import { sitemapParts } from "../../lib/sitemap-parts";

/**
 * One part of the sitemap. Its addresses are props, so a partial build writes again only the parts whose
 * addresses changed (scripts/partial-build.ts ITEM_ROUTES).
 */
export const getStaticPaths = (async () =>
  (await sitemapParts()).map((part) => ({ params: { part: part.name }, props: { entries: part.entries } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) => {
  const { entries } = props as { entries: SitemapEntry[] };
  return new Response(urlsetXml(siteOrigin(site), entries), { headers: { "content-type": "application/xml; charset=utf-8" } });
};
