/**
 * The search index's plan in a warm partial build at 50,000 articles (scripts/search-index.ts, the "plan" of its
 * log line), on synthetic pages in this process: the cut into shards and every shard's digest, made whole from
 * every searchable page (`assignShards`, as each build did) against kept from the last build and updated from the
 * change (scripts/search-shards-kept.ts), over a series of small changes: an article corrected (removed and added
 * with a new digest), an old one corrected, a new article, a page gone, a profile changed, an article's date changed.
 * Each change's kept result is checked against the whole one. Also times the list step's copy of the live
 * manifest's records (less the change's pages) against their update in place, and counts the shards each change
 * leaves to index again (a digest the last plan did not have), by kind of change. Then, on the last cut: its
 * shards' sizes by part (undated; old, more than twice `perShard` pages; recent), with how many sit at their part's
 * maximum, and the shards a single dated page's removal leaves to index again, over dated pages taken evenly in
 * date order (the page's own shard, plus every shard a moved cut changed).
 *
 * Usage: bun bench/search-plan.ts [articles=50000] [changes=30] [perShard=500]
 */
import { assignShards, type ShardPage } from "../scripts/search-index";
import { byDate, KeptShards, OLD_SHARD_FACTOR } from "../scripts/search-shards-kept";
import { fmt, percentile } from "./lib";

const [nArticles = "50000", nChanges = "30", nPerShard = "500"] = process.argv.slice(2);
const ARTICLES = Number(nArticles);
const PER_SHARD = Number(nPerShard);
const PEOPLE = 300;

let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
// An article's first `datetime`: one every 50 minutes from 2020 on, as ISO strings (what pageDate reads).
const date = (i: number) => new Date(Date.UTC(2020, 0, 1) + i * 3_000_000).toISOString();
const person = (i: number) => `membre${i % PEOPLE}`;

/**
 * Searchable pages shaped like ours, by `shardKey` and `pageDate`: articles (dated, filed under the author their
 * byline links), member profiles (no date, filed under their own nickname), media (dated, filed under their
 * uploader) and events (dated, linking no profile: filed under their own address).
 */
const pages = new Map<string, ShardPage>();
const add = (page: ShardPage) => pages.set(page.url, page);
for (let i = 0; i < ARTICLES; i++) add({ url: `/article/article-n-${i}-reforme-de-l-education-au-senegal`, key: person(i * 7), date: date(i) });
for (let i = 0; i < PEOPLE; i++) add({ url: `/user/membre${i}`, key: `membre${i}`, date: "" });
for (let i = 0; i < 600; i++) add({ url: `/media/m${i}`, key: person(i), date: date(Math.floor((i * ARTICLES) / 600)) });
for (let i = 0; i < 265; i++) add({ url: `/event/e${i}`, key: `/event/e${i}`, date: date(Math.floor((i * ARTICLES) / 265) + 1) });
const digests = new Map([...pages.keys()].map((url) => [url, Bun.hash(url).toString(36)]));
const digestOf = (url: string) => digests.get(url)!;

/** The plan as each build made it: the cut of every page, then every shard's digest over all its pages. */
function whole() {
  const members = assignShards([...pages.values()], PER_SHARD);
  return { members, digests: members.map((m) => Bun.hash(m.map((url) => `${url}\u0000${digestOf(url)}`).join("\n")).toString(36)) };
}

/** One change: the pages it removes (gone, or rendered and read again) and those it adds, with their new digests. */
function change(n: number): { removed: ShardPage[]; added: ShardPage[] } {
  const urls = [...pages.keys()];
  const articleUrl = (i: number) => `/article/article-n-${i}-reforme-de-l-education-au-senegal`;
  const some = (from: number, to: number) => pages.get(articleUrl(from + Math.floor(rand() * (to - from)))) ?? pages.get(urls[n]!)!;
  switch (n % 6) {
    case 0: {
      const p = some(ARTICLES - 20, ARTICLES);
      return { removed: [p], added: [p] };
    }
    case 1: {
      const p = some(0, ARTICLES - 5_000);
      return { removed: [p], added: [p] };
    }
    case 2:
      return { removed: [], added: [{ url: `/article/nouveau-${n}`, key: person(n), date: date(ARTICLES + n) }] };
    case 3:
      return { removed: [some(0, ARTICLES)], added: [] };
    case 4: {
      const p = pages.get(`/user/${person(n * 13)}`)!;
      return { removed: [p], added: [p] };
    }
    default: {
      const p = some(0, ARTICLES);
      return { removed: [p], added: [{ ...p, date: date(Math.floor(rand() * ARTICLES)) }] };
    }
  }
}

// The live manifest's records as the build process has them (parsed from `.search.json`), for the list's copy.
const records = JSON.parse(
  JSON.stringify(Object.fromEntries([...pages.values()].map((p) => [p.url, { file: `${p.url.slice(1)}.html`, key: p.key, date: p.date, digest: digestOf(p.url) }]))),
) as Record<string, { file: string; key: string; date: string; digest: string }>;

