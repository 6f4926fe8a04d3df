import { describe, expect, it } from "vitest";
import { assignShards, OLD_SHARD_FACTOR } from "./search-index";
import { KeptShards, type ShardPage } from "./search-shards-kept";

describe("search shards kept from one build to the next", () => {
  // Deterministic, so that a failure is the same every run.
  let seed = 11;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const pick = <T>(items: T[]) => items[Math.floor(rand() * items.length)]!;
  const date = (hours: number) => new Date(Date.UTC(2020, 0, 1) + hours * 3_600_000).toISOString();

  /**
   * A site as the indexer sees it: dated articles filed under their author, profiles, and undated pages filed under
   * a person (an event without a date that links a profile), so that undated pages come in groups cut together.
   */
  function site(n: number) {
    const people = Math.max(3, Math.round(n / 25));
    const pages = new Map<string, ShardPage>();
    for (let i = 0; i < people; i++) pages.set(`/user/membre${i}`, { url: `/user/membre${i}`, key: `membre${i}`, date: "" });
    for (let i = 0; i < n / 10; i++) pages.set(`/event/e${i}`, { url: `/event/e${i}`, key: `membre${i % people}`, date: "" });
    for (let i = pages.size; i < n; i++) pages.set(`/article/a${i}`, { url: `/article/a${i}`, key: `membre${i % people}`, date: date(i) });
    return { pages, people };
  }

  /** The shards and digests the whole cut gives, as scripts/search-index.ts computes them. */
  function whole(pages: Map<string, ShardPage>, digests: Map<string, string>, perShard: number) {
    const members = assignShards([...pages.values()], perShard);
    return { members, digests: members.map((m) => Bun.hash(m.map((url) => `${url}\u0000${digests.get(url)}`).join("\n")).toString(36)) };
  }

  for (const [n, perShard] of [
    [3_000, 10],
    [1_200, 4],
  ] as const) {
    it(`gives the whole cut's shards and digests after each of a series of changes (${n} pages, ${perShard} a shard)`, () => {
      const { pages, people } = site(n);
      const digests = new Map([...pages.keys()].map((url) => [url, "d0"]));
      const kept = new KeptShards(perShard, [...pages.values()]);
      const digestOf = (url: string) => digests.get(url)!;
      expect({ members: kept.members(), digests: kept.digests(digestOf) }).toEqual(whole(pages, digests, perShard));
      let fresh = pages.size;
      let moved = 0;
      const seen = new Set<string>();
      for (let change = 1; change <= 60; change++) {
        // A staged change: its pages gone or rendered (removed), then the rendered ones read again (added).
        const removed: ShardPage[] = [];
        const added: ShardPage[] = [];
        const ops = 1 + Math.floor(rand() * 3);
        for (let op = 0; op < ops; op++) {
          const kind = pick(["edit", "new", "gone", "redate", "profile", "undated", "old"] as const);
          seen.add(kind);
          const taken = new Set([...removed, ...added].map((p) => p.url));
          const urls = [...pages.keys()].filter((url) => !taken.has(url));
          const any = pick(urls);
          const person = `membre${Math.floor(rand() * people)}`;
          if (kind === "edit") added.push(pages.get(any)!);
          else if (kind === "new") added.push({ url: `/article/n${fresh++}`, key: person, date: date(n + fresh) });
          else if (kind === "old") added.push({ url: `/article/o${fresh++}`, key: person, date: date(Math.floor(rand() * n)) });
          else if (kind === "redate") added.push({ ...pages.get(any)!, date: pick([date(Math.floor(rand() * 2 * n)), ""]) });
          else if (kind === "profile") added.push({ url: `/user/nouveau${fresh++}`, key: `nouveau${fresh}`, date: "" });
          else if (kind === "undated") added.push({ url: `/event/u${fresh++}`, key: person, date: "" });
          if (kind === "edit" || kind === "gone" || kind === "redate") removed.push(pages.get(any)!);
        }
        const shardsBefore = new Set(kept.members().map((m) => m[0]));
        for (const page of removed) {
          expect(kept.remove(page)).toBe(true);
          pages.delete(page.url);
        }
        for (const page of added) {
          kept.add(page);
          pages.set(page.url, page);
          digests.set(page.url, `d${change}`);
        }
        const expected = whole(pages, digests, perShard);
        expect({ members: kept.members(), digests: kept.digests(digestOf) }, `change ${change}`).toEqual(expected);
        // A change whose shards start elsewhere than its own pages' shards did moved a cut.
        const touched = new Set([...removed, ...added].map((p) => p.url));
        if (expected.members.some((m) => !shardsBefore.has(m[0]) && !m.some((url) => touched.has(url)))) moved++;
      }
      expect(seen.size).toBe(7);
      expect(moved).toBeGreaterThan(0);
      // Old pages' shards are there too (the cut's three parts are all exercised).
      expect(Math.max(...kept.members().map((m) => m.length))).toBeGreaterThan(2 * perShard);
      expect(Math.max(...kept.members().map((m) => m.length))).toBeLessThanOrEqual(1.5 * perShard * OLD_SHARD_FACTOR);
    });
  }

  it("cuts from nothing page by page as from every page at once, and back to nothing", () => {
    const { pages } = site(400);
    const digests = new Map([...pages.keys()].map((url) => [url, "d"]));
    const kept = new KeptShards(5, []);
    expect(kept.members()).toEqual(assignShards([], 5));
    for (const page of pages.values()) kept.add(page);
    expect(kept.members()).toEqual(assignShards([...pages.values()], 5));
    expect(kept.digests((url) => digests.get(url)!)).toEqual(new KeptShards(5, [...pages.values()]).digests((url) => digests.get(url)!));
    for (const page of [...pages.values()].reverse()) expect(kept.remove(page)).toBe(true);
    expect(kept.members()).toEqual([[]]);
    expect(kept.digests(() => "")).toEqual([Bun.hash("").toString(36)]);
  });

  it("says so when a page to remove is not there", () => {
    const { pages } = site(300);
    const kept = new KeptShards(5, [...pages.values()]);
    const page = pages.get("/article/a200")!;
    expect(kept.remove({ ...page, date: date(5) })).toBe(false);
    expect(kept.remove({ url: "/user/personne", key: "personne", date: "" })).toBe(false);
    expect(kept.remove(page)).toBe(true);
    expect(kept.remove(page)).toBe(false);
  });
});
