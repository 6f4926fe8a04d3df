/**
 * Change to live: time from an admin's write (acknowledged by the API) until the public site shows it. The write
 * is the back office's « en ligne » toggle on one article (PUT /api/admin/articles/:id/online), alternately off
 * and on; the article's page is polled until it is gone (404) or back (200), and the list of articles, the RSS
 * feed and the sitemap are checked at that moment. Each write triggers a partial rebuild (scripts/partial-build.ts).
 * Per change it also prints what the change cost: the bytes the build read from the API (the build's own log line)
 * and the files of the live site that are new (written: an inode the live site did not have) or new names for
 * files it had (linked into a new build folder), from a walk of the live site before and after.
 * Usage: bun bench/change-to-live.ts [articles=0 (demo content) | N synthetic] [runs=5]   (BENCH_PORT moves it off 4502;
 * BENCH_VERBOSE=1 prints the build's own timeline; BENCH_AFTER_PREVIEW=1 starts the runs once « Aperçu » answers;
 * BENCH_RESTART_WORKER=1 stops the build worker first, so a fresh one builds the runs from the saved renderer)
 */
import { readdirSync, realpathSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { sitemapLocs } from "../site/src/lib/sitemap";
import { childPid, fmt, memoryMb, percentile, startSiteBench } from "./lib";

/** Every file of the live site: its real folder and each file's inode by relative path. */
function liveFiles(siteDir: string): { root: string; inodes: Map<string, number> } {
  const root = realpathSync(join(siteDir, "current"));
  const inodes = new Map<string, number>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    inodes.set(path.slice(root.length + 1), statSync(path).ino);
  }
  return { root, inodes };
}

/** What a change did to the live site's files: written (new inodes), linked (old inodes under new names). */
function filesCost(before: ReturnType<typeof liveFiles>, after: ReturnType<typeof liveFiles>) {
  const known = new Set(before.inodes.values());
  let written = 0;
  let linked = 0;
  for (const [path, ino] of after.inodes) {
    if (!known.has(ino)) written++;
    else if (after.root !== before.root || before.inodes.get(path) !== ino) linked++;
  }
  return { written, linked, total: after.inodes.size };
}

const [articles = "0", runsArg = "5"] = process.argv.slice(2);
const runs = Number(runsArg);
const { server, token, synthetic } = await startSiteBench({ articles: Number(articles), port: Number(process.env.BENCH_PORT ?? 4502), prefix: "bench-live-" });
const list = (await (await fetch(`${server.url}/api/public/articles`)).json()) as { _id: string; url: string }[];
// A recent article: the feeds hold the latest 50 (site/src/lib/rss.ts), and the check below reads the main feed.
// BENCH_ARTICLE picks another one (its rank from the newest, 0-based; 10 by default, the figures' article so far).
// At 5,000 articles the 11th newest happens to be the page its search shard is cut after: each toggle re-indexes
// the next shard too, a 1-in-60 case among recent articles (docs/PERFORMANCE.md); BENCH_ARTICLE=11 does not.
const target = list[Math.min(Number(process.env.BENCH_ARTICLE ?? 10), list.length - 1)]!;
const page = `${server.url}/article/${target.url}`;

