import type { APIRoute } from "astro";
import { siteOrigin } from "../lib/build-data";
import { indexXml } from "../lib/sitemap";
import { sitemapParts } from "../lib/sitemap-parts";

/** The sitemap index: one line per part (pages/sitemap/[part].xml.ts, lib/sitemap.ts). */
export const GET: APIRoute = async ({ site }) => {
  const parts = await sitemapParts();
  return new Response(indexXml(siteOrigin(site), parts.map((p) => p.name)), { headers: { "content-type": "application/xml; charset=utf-8" } });
};
