/**
 * The search index's cost of a one-page change, and what a search downloads, on a synthetic site.
 *
 * Usage: bun bench/search-index.ts <searchable pages=8000> [changes=3] [port=4541]
 *
 * Writes a synthetic site of searchable pages shaped like ours (articles with a dated, ignored byline, media,
 * events, member profiles; a Zipf-distributed vocabulary of accented pseudo-French words, so that the index's
 * chunks have realistic sizes), indexes it whole, then applies `changes` one-article edits the way the server
 * does (a staged build: the changed page in a staging folder, every other page read from the live folder through
 * `.pages.json`), timing each incremental step by phase. Then serves the live folder and, in Debian's Chromium,
 * loads Pagefind the way /recherche does (shards.json, mergeIndex) and runs a few searches, summing the bytes and
 * requests each step downloads (the response bodies Chromium received, its worker's included; files served as they
 * are, no compression).
 *
 * SEARCH_INDEX_MODULE=<path> runs another version of scripts/search-index.ts (a before/after pair).
 */
import { cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { chromium } from "playwright";
import { fmt, percentile } from "./lib";

const [nPages = "8000", nChanges = "3", portArg = "4541"] = process.argv.slice(2);
const PAGES = Number(nPages);
const CHANGES = Number(nChanges);
const PORT = Number(portArg);
const modulePath = resolve(process.env.SEARCH_INDEX_MODULE ?? join(import.meta.dir, "../scripts/search-index.ts"));
const { buildSearchIndex, SEARCH_MANIFEST } = (await import(modulePath)) as typeof import("../scripts/search-index");

let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;

// A vocabulary of pseudo-French words, some accented, drawn with Zipf's law (a few words everywhere, most rare).
const SYLLABLES = ["ba", "bé", "ca", "cè", "di", "do", "fa", "gou", "jeu", "la", "lé", "ma", "mé", "na", "né", "pa", "pê", "ri", "ro", "sa", "sé", "ta", "té", "ti", "vé", "vi", "zo", "çon", "tion", "ment", "ité", "eur", "oir", "ine", "age"];
const letters = (i: number) => [...i.toString(26)].map((d) => String.fromCharCode(97 + parseInt(d, 26))).join("");
const VOCAB = Array.from({ length: 40_000 }, (_, i) => {
  let w = "";
  for (let k = 0, x = i * 2654435761; k < 2 + (i % 3); k++, x = Math.floor(x / SYLLABLES.length)) w += SYLLABLES[x % SYLLABLES.length];
  return w + letters(i);
});
const HARMONIC = VOCAB.reduce((h, _, i) => h + 1 / (i + 1) ** 1.07, 0);
const CUMULATIVE: number[] = [];
VOCAB.reduce((acc, _, i) => (CUMULATIVE[i] = acc + 1 / (i + 1) ** 1.07 / HARMONIC), 0);
const word = () => {
  const r = rand();
  let lo = 0;
  let hi = CUMULATIVE.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return VOCAB[lo]!;
};
const words = (n: number) => Array.from({ length: n }, word).join(" ");

const members = Math.max(20, Math.round(PAGES / 27));
const shell = (title: string, kind: string, main: string) =>
  `<!doctype html><html lang="fr" dir="ltr"><head><meta charset="utf-8"><title>${title} — L’Institut</title></head>` +
  `<body><header data-pagefind-ignore><img src="/logo.svg" alt=""><nav><a href="/articles">Articles</a></nav></header>` +
  `<main id="contenu" data-pagefind-body data-pagefind-filter="kind:${kind}" data-pagefind-meta="kind:${kind}">${main}</main>` +
  `<footer><img src="/logo.svg" alt="" loading="lazy"><p>Pied de page</p></footer></body></html>`;
const day = (i: number) => new Date(Date.UTC(2010, 0, 1) + i * 3_600_000 * 2).toISOString();
const article = (i: number, edit = 0) => {
  // The same author at every edit: an edit that moved the page to another person would measure two shards.
  const author = (i * 7919) % members;
  const sections = Array.from({ length: 4 }, (_, s) => `<h2 id="s${s}">${words(4)}</h2><p>${words(120)}</p>`).join("");
  return shell(
    `${words(6)} n°${i}`,
    "Article",
    `<a class="back-link" href="/articles">← Tous les articles</a><h1>${words(6)} n°${i}${edit ? ` (révision ${edit})` : ""}</h1>` +
      `<div class="meta" data-pagefind-ignore><span>Publié le <time datetime="${day(i)}">${i}</time></span> Par <a href="/user/membre${author}">Membre ${author}</a></div>` +
      `<div class="prose">${sections}</div>`,
  );
};
const media = (i: number) =>
  shell(
    `${words(5)} (média ${i})`,
    "Média",
    `<h1>${words(5)} (média ${i})</h1><div class="meta" data-pagefind-ignore>Publié le <time datetime="${day(i)}">${i}</time> Par <a href="/user/membre${i % members}">Membre ${i % members}</a></div><p>${words(80)}</p>`,
  );
const event = (i: number) =>
  shell(
    `${words(5)} (événement ${i})`,
    "Événement",
    `<h1>${words(5)} (événement ${i})</h1><p><time datetime="${day(i)}">${i}</time> Organisé par <a href="/user/membre${i % members}">Membre ${i % members}</a></p><p>${words(150)}</p>`,
  );
const profile = (i: number) =>
  shell(`Membre ${i}`, "Membre", `<h1>Membre ${i}</h1><p>${words(60)}</p><ul class="teaser-list" data-pagefind-ignore><li>${words(8)}</li></ul>`);

const root = mkdtempSync(join(tmpdir(), "bench-search-"));
const live = join(root, "live");
const pages: Record<string, { file: string }> = {};
const write = (dir: string, file: string, html: string) => {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), html);
};
const nArticles = Math.round(PAGES * 0.62);
const nMedia = Math.round(PAGES * 0.22);
const nEvents = PAGES - nArticles - nMedia - members;
const started = performance.now();
for (let i = 0; i < nArticles; i++) write(live, `article/article-${i}.html`, article(i));
for (let i = 0; i < nMedia; i++) write(live, `media/media-${i}.html`, media(i));
for (let i = 0; i < nEvents; i++) write(live, `event/event-${i}.html`, event(i));
for (let i = 0; i < members; i++) write(live, `user/membre${i}.html`, profile(i));
for (const rel of readdirSync(live, { recursive: true }) as string[]) {
  if (rel.endsWith(".html")) pages["/" + rel.replace(/\.html$/, "")] = { file: rel };
}
console.log(`${Object.keys(pages).length} searchable pages written in ${fmt((performance.now() - started) / 1000)} s (${nArticles} articles, ${nMedia} media, ${nEvents} events, ${members} members)`);
console.log(`module: ${modulePath}; load average ${loadavg().map((l) => fmt(l, 2)).join(" ")}`);

