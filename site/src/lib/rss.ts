/** RSS 2.0 with full content (content:encoded), authors (dc:creator) and themes as categories. */
import type { Article } from "../../../api/contract";
import { cleanHtml } from "./sanitize-html";

export function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** CDATA cannot contain "]]>": split it across two sections. */
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;

export function rssFeed(opts: { title: string; description: string; link: string; self: string; articles: Article[] }): string {
  const origin = new URL(opts.link).origin;
  const items = opts.articles.map((a) => {
    const link = `${origin}/article/${encodeURIComponent(a.url)}`;
    // Stored HTML is cleaned again, as before every set:html of the pages (defence in depth, docs/DECISIONS.md).
    const body = (a.html_content && cleanHtml(a.html_content)) || a.txt_content.split(/\n{2,}/).map((p) => `<p>${xmlEscape(p)}</p>`).join("");
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