const t0 = performance.now();
const kept = new KeptShards(PER_SHARD, [...pages.values()]);
kept.digests(digestOf);
const first = performance.now() - t0;
const times = { whole: [] as number[], kept: [] as number[], copy: [] as number[], inPlace: [] as number[] };
let shards = 0;
const kinds = ["recent article corrected", "old article corrected", "new article", "page gone", "profile changed", "article redated"];
const reindexed = new Map<string, number[]>();
let lastDigests = new Set(kept.digests(digestOf));
for (let n = 0; n < Number(nChanges); n++) {
  const { removed, added } = change(n);
  for (const p of removed) pages.delete(p.url);
  for (const p of added) {
    pages.set(p.url, p);
    digests.set(p.url, Bun.hash(`${p.url}${n}`).toString(36));
  }
  // The list step: the live records less the change's pages, copied (as each build did) or taken over.
  const t4 = performance.now();
  const copied = { ...records };
  for (const p of removed) delete copied[p.url];
  const t5 = performance.now();
  for (const p of removed) delete records[p.url];
  for (const p of added) records[p.url] = { file: `${p.url.slice(1)}.html`, key: p.key, date: p.date, digest: digestOf(p.url) };
  times.copy.push(t5 - t4);
  times.inPlace.push(performance.now() - t5);
  const t1 = performance.now();
  const expected = whole();
  const t2 = performance.now();
  for (const p of removed) if (!kept.remove(p)) throw new Error(`${p.url} not in the kept cut`);
  for (const p of added) kept.add(p);
  const got = { members: kept.members(), digests: kept.digests(digestOf) };
  const t3 = performance.now();
  times.whole.push(t2 - t1);
  times.kept.push(t3 - t2);
  if (JSON.stringify(got) !== JSON.stringify(expected)) throw new Error(`change ${n}: the kept cut differs from the whole one`);
  shards = got.members.length;
  const kind = kinds[n % 6]!;
  reindexed.set(kind, [...(reindexed.get(kind) ?? []), got.digests.filter((d) => !lastDigests.has(d)).length]);
  lastDigests = new Set(got.digests);
}
const line = (name: string, ms: number[]) => `  ${name}: p50 ${fmt(percentile(ms, 50), 2)} ms, max ${fmt(Math.max(...ms), 2)} ms`;
console.log(`search plan at ${pages.size} searchable pages (${ARTICLES} articles), ${shards} shards of ~${PER_SHARD}, ${nChanges} changes:`);
console.log(line("whole (assignShards and every shard's digest)", times.whole));
console.log(line("kept (updated from the change)", times.kept));
console.log(`  kept, first made from every page: ${fmt(first, 1)} ms`);
console.log(line("list: the live records copied less the change's (whole)", times.copy));
console.log(line("list: the live records updated in place (kept)", times.inPlace));
console.log(`  shards to index again per change: ${[...reindexed].map(([kind, counts]) => `${kind} ${counts.join(", ")}`).join("; ")}`);

// The last cut's shards by part, and the maximum of each part's rule (scripts/search-shards-kept.ts `rule`).
const members = kept.members();
const parts = { undated: [] as number[], old: [] as number[], recent: [] as number[] };
for (const m of members) {
  const part = !pages.get(m[0]!)?.date ? "undated" : m.length > 2 * PER_SHARD ? "old" : "recent";
  parts[part].push(m.length);
}
const maxOf = { undated: 2 * PER_SHARD, old: Math.ceil(PER_SHARD * OLD_SHARD_FACTOR * 1.5), recent: 2 * PER_SHARD };
for (const [part, sizes] of Object.entries(parts) as [keyof typeof parts, number[]][]) {
  if (sizes.length === 0) continue;
  const atMax = sizes.filter((n) => n >= maxOf[part]).length;
  console.log(
    `  ${part} shards: ${sizes.length}, pages min ${Math.min(...sizes)}, median ${percentile(sizes, 50)}, max ${Math.max(...sizes)}; ${atMax} at the maximum (${maxOf[part]})`,
  );
}
// One dated page removed (then added back): the shards it leaves to index again, over pages taken evenly.
const dated = [...pages.values()].filter((p) => p.date).sort(byDate);
const SAMPLES = 500;
const byCount = new Map<number, number>();
const before = new Set(kept.digests(digestOf));
const t6 = performance.now();
for (let s = 0; s < SAMPLES; s++) {
  const p = dated[Math.floor(((s + 0.5) * dated.length) / SAMPLES)]!;
  if (!kept.remove(p)) throw new Error(`${p.url} not in the kept cut`);
  const count = kept.digests(digestOf).filter((d) => !before.has(d)).length;
  kept.add(p);
  byCount.set(count, (byCount.get(count) ?? 0) + 1);
}
const t7 = performance.now();
if (JSON.stringify(kept.members()) !== JSON.stringify(members)) throw new Error("the kept cut differs after the removals and additions");
console.log(
  `  one dated page removed, shards to index again (${SAMPLES} pages taken evenly in date order, ${fmt((t7 - t6) / SAMPLES / 2, 2)} ms a change): ` +
    `${[...byCount].sort(([a], [b]) => a - b).map(([count, n]) => `${count} shard${count === 1 ? "" : "s"} for ${n}`).join(", ")}`,
);
