import type { APIRoute } from "astro";
import { siteOrigin } from "../lib/build-data";
import { indexXml } from "../lib/sitemap";
import { sitemapPartNames } from "../lib/sitemap-parts";

/**
 * The sitemap index: one line per part (pages/sitemap/[part].xml.ts, lib/sitemap.ts). It reads the parts' names
 * only (a derived answer): rendered again when a part appears or goes, not at every change.
 */
export const GET: APIRoute = async ({ site }) => {
  const names = await sitemapPartNames();
  return new Response(indexXml(siteOrigin(site), names), { headers: { "content-type": "application/xml; charset=utf-8" } });
};