// BENCH_AFTER_PREVIEW=1: the runs start once « Aperçu » answers. The server warms its preview renderer (its own
// `astro build`, seconds of CPU) right after the first site build, which is when the first runs come otherwise.
if (process.env.BENCH_AFTER_PREVIEW === "1") {
  const began = performance.now();
  const res = await fetch(`${server.url}/api/admin/articles/${target._id}/preview`, { headers: { authorization: `Bearer ${token}` } });
  console.log(`« Aperçu » answered ${res.status} after ${fmt((performance.now() - began) / 1000, 2)} s (the preview renderer's start)`);
}
// BENCH_RESTART_WORKER=1: the build worker is stopped before the runs, as a restart would: the runs are built by a
// fresh worker from the renderer the first one saved (scripts/saved-renderer.ts), the first run listing everything.
if (process.env.BENCH_RESTART_WORKER === "1") {
  const pid = childPid(server.pid, "build-worker");
  if (pid) process.kill(pid, "SIGTERM");
  console.log(pid ? `build worker ${pid} stopped: the runs start a fresh one` : "no build worker to stop");
}
const times: number[] = [];
const builds: string[] = [];
const load = () => loadavg().map((l) => l.toFixed(1)).join(" / ");
console.log(`load average (1 / 5 / 15 min) before the runs: ${load()}`);
const costs: { bytes: number; written: number; linked: number }[] = [];
/** The build worker's JS heap before each run's build (after the last one's garbage was collected). */
const heaps: number[] = [];
let files = liveFiles(server.siteDir);
for (let i = 0; i < runs; i++) {
  const online = i % 2 === 1;
  const started = performance.now();
  const res = await fetch(`${server.url}/api/admin/articles/${target._id}/online`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ online }),
  });
  if (res.status !== 200) throw new Error(`toggle answered ${res.status}: ${await res.text()}`);
  const acknowledged = performance.now();
  for (;;) {
    const status = (await fetch(page, { method: "HEAD" })).status;
    if (status === (online ? 200 : 404)) break;
    await Bun.sleep(25);
  }
  times.push((performance.now() - acknowledged) / 1000);
  // Everything else the change touches went live in the same swap.
  const get = async (p: string) => (await fetch(server.url + p)).text();
  const bodies = await Promise.all([get("/articles"), get("/rss.xml"), sitemapLocs(get).then((locs) => locs.join("\n") + "\n")]);
  const shown = bodies.map((body) => body.includes(`/article/${target.url}`));
  if (shown.some((s) => s !== online)) throw new Error(`list, feed or sitemap out of step after run ${i + 1}: ${shown}`);
  const status = await (await fetch(`${server.url}/api/hooks/rebuild`, { headers: { authorization: "Bearer bench-token" } })).json();
  const last = status.lastSuccess as { durationMs: number; mode?: string } | null;
  builds.push(`${last?.mode ?? "?"} ${fmt((last?.durationMs ?? NaN) / 1000, 2)} s`);
  // Where the build's time went (its own log lines).
  const phases = String(status.last?.log ?? "")
    .split("\n")
    .filter((l) => /build: render|pages ready|indexed \d+ pages|compressed|search shard| at \d+ ms|^timeline|^api read \/|^memory before/.test(l))
    .map((l) => l.replace(/\x1b\[[0-9;]*m/g, "").trim());
  if (process.env.BENCH_VERBOSE) console.log(`  ${phases.join("\n  ")}`);
  const bytes = Number(/api read: \d+ answers, (\d+) bytes/.exec(String(status.last?.log ?? ""))?.[1] ?? NaN);
  heaps.push(Number(/memory before this job: JS heap (\d+) MB/.exec(String(status.last?.log ?? ""))?.[1] ?? NaN));
  const now = liveFiles(server.siteDir);
  const cost = { bytes, ...filesCost(files, now) };
  files = now;
  costs.push(cost);
  console.log(
    `run ${i + 1} (${online ? "on" : "off"}line): ${fmt(times.at(-1)!, 2)} s after the answer (${fmt((acknowledged - started) / 1000, 2)} s to answer); build ${builds.at(-1)}; ` +
      `API read ${fmt(bytes / 1e6, 2)} MB; files written ${cost.written}, linked ${cost.linked} (of ${cost.total})`,
  );
}
// The build worker (scripts/build-worker.ts) keeps its renderer between builds: its memory now and at its peak.
// The worker that made the first (full) build retired after it; this one loaded the renderer it saved.
const workerPid = childPid(server.pid, "build-worker");
if (workerPid) {
  const mem = memoryMb(workerPid);
  console.log(`build worker memory: ${mem.rss} MB now, ${mem.peak} MB at its peak (since it started: the full build's worker retired)`);
  // Flat from run 2 on, or the process keeps something of every build.
  console.log(`build worker JS heap before each run's build: ${heaps.join(", ")} MB`);
}
// The « Aperçu » process keeps a renderer of the same code, loaded from the build worker's saved one (or made by
// an Astro build that renders no page when there is none).
const previewPid = childPid(server.pid, "preview-worker");
if (previewPid) {
  const mem = memoryMb(previewPid);
  console.log(`« Aperçu » process memory: ${mem.rss} MB now, ${mem.peak} MB at its peak`);
}
await server.stop();
// Issue 31's targets: p95 within 1 s at 5,000 articles, 1.5 s at 50,000 (and at most 1.5 times the 5,000 figure).
const target5 = synthetic ? "p95 <= 1.0 s at 5,000 articles, <= 1.5 s at 50,000" : "p95 <= 1.0 s";
console.log(`load average (1 / 5 / 15 min) after the runs: ${load()}`);
console.log(`dataset: ${synthetic ? `${articles} synthetic articles` : "demo content"}; runs: ${runs}`);
const median = (k: "bytes" | "written" | "linked") => percentile(costs.map((c) => c[k]), 50);
console.log(`per change (median): API read ${fmt(median("bytes") / 1e6, 2)} MB, files written ${median("written")}, linked ${median("linked")}`);
console.log(`change to live: p50 ${fmt(percentile(times, 50), 2)} s, p95 ${fmt(percentile(times, 95), 2)} s (target ${target5})`);
// The first warm build after the server's start also meets its cold paths (and, without BENCH_AFTER_PREVIEW, the
// preview renderer's start): the steady state apart.
if (times.length > 2) console.log(`runs 2-${times.length}: p50 ${fmt(percentile(times.slice(1), 50), 2)} s, p95 ${fmt(percentile(times.slice(1), 95), 2)} s`);
