import type { APIRoute } from "astro";
import { siteOrigin } from "../lib/build-data";

/** Keeps the member and admin areas and the API out of search engines; points to the sitemap. */
export const GET: APIRoute = ({ site }) =>
  new Response(
    [
      "User-agent: *",
      "Disallow: /user/dashboard",
      "Disallow: /user/profile",
      "Disallow: /user/articles",
      "Disallow: /user/media",
      "Disallow: /admin",
      "Disallow: /api/",
      "Disallow: /login",
      "Disallow: /auth/",
      "",
      `Sitemap: ${siteOrigin(site)}/sitemap.xml`,
      "",
    ].join("\n"),
    { headers: { "content-type": "text/plain; charset=utf-8" } },
  );
