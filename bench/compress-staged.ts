/**
 * The compression step of a staged warm build (scripts/build-steps.ts `indexAndCompress`) on a synthetic site, in
 * this process: a live folder whose compression manifest names `files` compressed files (~60,000 at 50,000
 * articles), kept in memory as the build process keeps it, and a staging folder of `pages` rendered pages (list
 * pages of ~60 KB, `same` of them with the live bytes, as a list rendered again that came out the same) plus a few
 * search files. Each run makes a fresh staging folder, then times the Compressor's construction, its run over the
 * pages, the search bundle's run and `finish`, and the whole step (threads kept by the process, as the build worker
 * keeps them, where the module has them).
 *
 * Usage: bun bench/compress-staged.ts [files=60000] [pages=52] [same=8] [runs=8]
 * COMPRESS_MODULE=<path> runs another version of scripts/compress.ts (a before/after pair).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fmt, percentile } from "./lib";

const [nFiles = "60000", nPages = "52", nSame = "8", nRuns = "8"] = process.argv.slice(2);
const modulePath = resolve(process.env.COMPRESS_MODULE ?? join(import.meta.dir, "../scripts/compress.ts"));
const compress = (await import(modulePath)) as typeof import("../scripts/compress");

let seed = 11;
const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const WORDS = ["gouvernance", "économie", "société", "réforme", "éducation", "santé", "culture", "territoire", "démocratie", "écologie", "Dakar", "Sénégal", "jeunesse", "numérique", "agriculture"];
const sentence = () => Array.from({ length: 8 + Math.floor(rand() * 10) }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
/** A list page of 50 rows, ~60 KB, shaped like /articles. */
const listPage = (n: number, version: number) =>
  `<!doctype html><html lang="fr"><head><title>Articles ${n}</title></head><body><main><p>${50000 + version} articles</p><ul>` +
  Array.from(
    { length: 50 },
    (_, i) =>
      `<li class="row"><a href="/article/article-${n}-${i}-${Math.floor(rand() * 1e6)}">${sentence()}</a><span class="by">${sentence()}</span>` +
      `<time datetime="2026-11-${String(1 + (i % 28)).padStart(2, "0")}">${i} novembre 2026</time><p>${sentence()} ${sentence()} ${sentence()} ${sentence()} ${sentence()}</p></li>`,
  ).join("") +
  `</ul></main></body></html>`;

const dir = mkdtempSync(join(tmpdir(), "bench-compress-"));
const live = join(dir, "live");
mkdirSync(join(live, "articles"), { recursive: true });
// The live build: its pages compressed once (the copies the reused pages link), and a manifest of `files` entries.
const pages = Array.from({ length: Number(nPages) }, (_, i) => ({ rel: `articles/p${i}.html`, before: listPage(i, 0) }));
for (const p of pages) writeFileSync(join(live, p.rel), p.before);
{
  const c = new compress.Compressor(live, undefined);
  await c.run();
  c.finish();
}
const liveFiles = compress.readManifest(live)!.files;
for (let i = 0; i < Number(nFiles); i++) liveFiles[`article/synthetic-article-${i}.html`] = `${(30000 + i).toString(36)}-${(i * 2654435761).toString(36)}`;
compress.writeManifest(live, { files: liveFiles });

const steps: Record<string, number[]> = { construct: [], pages: [], search: [], finish: [], total: [] };
for (let run = 0; run < Number(nRuns); run++) {
  const out = join(dir, `staging-${run}`);
  mkdirSync(join(out, "articles"), { recursive: true });
  mkdirSync(join(out, "pagefind", "fragment"), { recursive: true });
  pages.forEach((p, i) => writeFileSync(join(out, p.rel), i < Number(nSame) ? p.before : listPage(i, run + 1)));
  for (let i = 0; i < 3; i++) writeFileSync(join(out, "pagefind", "fragment", `f${run}-${i}.pf_fragment`), sentence().repeat(40));
  writeFileSync(join(out, "pagefind", "pagefind-entry.json"), JSON.stringify({ run, text: sentence().repeat(40) }));
  // The manifest is read from memory, as in the build process: staging wrote it, publication renamed it.
  compress.readManifest(live);
  const t0 = performance.now();
  // As scripts/build-worker.ts does: the process's kept threads, where this version of the module has them.
  const c = new compress.Compressor(out, live, "keptCompressionThreads" in compress ? compress.keptCompressionThreads() : undefined);
  const t1 = performance.now();
  await c.run({ skip: ["pagefind"] });
  const t2 = performance.now();
  await c.run({ only: "pagefind" });
  const t3 = performance.now();
  c.finish();
  c.close();
  const t4 = performance.now();
  for (const [k, v] of [["construct", t1 - t0], ["pages", t2 - t1], ["search", t3 - t2], ["finish", t4 - t3], ["total", t4 - t0]] as const) steps[k]!.push(v);
  if (run === 0) console.log(`stats of a run: ${JSON.stringify(c.stats)}`);
}
// The first run pays for the module's first load: the figures below are the others.
console.log(`compression of a staged build, ${nPages} pages (${nSame} unchanged), live manifest of ${Number(nFiles) + Number(nPages)} files:`);
for (const [k, v] of Object.entries(steps)) {
  const rest = v.slice(1);
  console.log(`  ${k.padEnd(9)} p50 ${fmt(percentile(rest, 50), 1)} ms, max ${fmt(Math.max(...rest), 1)} ms (first run ${fmt(v[0]!, 1)} ms)`);
}
rmSync(dir, { recursive: true, force: true });
process.exit(0);