const full = await buildSearchIndex(live, { key: "bench" });
console.log(`full index: ${full.pages} pages, ${full.shards} shards, ${fmt(Object.values(full.timings).reduce((a, b) => a + b, 0) / 1000)} s ${JSON.stringify(full.timings)}`);

// One-article edits, staged as the server stages them: the page in the staging folder, the rest carried.
const totals: number[] = [];
const indexedPages: number[] = [];
let current = live;
for (let c = 1; c <= CHANGES; c++) {
  const staging = join(root, `staging-${c}`);
  const target = Math.floor(nArticles * (c % 2 ? 0.98 : 0.3)) + c;
  const file = `article/article-${target}.html`;
  write(staging, file, article(target, c));
  const carried = Object.keys(pages).filter((p) => pages[p]!.file !== file);
  writeFileSync(join(staging, ".pages.json"), JSON.stringify({ pages, carried }));
  const t0 = performance.now();
  const stats = await buildSearchIndex(staging, { previous: current, key: "bench", staged: true });
  const total = performance.now() - t0;
  totals.push(total);
  indexedPages.push(stats.indexedPages);
  const written = (readdirSync(join(staging, "pagefind"), { recursive: true }) as string[]).filter((f) => statSync(join(staging, "pagefind", f)).isFile());
  console.log(
    `change ${c} (${file}, ${c % 2 ? "recent" : "old"}): ${fmt(total / 1000, 2)} s, ${stats.indexed} of ${stats.shards} shards re-indexed (${stats.indexedPages} pages), ` +
      `${written.length} index files written, manifest ${fmt(statSync(join(staging, SEARCH_MANIFEST)).size / 1e6, 2)} MB; ms ${JSON.stringify(stats.timings)}`,
  );
  // Publish in place, as api/lib/publish-in-place.ts would: the staged files over the live ones.
  cpSync(join(staging, "pagefind"), join(live, "pagefind"), { recursive: true, force: true });
  cpSync(join(staging, SEARCH_MANIFEST), join(live, SEARCH_MANIFEST));
  rmSync(join(live, file));
  linkSync(join(staging, file), join(live, file));
  current = live;
}
console.log(`incremental step: p50 ${fmt(percentile(totals, 50) / 1000, 2)} s, max ${fmt(Math.max(...totals) / 1000, 2)} s; pages re-indexed p50 ${percentile(indexedPages, 50)}`);

