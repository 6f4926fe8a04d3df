import { describe, expect, it } from "vitest";
import { indexXml, keptMonthlyParts, monthlyParts, PART_MAX, urlsetXml } from "./sitemap";

const item = (i: number, createdAt: string) => ({ path: `/article/a${i}`, createdAt });

describe("sitemap parts", () => {
  it("cuts items by month of creation, in creation order", () => {
    const parts = monthlyParts("articles", [item(1, "2026-11-03T10:00:00Z"), item(2, "2026-10-30T08:00:00Z"), item(3, "2026-11-01T09:00:00Z")]);
    expect(parts.map((p) => p.name)).toEqual(["articles-2026-10", "articles-2026-11"]);
    expect(parts[1]!.entries.map((e) => e.path)).toEqual(["/article/a3", "/article/a1"]);
    expect(parts[1]!.entries[0]!.lastmod).toBe("2026-11-01T09:00:00Z");
  });

  it("a new item changes only its month's part", () => {
    const before = [item(1, "2025-01-05T00:00:00Z"), item(2, "2026-11-01T00:00:00Z")];
    const after = [...before, item(3, "2026-11-20T00:00:00Z")];
    const [a, b] = [monthlyParts("articles", before), monthlyParts("articles", after)];
    expect(b[0]).toEqual(a[0]);
    expect(b[1]).not.toEqual(a[1]);
  });

  it("kept from one build to the next: the same parts as a whole grouping, untouched months the same objects", () => {
    type Item = { createdAt: string; n: number };
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const dated = new WeakMap<Item, { path: string; createdAt: string }>();
    const datedOf = (i: Item) => dated.get(i) ?? (dated.set(i, { path: `/article/a${i.n}`, createdAt: i.createdAt }), dated.get(i)!);
    const fresh = (n: number): Item => ({ n, createdAt: `2026-${String((next() % 12) + 1).padStart(2, "0")}-0${(next() % 9) + 1}T00:00:00Z` });
    let items = Array.from({ length: 500 }, (_, n) => fresh(n));
    let n = items.length;
    let delta: { removed: Item[]; added: Item[] } | null = null;
    let last: ReturnType<typeof monthlyParts> = [];
    for (let version = 1; version <= 30; version++) {
      const parts = keptMonthlyParts("articles", items, { version, delta }, datedOf);
      expect(parts).toEqual(monthlyParts("articles", items.map(datedOf)));
      if (delta) {
        const touched = new Set([...delta.removed, ...delta.added].map((i) => `articles-${i.createdAt.slice(0, 7)}`));
        for (const part of parts) {
          const before = last.find((p) => p.name === part.name);
          if (before && !touched.has(part.name)) expect(part).toBe(before);
        }
      }
      last = parts;
      const removed = items.filter(() => next() % 100 === 0);
      const added = Array.from({ length: next() % 3 }, () => fresh(n++));
      items = [...items.filter((i) => !removed.includes(i)), ...added];
      delta = { removed, added };
    }
    // A build missed: grouped anew, still the same parts.
    expect(keptMonthlyParts("articles", items, { version: 40, delta: { removed: [], added: [] } }, datedOf)).toEqual(monthlyParts("articles", items.map(datedOf)));
  });

  it("a month past PART_MAX is cut in numbered parts, new items landing in the last", () => {
    const many = Array.from({ length: PART_MAX + 3 }, (_, i) => item(i, `2026-11-01T00:00:${String(i % 60).padStart(2, "0")}.${String(i).padStart(6, "0")}Z`));
    const parts = monthlyParts("media", many);
    expect(parts.map((p) => [p.name, p.entries.length])).toEqual([
      ["media-2026-11", PART_MAX],
      ["media-2026-11-2", 3],
    ]);
    expect(new Set(parts.flatMap((p) => p.entries.map((e) => e.path))).size).toBe(PART_MAX + 3);
  });

  it("writes escaped, well-formed XML with the date only", () => {
    const xml = urlsetXml("https://example.org", [{ path: "/article/a&b", lastmod: "2026-11-01T09:00:00Z" }, { path: "/" }]);
    expect(xml).toContain("<url><loc>https://example.org/article/a&amp;b</loc><lastmod>2026-11-01</lastmod></url>");
    expect(xml).toContain("<url><loc>https://example.org/</loc></url>");
    expect(indexXml("https://example.org", ["pages", "articles-2026-11"])).toContain("<sitemap><loc>https://example.org/sitemap/articles-2026-11.xml</loc></sitemap>");
  });
});
