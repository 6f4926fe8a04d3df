import { describe, expect, it } from "vitest";
import { latestFirst } from "./list-order";
import { keptRelatedFinder, mayEnterRelated, relatedArticles, relatedFinder } from "./related";

const art = (id: string, createdAt: string, ...themes: string[]) => ({ _id: id, createdAt, themes: themes.map((url) => ({ url })) });

describe("related articles", () => {
  const current = art("a", "2025-05-01", "economie", "gouvernance");
  const all = [
    current,
    art("old-both", "2024-01-01", "gouvernance", "economie"),
    art("new-one", "2025-04-01", "economie"),
    art("older-one", "2025-01-01", "gouvernance"),
    art("newest-one", "2025-06-01", "gouvernance", "sante"),
    art("unrelated", "2025-07-01", "sante"),
  ];

  it("puts articles sharing more themes first, then those published closest in time, never the article itself", () => {
    // new-one is a month before, newest-one a month after: as close (30 vs 31 days: new-one), older-one four months.
    expect(relatedArticles(current, all).map((a) => a._id)).toEqual(["old-both", "new-one", "newest-one"]);
    expect(relatedArticles(current, all, 4).map((a) => a._id)).toEqual(["old-both", "new-one", "newest-one", "older-one"]);
  });

  it("prefers the more recent of two articles as close in time", () => {
    const middle = art("m", "2025-03-01", "x");
    const before = art("before", "2025-02-01", "x");
    const after = art("after", "2025-03-29", "x");
    // 28 days each side (February 2025 has 28 days).
    expect(relatedArticles(middle, [before, middle, after], 1).map((a) => a._id)).toEqual(["after"]);
  });

  it("leaves out articles with no theme in common, and returns nothing for an article without themes", () => {
    expect(relatedArticles(current, all, 10).map((a) => a._id)).not.toContain("unrelated");
    expect(relatedArticles(art("x", "2025-01-01"), all)).toEqual([]);
  });
});

describe("related articles at scale", () => {
  // 5 themes: the subset files (nearestFinder); 40 themes, ~13 per article: too many for its masks, the scan.
  it.each([5, 40])("gives what sorting every candidate gives, ties included (%i themes)", (themeCount) => {
    // A deterministic mix of themes and dates, with many equal dates so ties are common.
    const themes = Array.from({ length: themeCount }, (_, i) => `t${i}`);
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const all = Array.from({ length: 400 }, (_, i) =>
      art(`x${i}`, `2025-0${1 + (next() % 9)}-1${next() % 3}`, ...themes.filter(() => next() % 3 === 0)),
    );
    const bySorting = (article: (typeof all)[number], limit: number) => {
      const shared = new Map<(typeof all)[number], number>();
      for (const url of new Set(article.themes.map((t) => t.url))) {
        for (const a of all) if (a._id !== article._id && a.themes.some((t) => t.url === url)) shared.set(a, (shared.get(a) ?? 0) + 1);
      }
      const away = (a: (typeof all)[number]) => Math.abs(Date.parse(a.createdAt) - Date.parse(article.createdAt));
      return [...shared]
        .sort(([x, nx], [y, ny]) => ny - nx || away(x) - away(y) || y.createdAt.localeCompare(x.createdAt))
        .slice(0, limit)
        .map(([a]) => a._id);
    };
    for (const article of all) {
      for (const limit of [1, 3, 5]) expect(relatedArticles(article, all, limit).map((a) => a._id)).toEqual(bySorting(article, limit));
    }
  });

  it("finds every article whose related list a change can alter (lib/article-scope.ts lists only those)", () => {
    // Random lists with many ties; each step changes one article (new, withdrawn, re-themed or re-dated) and every
    // article whose related list differs must be the changed one, one that showed it before, or one found here.
    const themes = ["a", "b", "c", "d"];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const date = () => `2025-0${1 + (next() % 9)}-1${next() % 3}`;
    const pick = () => themes.filter(() => next() % 3 === 0);
    let all = Array.from({ length: 120 }, (_, i) => art(`x${i}`, date(), ...pick()));
    let missed = 0;
    let found = 0;
    for (let step = 0; step < 200; step++) {
      const before = new Map(all.map((a) => [a._id, relatedFinder(all)(a).map((r) => r._id)]));
      const kind = next() % 4;
      const id = kind === 0 ? `new${step}` : all[next() % all.length]!._id;
      const changed = art(id, kind === 3 ? date() : (all.find((a) => a._id === id)?.createdAt ?? date()), ...pick());
      all = kind === 1 ? all.filter((a) => a._id !== id) : [...all.filter((a) => a._id !== id), changed];
      const present = all.find((a) => a._id === id);
      const byId = new Map(all.map((a) => [a._id, a]));
      const reach = present ? mayEnterRelated(all, present, (x) => before.get(x), byId) : new Set<string>();
      const after = relatedFinder(all);
      for (const article of all) {
        const was = before.get(article._id);
        const now = after(article).map((r) => r._id);
        if (article._id === id || JSON.stringify(was) === JSON.stringify(now)) continue;
        found++;
        if (!was?.includes(id) && !reach.has(article._id)) missed++;
      }
    }
    expect(found, "steps that changed some related lists").toBeGreaterThan(50);
    expect(missed).toBe(0);
  });

  it("kept from one build to the next, gives what filing the whole list again gives", () => {
    const themes = ["a", "b", "c", "d", "e"];
    let seed = 13;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const date = () => `2025-0${1 + (next() % 9)}-1${next() % 3}`;
    const pick = () => themes.filter(() => next() % 3 === 0);
    const order = latestFirst((a: ReturnType<typeof art>) => a.createdAt);
    let all = Array.from({ length: 300 }, (_, i) => art(`x${i}`, date(), ...pick())).sort(order);
    let delta: { removed: ReturnType<typeof art>[]; added: ReturnType<typeof art>[] } | null = null;
    for (let version = 1; version <= 40; version++) {
      const kept = keptRelatedFinder(all, { version, delta }, order);
      const whole = relatedFinder(all);
      for (const article of all) expect(kept(article).map((r) => r._id)).toEqual(whole(article).map((r) => r._id));
      // The next build: a few withdrawn, new, or edited (an edited article is a new object).
      const removed = all.filter(() => next() % 60 === 0);
      const added = removed.filter(() => next() % 2 === 0).map((a) => art(a._id, next() % 2 ? a.createdAt : date(), ...pick()));
      for (let k = next() % 3; k > 0; k--) added.push(art(`n${version}-${k}`, date(), ...pick()));
      all = [...all.filter((a) => !removed.includes(a)), ...added].sort(order);
      delta = { removed, added };
    }
  });
});
