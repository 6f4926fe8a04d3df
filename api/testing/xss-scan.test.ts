import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { dangerousUrl, scanHtml, scanIcs, scanPagefindFragment, scanRss } from "./xss-scan";

const page = (body: string, head = "") =>
  `<!doctype html><html lang="fr"><head><title>Page</title>${head}<script type="module" src="/_astro/page.js"></script></head><body>${body}</body></html>`;

describe("the built-output scanner of the XSS corpus test", () => {
  it("passes a page of the site's own kind: escaped text, own scripts, JSON-LD, markup in attribute values", () => {
    const html = page(
      `<h1>&lt;script&gt;xss(1)&lt;/script&gt;</h1><img src="/uploads/a.jpg" alt="<img src=x onerror=xss(2)>"><a href="https://example.org/">ok</a>`,
      `<script type="application/ld+json">{"name":"\\u003cscript>xss(3)"}</script><script>document.documentElement.classList.add("js")</script>`,
    );
    expect(scanHtml(html, "page")).toEqual([]);
  });

  it("finds injected scripts, handlers, dangerous URLs, srcdoc, forbidden elements and broken JSON-LD", () => {
    const cases = [
      "<script>xss(1)</script>",
      '<script src="https://evil.example/x.js"></script>',
      "<img src=x onerror=xss(2)>",
      '<a href="java&#x09;script:xss(3)">a</a>',
      '<a href=" JAVASCRIPT:xss(4)">a</a>',
      '<img src="data:image/svg+xml,<svg onload=xss(5)>">',
      '<svg><a xlink:href="javascript:xss(6)">a</a></svg>',
      '<svg><set attributeName="href" to="javascript:xss(7)"/></svg>',
      '<iframe srcdoc="<script>xss(8)</script>"></iframe>',
      '<object data="https://evil.example/"></object>',
      '<p style="background:url(javascript:xss(9))">a</p>',
      '<meta http-equiv="refresh" content="0;url=javascript:xss(10)">',
      '<div data-embed-src="javascript:xss(11)"></div>',
      '<script type="application/ld+json">{"a":"</script><script>xss(12)</script>"}</script>',
    ];
    for (const bad of cases) expect(scanHtml(page(bad), "page"), bad).not.toEqual([]);
  });

  it("treats a URL as a browser does before reading its scheme", () => {
    expect(dangerousUrl("\u0001 java\nscript:x")).toBe(true);
    expect(dangerousUrl("data:image/png;base64,AAAA", true)).toBe(false);
    expect(dangerousUrl("data:image/png;base64,AAAA")).toBe(true);
    expect(dangerousUrl("/articles/javascript:x")).toBe(false);
    expect(dangerousUrl("https://example.org/?u=javascript:x")).toBe(false);
  });

  it("reads an RSS description as HTML: text escaped once runs in a reader, escaped twice does not", () => {
    const feed = (description: string) =>
      `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>&lt;b&gt;</title><link>https://example.org/a</link><description>${description}</description></item></channel></rss>`;
    expect(scanRss(feed("&lt;img src=x onerror=xss(1)&gt;"), "rss")).not.toEqual([]);
    expect(scanRss(feed("&amp;lt;img src=x onerror=xss(1)&amp;gt;"), "rss")).toEqual([]);
    expect(scanRss(feed("a</description><script>xss(2)</script><description>"), "rss")).not.toEqual([]);
  });

  it("finds properties and components injected into a calendar", () => {
    const ics = (summary: string) => ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", `SUMMARY:${summary}`, "END:VEVENT", "END:VCALENDAR", ""].join("\r\n");
    expect(scanIcs(ics("Rencontre\\nATTACH:https://evil.example/"), "ics")).toEqual([]);
    expect(scanIcs(ics("Rencontre\r\nATTACH:https://evil.example/"), "ics")).not.toEqual([]);
    expect(scanIcs(ics("Rencontre\r\nBEGIN:VALARM"), "ics")).not.toEqual([]);
    expect(scanIcs(ics("Rencontre\rX"), "ics")).not.toEqual([]);
  });

  it("checks search excerpts as the Pagefind bundle makes them, and that the bundle still escapes", () => {
    const fragment = gzipSync(Buffer.from(`pagefind_dcd${JSON.stringify({ url: "/a", content: "<img src=x onerror=xss(1)> texte" })}`));
    const escaping = 'raw_content=fragment.content.replace(/</g,"&lt;").replace(/>/g,"&gt;")';
    expect(scanPagefindFragment(fragment, "f", escaping)).toEqual([]);
    expect(scanPagefindFragment(fragment, "f", "raw_content=fragment.content")).toEqual(["pagefind.js no longer escapes the indexed text"]);
  });
});
