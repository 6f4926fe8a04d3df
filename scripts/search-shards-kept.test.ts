import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as pagefind from "pagefind";
import { afterAll, describe, expect, it } from "vitest";
import { assignShards, buildSearchIndex, OLD_SHARD_FACTOR, stagedPagesDelta } from "./search-index";
import { KeptShards, type ShardPage } from "./search-shards-kept";

describe("search shards kept from one build to the next", () => {
  // Deterministic, so that a failure is the same every run (SHARDS_SEED runs the random series on other pages).
  let seed = Number(process.env.SHARDS_SEED ?? 11);
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
    [4_000, 7],
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

  it("gives the whole cut when a page comes or goes among the first pages of a shard (a cut before looked at them)", () => {
    // A backup cut is decided at the maximum, and with `together` a cut looks at the next page's person: the kept
    // cut starts again from the chunk whose end looked at the changed page.
    for (const perShard of [10, 7]) {
      const { pages } = site(3_000);
      const kept = new KeptShards(perShard, [...pages.values()]);
      const inOrder = (urls: string[]) => urls.map((url) => pages.get(url)!).sort((a, b) => (a.date + a.key + a.url < b.date + b.key + b.url ? -1 : 1));
      const firsts = assignShards([...pages.values()], perShard).flatMap((urls) => inOrder(urls).slice(0, 2));
      expect(firsts.length).toBeGreaterThan(100);
      for (const page of firsts) {
        expect(kept.remove(page)).toBe(true);
        pages.delete(page.url);
        expect(kept.members(), `${page.url} gone`).toEqual(assignShards([...pages.values()], perShard));
        kept.add(page);
        pages.set(page.url, page);
        expect(kept.members(), `${page.url} back`).toEqual(assignShards([...pages.values()], perShard));
      }
    }
  });

  it("moves a cut when a recent page comes or goes only if that page is the one its shard was cut after", () => {
    // Toggling one of the newest articles offline and online is the most common change. It re-indexes the page's
    // own shard, and the next one too exactly when the page is the marked page its shard ended after (about one
    // page in `perShard`): without it, its shard runs on to the next marked page, taking that shard's first pages.
    const perShard = 10;
    const { pages } = site(3_000);
    const all = [...pages.values()];
    const shards = assignShards(all, perShard);
    // Recent shards cut at a marked page (the recent rule's mark, `Bun.hash("recent\0" + url)`, one page in 5):
    // dated, more than their minimum (a page fewer keeps them at it or over), fewer than their maximum, ending with
    // a marked page (not cut at a backup mark or by count, which a page coming in at the maximum moves), after a
    // shard cut so too (a backup cut is decided at the maximum, from the first pages of the shard after it).
    const newest = (urls: string[]) => urls.map((url) => pages.get(url)!).reduce((a, b) => (a.date > b.date ? a : b));
    const markedEnd = (urls?: string[]) =>
      urls !== undefined && pages.get(urls[0]!)!.date !== "" && urls.length < 2 * perShard && Bun.hash(`recent\u0000${newest(urls).url}`) % 5n === 0n;
    const recent = shards.filter((urls, s) => urls.length > perShard / 2 && markedEnd(urls) && markedEnd(shards[s - 1]));
    expect(recent.length).toBeGreaterThanOrEqual(8);
    const ends = new Set(recent.filter((urls) => urls !== shards.at(-1)).map((urls) => newest(urls).url));
    const moved = new Set<string>();
    for (const urls of recent) {
      for (const url of urls) {
        const without = assignShards(all.filter((p) => p.url !== url), perShard);
        // Every shard as it was, but the page's own one less the page.
        const expected = shards.map((m) => (m === urls ? m.filter((u) => u !== url) : m));
        if (JSON.stringify(without) !== JSON.stringify(expected)) moved.add(url);
      }
    }
    expect(ends.size).toBeGreaterThanOrEqual(7);
    expect([...moved].sort()).toEqual([...ends].sort());
  });

  it("keeps the next shard when a page goes from a chunk with no marked page between its minimum and maximum", () => {
    // Such a chunk (about e^-3 of them) used to be cut by count at its maximum: any page removed before that cut
    // moved it, and the next shard took one page more (indexed again too). It is now cut at the last page with a
    // denser backup mark, which stays where it is. Old chunks of 50 × OLD_SHARD_FACTOR pages: their rule's mark
    // (`Bun.hash("old\0" + url)`, one page in 100) and bounds (300 to 600 pages), as the cut has them.
    const perShard = 50;
    const target = perShard * OLD_SHARD_FACTOR;
    const [min, max, every] = [Math.ceil(target * 0.75), Math.ceil(target * 1.5), BigInt(target - Math.ceil(target * 0.75))];
    const all = Array.from({ length: 40_000 }, (_, i) => ({ url: `/article/p${i}`, key: `membre${i % 97}`, date: date(i) }));
    const index = new Map(all.map((p, i) => [p.url, i]));
    const mainMark = (p: ShardPage) => Bun.hash(`old\u0000${p.url}`) % every === 0n;
    const shards = assignShards(all, perShard);
    // Old shards (more than twice `perShard` pages) with no marked page from their minimum to their maximum.
    const unmarked = shards.filter((urls, s) => {
      const first = Math.min(...urls.map((url) => index.get(url)!));
      return urls.length > 2 * perShard && s < shards.length - 1 && !all.slice(first + min - 1, first + max).some(mainMark);
    });
    expect(unmarked.length).toBeGreaterThanOrEqual(4);
    let moved = 0;
    for (const urls of unmarked) {
      const gone = urls.map((url) => all[index.get(url)!]!).reduce((a, b) => (a.date < b.date ? a : b));
      const without = assignShards(all.filter((p) => p !== gone), perShard);
      const expected = shards.map((m) => (m === urls ? m.filter((u) => u !== gone.url) : m));
      if (JSON.stringify(without) !== JSON.stringify(expected)) moved++;
    }
    // A removal still moves such a cut when a mark comes in at the maximum it moves to (a few in a hundred).
    expect(moved).toBeLessThanOrEqual(unmarked.length / 4);
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

  describe("in a long-lived build process", () => {
    const dir = mkdtempSync(join(tmpdir(), "search-kept-"));
    afterAll(async () => {
      await pagefind.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const html = (body: string) => `<!doctype html><html lang="fr"><head><title>t</title></head><body><main data-pagefind-body>${body}</main></body></html>`;
    const article = (i: number, title: string, hours = i, author = i % 5) =>
      html(`<h1>${title}</h1><p data-pagefind-ignore><time datetime="${date(hours)}">${i}</time> <a href="/user/membre${author}">membre${author}</a></p><p>Océan ${i}</p>`);
    const profile = (i: number, bio: string) => html(`<h1>membre${i}</h1><p>${bio}</p>`);

    it("writes the manifest a change gave before, byte for byte, change after change, and after a build that failed", async () => {
      const live = join(dir, "live");
      mkdirSync(join(live, "article"), { recursive: true });
      mkdirSync(join(live, "user"), { recursive: true });
      for (let i = 0; i < 80; i++) writeFileSync(join(live, "article", `a${i}.html`), article(i, `Étude ${i}`));
      for (let i = 0; i < 5; i++) writeFileSync(join(live, "user", `membre${i}.html`), profile(i, `Biographie ${i}`));
      await buildSearchIndex(live, { pagesPerShard: 3 });
      let next = 80;
      // Each change: a new article, an old one corrected, one's date moved, one gone, a profile edited.
      const changes = Array.from({ length: 8 }, (_, c) => {
        const files: Record<string, string> = {
          [`article/a${next}.html`]: article(next, `Nouvelle ${next}`),
          [`article/a${(c * 7) % 40}.html`]: article((c * 7) % 40, `Corrigée ${c}`),
          [`article/a${40 + c}.html`]: article(40 + c, `Redatée ${c}`, 200 + c),
          [`user/membre${c % 5}.html`]: profile(c % 5, `Biographie revue ${c}`),
        };
        next++;
        return { files, gone: [`article/a${60 + c}.html`] };
      });
      for (const [c, { files, gone }] of changes.entries()) {
        const pages = stagedPagesDelta(Object.keys(files), gone);
        const stage = (name: string) => {
          const out = join(dir, `${name}-${c}`);
          for (const [file, text] of Object.entries(files)) {
            mkdirSync(join(out, file, ".."), { recursive: true });
            writeFileSync(join(out, file), text);
          }
          return out;
        };
        // What each build wrote before: the live manifest copied, every page cut whole.
        const before = stage("before");
        const statsBefore = await buildSearchIndex(before, { previous: live, pagesPerShard: 3, staged: true, pages });
        if (c === 3) {
          // A build that fails once it has taken the live manifest for its own (its bundle folder cannot be made),
          // of a change that is never published (one more page gone): the next build starts from the live manifest.
          const failing = stage("failing");
          writeFileSync(join(failing, "pagefind"), "");
          const failed = stagedPagesDelta(Object.keys(files), [...gone, "article/a79.html"]);
          await expect(buildSearchIndex(failing, { previous: live, pagesPerShard: 3, staged: true, keepServices: true, pages: failed })).rejects.toThrow();
        }
        const now = stage("now");
        const stats = await buildSearchIndex(now, { previous: live, pagesPerShard: 3, staged: true, keepServices: true, pages });
        expect({ ...stats, timings: null, files: null }, `change ${c}`).toEqual({ ...statsBefore, timings: null, files: null });
        expect(readFileSync(join(now, ".search.json"), "utf8"), `change ${c}`).toBe(readFileSync(join(before, ".search.json"), "utf8"));
        // Published in place: the pages, and the manifest renamed (the same file, as the live folder's).
        for (const [file, text] of Object.entries(files)) writeFileSync(join(live, file), text);
        for (const file of gone) rmSync(join(live, file));
        renameSync(join(now, ".search.json"), join(live, ".search.json"));
      }
      expect(changes.length).toBe(8);
    });
  });
});