// What a search downloads, in Chromium, the way site/src/scripts/search.ts loads and merges the shards.
const server = Bun.serve({
  port: PORT,
  async fetch(req) {
    const path = decodeURIComponent(new URL(req.url).pathname);
    if (path === "/") return new Response("<!doctype html><html lang=fr><title>b</title><body>bench</body></html>", { headers: { "content-type": "text/html" } });
    const f = Bun.file(join(live, path));
    return (await f.exists()) ? new Response(f) : new Response("not found", { status: 404 });
  },
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const page = await browser.newPage();
  await page.goto(`http://localhost:${PORT}/`);
  // Pagefind fetches its index from a web worker: Playwright's network events see those requests too.
  let sizes: Promise<number>[] = [];
  page.on("requestfinished", (r) => sizes.push(r.sizes().then((s) => s.responseBodySize)));
  const used = async () => {
    const all = await Promise.all(sizes);
    sizes = [];
    return { bytes: all.reduce((a, b) => a + b, 0), requests: all.length };
  };
  await page.evaluate(async () => {
    const pf = await import("/pagefind/pagefind.js" as string);
    await pf.init();
    const shards = (await fetch("/pagefind/shards.json").then((r) => r.json())) as string[];
    await Promise.all(shards.map((p) => pf.mergeIndex(p)));
    (window as any).pf = pf;
  });
  const opened = await used();
  console.log(`opening the search (script, WebAssembly, shards.json, every shard's entry and meta): ${fmt(opened.bytes / 1024)} KB in ${opened.requests} requests`);
  // A frequent word, a middling one, a rare one, two words; then the first 20 results' data (excerpts).
  const queries = [VOCAB[3]!, VOCAB[300]!, VOCAB[8000]!, `${VOCAB[40]!} ${VOCAB[900]!}`];
  const perQuery: number[] = [];
  for (const q of queries) {
    const found = await page.evaluate(async (q) => {
      const res = await (window as any).pf.search(q);
      await Promise.all(res.results.slice(0, 20).map((r: any) => r.data()));
      return res.results.length as number;
    }, q);
    const u = await used();
    perQuery.push(u.bytes);
    console.log(`query « ${q} »: ${found} results, ${fmt(u.bytes / 1024)} KB in ${u.requests} requests`);
  }
  console.log(`per query: median ${fmt(percentile(perQuery, 50) / 1024)} KB; first search (opening + first query) ${fmt((opened.bytes + perQuery[0]!) / 1024)} KB`);
} finally {
  await browser.close();
  server.stop(true);
  rmSync(root, { recursive: true, force: true });
}
