/**
 * Build at scale: fills a temporary database with a large synthetic French dataset, starts the API (without its
 * own build), then times one full site build and reads its peak memory with GNU time.
 * Usage: bun bench/build-scale.ts [articles=5000] [media=2000] [events=1000] [members=300]
 */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { BUN, ensureDebian, fmt, startServer } from "./lib";

const [articles = "5000", media = "2000", events = "1000", members = "300"] = process.argv.slice(2);
await ensureDebian("/usr/bin/time", "time");
const dir = mkdtempSync(join(tmpdir(), "bench-build-"));
const databaseUrl = `file:${join(dir, "site.db")}`;

const gen = Bun.spawnSync([BUN, "bench/generate.ts", databaseUrl, articles, media, events, members], { stdout: "pipe", stderr: "inherit" });
console.log(gen.stdout.toString().trim());

const server = await startServer({ port: 4501, databaseUrl, dir, env: { SITE_BUILD: "off", SEED: "none", ADMIN_NICKNAME: "bench", ADMIN_PASSWORD: "bench-password-123" } });
const out = join(dir, "out");
const started = performance.now();
const build = Bun.spawnSync(["/usr/bin/time", "-f", "PEAK_KB=%M CPU_S=%U+%S", BUN, "scripts/build-site.ts"], {
  env: { ...process.env, BUILD_OUT_DIR: out, API_ORIGIN: server.url, ASTRO_LOG: "info", ASTRO_TELEMETRY_DISABLED: "1" },
  stdout: "pipe",
  stderr: "pipe",
});
const seconds = (performance.now() - started) / 1000;
await server.stop();
const log = build.stdout.toString() + build.stderr.toString();
if (build.exitCode !== 0) {
  console.error(log.slice(-4000));
  process.exit(1);
}
const peakMb = Math.round(Number(/PEAK_KB=(\d+)/.exec(log)?.[1] ?? NaN) / 1024);
let pages = 0;
const walk = (d: string) => {
  for (const e of readdirSync(d)) {
    const p = join(d, e);
    if (statSync(p).isDirectory()) walk(p);
    else if (e.endsWith(".html")) pages++;
  }
};
walk(out);
// Astro's own phases and the compression step, as printed by the build.
// What a visitor downloads for the article list (issue 23: at most ~100 KB, whatever the number of articles).
const size = (rel: string) => (existsSync(join(out, rel)) ? statSync(join(out, rel)).size : NaN);
const kb = (n: number) => `${fmt(n / 1024)} KB`;
const listPages = ["articles.html", "articles/page/2.html", "articles/tri/titre.html"].map((f) => `${f} ${kb(size(f))} (brotli ${kb(size(`${f}.br`))})`);
const phases = log
  .split("\n")
  .filter((l) => /Completed in|compressed \d+ files|compressed site files|indexed \d+ pages|built in|Collecting build info|generating static routes|search index started/.test(l))
  .map((l) => l.replace(/\x1b\[[0-9;]*m/g, "").trim());
console.log(`dataset: ${articles} articles, ${media} media, ${events} events, ${members} members`);
console.log(`pages built: ${pages}`);
// Issue 31's targets: 15 s and 600 MB at 5,000 articles, 120 s and 1 GB at 50,000.
const large = Number(articles) > 5000;
console.log(`build wall time: ${fmt(seconds)} s (target <= ${large ? 120 : 15} s)`);
console.log(`build peak memory (largest process): ${peakMb} MB (target <= ${large ? 1024 : 600} MB)`);
// CPU seconds move much less than wall time when other work shares the machine; the build's server is apart.
const cpu = /CPU_S=([\d.]+)\+([\d.]+)/.exec(log);
if (cpu) console.log(`build CPU time (user + system, all its processes): ${fmt(Number(cpu[1]) + Number(cpu[2]))} s; load average at the end: ${loadavg()[0]!.toFixed(1)}`);
console.log(`article list pages: ${listPages.join("; ")}`);
console.log(`phases:\n  ${phases.join("\n  ")}`);
// The generated site and database (hundreds of MB) go with the run, unless BENCH_KEEP=1 (a BENCH_DB lives elsewhere).
if (process.env.BENCH_KEEP !== "1") rmSync(dir, { recursive: true, force: true });
