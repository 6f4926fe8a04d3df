/**
 * Public API at scale: GET /api/public/articles and /api/public/article/{url} at 5,000 articles with wrk
 * (32 connections), and the login p50 (slow on purpose: argon2id).
 * Usage: bun bench/api.ts [articles=5000] [seconds=10]   (BENCH_PORT moves it off 4505; BENCH_WORKERS sets WEB_WORKERS:
 * 0 for one process, unset for one per extra core)
 */
import { ensureDebian, fmt, percentile, startApiBench, wrk } from "./lib";

const [articles = "5000", secondsArg = "10"] = process.argv.slice(2);
await ensureDebian("wrk", "wrk");
const server = await startApiBench({ articles: Number(articles), port: Number(process.env.BENCH_PORT ?? 4505), prefix: "bench-api-" });
const list = await (await fetch(`${server.url}/api/public/articles`)).json();
console.log(`dataset: ${articles} articles (${list.length} public); wrk 32 connections, ${secondsArg} s; WEB_WORKERS=${process.env.BENCH_WORKERS ?? "default"}`);
for (const path of ["/api/public/articles", `/api/public/article/${list[100].url}`]) {
  for (const gzip of [true, false]) {
    const r = await wrk(server.url + path, { seconds: Number(secondsArg), connections: 32, gzip });
    console.log(
      `${path} (${gzip ? "gzip, as browsers ask" : "identity"}): ${r.rps} req/s, p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms (target p99 <= 50 ms)${r.non2xx ? `, non-2xx ${r.non2xx}` : ""}`,
    );
  }
}
// Cold answers (a query string the cache has never seen) show the database and serialisation cost alone.
const cold: number[] = [];
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  const res = await fetch(`${server.url}/api/public/articles?cold=${i}`, { headers: { "accept-encoding": "identity" } });
  const n = (await res.json()).length;
  if (n !== list.length) throw new Error(`cold answer had ${n} articles`);
  cold.push(performance.now() - t);
}
console.log(`/api/public/articles uncached: p50 ${fmt(percentile(cold, 50))} ms`);
const logins: number[] = [];
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ nickname: "membre0", password: "bench-password-123" }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  logins.push(performance.now() - t);
}
console.log(`login (argon2id): p50 ${fmt(percentile(logins, 50))} ms`);
await server.stop();
