import { describe, expect, it } from "vitest";
import type { ArticleSummary } from "../../../api/contract";
import { articleListPages, cutPages, PAGE_MAX, PAGE_MIN, listHref, listRest, pagerNumbers, sortArticles } from "./article-pages";

const person = (firstname: string, name: string) => ({ firstname, name }) as ArticleSummary["authors"][number];
const article = (i: number, title: string, authors: ArticleSummary["authors"] = []): ArticleSummary =>
  ({ title, url: `a-${i}`, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), authors, themes: [], excerpt: "", articlePic: null }) as unknown as ArticleSummary;

describe("the paged public article lists", () => {
  it("sorts by date, by French title order and by first author, those without an author last", () => {
    const list = [
      article(1, "Économie bleue", [person("Awa", "Sow")]),
      article(2, "Thème 10", [person("Élodie", "Camara")]),
      article(3, "Thème 2"),
      article(4, "eau douce", [person("Awa", "Sow")]),
    ];
    expect(sortArticles(list, "recent").map((a) => a.url)).toEqual(["a-4", "a-3", "a-2", "a-1"]);
    expect(sortArticles(list, "title").map((a) => a.title)).toEqual(["eau douce", "Économie bleue", "Thème 2", "Thème 10"]);
    // Awa Sow before Élodie Camara (first name first, accents ignored); one author's articles newest first.
    expect(sortArticles(list, "author").map((a) => a.url)).toEqual(["a-4", "a-1", "a-2", "a-3"]);
  });

  it("cuts every sort into pages of 10 to 100 rows, about 50, that hold every article once", () => {
    const list = Array.from({ length: 1234 }, (_, i) => article(i, `Article ${i}`));
    const pages = articleListPages(list);
    for (const sort of ["recent", "title", "author"] as const) {
      const mine = pages.filter((p) => p.sort === sort);
      const sizes = mine.map((p) => p.rows.length);
      expect(sizes.slice(0, -1).every((n) => n >= PAGE_MIN && n <= PAGE_MAX), sizes.join(",")).toBe(true);
      expect(sizes.at(-1)).toBeLessThanOrEqual(PAGE_MAX);
      expect(mine.every((p, i) => p.pages === mine.length && p.page === i + 1)).toBe(true);
      expect(1234 / mine.length).toBeGreaterThan(30);
      expect(1234 / mine.length).toBeLessThan(70);
      expect(mine.flatMap((p) => p.rows.map((r) => r.url))).toEqual(sortArticles(list, sort).map((a) => a.url));
    }
    // An empty list still has its page per sort (the empty state).
    expect(articleListPages([]).map((p) => [p.sort, p.page, p.rows.length])).toEqual([
      ["recent", 1, 0],
      ["title", 1, 0],
      ["author", 1, 0],
    ]);
  });

  it("changes only the page an article lands on when one is published or withdrawn", () => {
    const list = Array.from({ length: 2000 }, (_, i) => article(i, `Article ${i}`));
    const before = cutPages(list);
    const key = (page: ArticleSummary[]) => page.map((a) => a.url).join(" ");
    let changedPages = 0;
    let runs = 0;
    for (let at = 100; at < 2000; at += 97) {
      // Withdraw one article, then publish a new one at the same place.
      for (const after of [cutPages(list.filter((_, i) => i !== at)), cutPages([...list.slice(0, at), article(5000 + at, "Nouveau"), ...list.slice(at)])]) {
        const old = new Set(before.map(key));
        changedPages += after.filter((p) => !old.has(key(p))).length;
        runs++;
      }
    }
    // A page or two per change (two when the change moves a cut), never a shift of every page after it.
    expect(changedPages / runs).toBeLessThan(2.5);
    expect(before.length).toBeGreaterThan(25);
  });

  it("gives each page its address, relative to /articles for the rest route", () => {
    expect(listHref("/articles", "recent", 1)).toBe("/articles");
    expect(listHref("/articles", "recent", 2)).toBe("/articles/page/2");
    expect(listHref("/articles", "title", 1)).toBe("/articles/tri/titre");
    expect(listHref("/articles/economie", "author", 3)).toBe("/articles/economie/tri/auteur/page/3");
    expect(listRest(null, "recent", 1)).toBe("");
    expect(listRest(null, "title", 2)).toBe("tri/titre/page/2");
    expect(listRest("economie", "recent", 1)).toBe("economie");
  });

  it("shows the first, the last and two pages around the current one", () => {
    expect(pagerNumbers(1, 1)).toEqual([1]);
    expect(pagerNumbers(1, 100)).toEqual([1, 2, 3, null, 100]);
    expect(pagerNumbers(50, 100)).toEqual([1, null, 48, 49, 50, 51, 52, null, 100]);
    // A gap of one page shows the page rather than « … ».
    expect(pagerNumbers(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pagerNumbers(100, 100)).toEqual([1, null, 98, 99, 100]);
  });
});
