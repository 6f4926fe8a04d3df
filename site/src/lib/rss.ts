/** RSS 2.0 of the latest articles with full content (content:encoded), authors (dc:creator) and themes as categories. */
import type { Article } from "../../../api/contract";
import { renderFootnotes } from "../../../shared/footnotes";
import { sanitizeHtml } from "../../../shared/html";

export function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** CDATA cannot contain "]]>": split it across two sections. */
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;

/**
 * A feed holds the latest articles only: readers poll it and keep what they have seen, so an item older than the
 * last poll is never read again (WordPress serves 10, Ghost 15). The full archive is /articles and the sitemap.
 * With every article the main feed weighed 12 MB at 5,000 articles, each body cleaned again in 13 feeds per build.
 */
export const FEED_ITEMS = 50;

/** `articles` newest first (as the API lists them): the first FEED_ITEMS become the items, in that order. */
export function rssFeed(opts: { title: string; description: string; link: string; self: string; articles: Article[] }): string {
  const origin = new URL(opts.link).origin;
  const items = opts.articles.slice(0, FEED_ITEMS).map((a) => {
    const link = `${origin}/article/${encodeURIComponent(a.url)}`;
    // Stored HTML is cleaned again, as before every set:html of the pages (defence in depth, docs/DECISIONS.md).
    // Footnotes become numbered calls and a « Notes » list pointing at the article's page (issue 32 §1).
    const body = (a.html_content && renderFootnotes(sanitizeHtml(a.html_content), { base: link })) || a.txt_content.split(/\n{2,}/).map((p) => `<p>${xmlEscape(p)}</p>`).join("");
    return [
      "<item>",
      `<title>${xmlEscape(a.title)}</title>`,
      `<link>${link}</link>`,
      `<guid isPermaLink="false">${a._id}</guid>`,
      `<pubDate>${new Date(a.createdAt).toUTCString()}</pubDate>`,
      ...a.authors.map((p) => `<dc:creator>${xmlEscape(`${p.firstname} ${p.name}`)}</dc:creator>`),
      ...a.themes.map((t) => `<category>${xmlEscape(t.name)}</category>`),
      // RSS 2.0 descriptions are HTML: the plain text is escaped for HTML first, then for XML, so that a reader
      // shows "<script>" typed in an article instead of running it.
      `<description>${xmlEscape(xmlEscape(a.txt_content.slice(0, 300)))}</description>`,
      `<content:encoded>${cdata(body)}</content:encoded>`,
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    "<channel>",
    `<title>${xmlEscape(opts.title)}</title>`,
    `<link>${opts.link}</link>`,
    `<description>${xmlEscape(opts.description)}</description>`,
    "<language>fr</language>",
    `<atom:link href="${opts.self}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "</channel>",
    "</rss>",
  ].join("\n");
}
