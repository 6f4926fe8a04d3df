/**
 * Build-time pass over every prerendered HTML page: Astro's island style moved into the head, where HTML allows
 * it (lib/island-styles.ts), then French typography of the visible text (lib/typography.ts).
 * Done here, on the page Astro has just rendered in memory, rather than by re-reading and re-writing thousands of
 * files after the build (astro:build:done); feeds, calendars and other endpoints are not HTML and pass through.
 */
import { defineMiddleware } from "astro:middleware";
import { hoistIslandStyles } from "./lib/island-styles";
import { typesetHtml } from "./lib/typography";

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get("content-type")?.startsWith("text/html")) return response;
  const html = await response.text();
  return new Response(typesetHtml(hoistIslandStyles(html)), { status: response.status, statusText: response.statusText, headers: response.headers });
});
