import { describe, expect, it } from "vitest";
import type { ArticleSummary } from "../../../api/contract";
import { cutPages, sortArticles } from "./article-pages";
import { keptCut } from "./article-lists-kept";

const person = (firstname: string, name: string) => ({ firstname, name }) as ArticleSummary["authors"][number];
const article = (i: number, title: string, authors: ArticleSummary["authors"], themes: string[]): ArticleSummary =>
  ({ title, url: `a-${i}`, createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), authors, themes: themes.map((url) => ({ _id: url, url, name: url })), excerpt: "", articlePic: null }) as unknown as ArticleSummary;

describe("the article lists kept from one build to the next", () => {
  it("cut as a whole sort and cut would, through additions, withdrawals and edits, naming every page that changed", () => {
    // Titles and authors with accents, numbers and ties, so the French order and the date tie-breaks both matter.
    const titles = ["Économie", "economie", "Eau", "Thème 2", "Thème 10", "Zèbre", "à propos"];
    const people = [person("Awa", "Sow"), person("Élodie", "Camara"), person("awa", "sow")];
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const make = (i: number) =>
      article(i % 40 === 0 ? 1 : i, titles[next() % titles.length]!, next() % 4 === 0 ? [] : [people[next() % people.length]!], next() % 3 === 0 ? ["mer"] : ["terre"]);
    // Distinct addresses even when two articles share a date (i % 40 === 0 above).
    const fresh = (i: number) => ({ ...make(i), url: `a-${i}-${next()}` });
    let list = Array.from({ length: 3000 }, (_, i) => fresh(i));
    let n = list.length;
    let delta: { removed: ArticleSummary[]; added: ArticleSummary[] } | null = null;
    const last = new Map<string, ArticleSummary[][]>();
    let inPart = 0;
    for (let version = 1; version <= 60; version++) {
      for (const theme of ["", "mer"]) {
        const inList = (a: ArticleSummary) => theme === "" || a.themes.some((t) => t.url === theme);
        for (const sort of ["recent", "title", "author"] as const) {
          const mine = list.filter(inList);
          const { cut, changed, length } = keptCut(() => mine, theme, sort, { version, delta }, inList);
          expect(cut.map((p) => p.map((r) => r.url))).toEqual(cutPages(sortArticles(mine, sort)).map((p) => p.map((r) => r.url)));
          expect(length).toBe(mine.length);
          const before = last.get(theme + sort);
          if (changed !== null) {
            inPart++;
            // Every page it does not name is the very same page as before.
            expect(cut.length).toBe(before!.length);
            cut.forEach((page, i) => changed.includes(i) || expect(page).toBe(before![i]));
          }
          last.set(theme + sort, cut);
        }
      }
      // The next build: a few withdrawn, a few new, a few edited (an edited summary is a new object).
      const removed: ArticleSummary[] = [];
      const added: ArticleSummary[] = [];
      list = list.filter((a) => next() % 400 !== 0 || (removed.push(a), false));
      for (let k = next() % 3; k > 0; k--) added.push(fresh(n++));
      list = list.map((a) => {
        if (next() % 500 !== 0) return a;
        const edited = { ...a, title: titles[next() % titles.length]!, themes: next() % 2 ? [{ _id: "mer", url: "mer", name: "mer" }] : a.themes };
        removed.push(a);
        added.push(edited);
        return edited;
      });
      list.push(...added.filter((a) => !list.includes(a)));
      delta = { removed, added };
    }
    // Most builds took their cut from the last one.
    expect(inPart).toBeGreaterThan(200);
  });

  it("sorts and cuts anew when a build was missed or the list was read whole", () => {
    const list = Array.from({ length: 300 }, (_, i) => article(i, `Article ${i}`, [], []));
    const all = () => list;
    expect(keptCut(all, "x", "recent", { version: 1, delta: null }, () => true).changed).toBeNull();
    expect(keptCut(all, "x", "recent", { version: 2, delta: { removed: [], added: [] } }, () => true).changed).toEqual([]);
    // Version 3 was never seen: version 4's delta cannot apply.
    const later = [...list, article(400, "Nouveau", [], [])];
    const got = keptCut(() => later, "x", "recent", { version: 4, delta: { removed: [], added: [later.at(-1)!] } }, () => true);
    expect(got.changed).toBeNull();
    expect(got.length).toBe(301);
  });
});
