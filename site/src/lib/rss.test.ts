import { describe, expect, it } from "vitest";
import type { Article } from "../../../api/contract";
import { FEED_ITEMS, rssFeed } from "./rss";

/** Only the fields rssFeed reads; the rest of an Article does not reach the feed. */
const article = (i: number): Article =>
  ({
    _id: `id-${i}`,
    url: `article-${i}`,
    title: `Article ${i}`,
    html_content: `<p>Corps ${i}</p>`,
    txt_content: `Corps ${i}`,
    createdAt: new Date(Date.UTC(2026, 0, 1) - i * 86_400_000).toISOString(),
    authors: [],
    themes: [],
  }) as unknown as Article;

const feed = (articles: Article[]) =>
  rssFeed({ title: "T", description: "D", link: "https://example.org/articles", self: "https://example.org/rss.xml", articles });

const guids = (xml: string) => [...xml.matchAll(/<guid isPermaLink="false">([^<]+)<\/guid>/g)].map((m) => m[1]);

describe("rssFeed", () => {
  it("keeps only the latest articles, newest first, when there are more than a feed holds", () => {
    const articles = Array.from({ length: FEED_ITEMS + 20 }, (_, i) => article(i));
    expect(guids(feed(articles))).toEqual(articles.slice(0, FEED_ITEMS).map((a) => a._id));
  });

  it("lists every article when there are fewer than a feed holds", () => {
    const articles = Array.from({ length: 3 }, (_, i) => article(i));
    expect(guids(feed(articles))).toEqual(["id-0", "id-1", "id-2"]);
  });
});

describe("rssFeed footnotes", () => {
  it("carries an article's footnotes as numbered calls and a « Notes » list pointing at its page", () => {
    const a = { ...article(0), html_content: '<p>Texte<sup class="footnote" data-note="Source : FAO, 2024.">1</sup>.</p>' } as Article;
    const xml = feed([a]);
    expect(xml).toContain('<sup class="footnote-ref"><a href="https://example.org/article/article-0#note-1" id="appel-1">1</a></sup>');
    expect(xml).toContain('<h2 id="notes-titre">Notes</h2><ol><li id="note-1">Source : FAO, 2024. <a href="https://example.org/article/article-0#appel-1"');
    expect(xml).not.toContain("data-note");
  });
});
