/**
 * How long an administrator waits for the answer to a write (« Mettre hors ligne » on an article) on a large site,
 * with no site build (SITE_BUILD=off: the answer alone, as the admin app sees it).
 *
 * Usage: bun bench/toggle-answer.ts [articles=50000] [toggles=12]   (port 4533)
 *
 * The write's own statements take a few ms; what a change sets off before the answer is sent counts too (the public
 * upload files made again: api/lib/uploads/visibility.ts). At 50,000 articles one answer soon after the server's
 * start takes seconds, for a cause not found yet (docs/PERFORMANCE.md): the percentiles include it.
 */
import { BENCH_ADMIN, fmt, percentile, signIn, startApiBench } from "./lib";

const [articlesArg = "50000", togglesArg = "12"] = process.argv.slice(2);
const server = await startApiBench({ articles: Number(articlesArg), port: 4533, prefix: "bench-toggle-" });
const token = await signIn(server.url, BENCH_ADMIN);
const list = (await (await fetch(`${server.url}/api/public/articles`)).json()) as { _id: string }[];
const id = list[10]!._id;
const times: number[] = [];
for (let i = 0; i < Number(togglesArg); i++) {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/admin/articles/${id}/online`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ online: i % 2 === 1 }),
  });
  if (res.status !== 200) throw new Error(`toggle answered ${res.status}: ${await res.text()}`);
  await res.text();
  times.push(performance.now() - started);
  await Bun.sleep(300);
}
await server.stop();
console.log(`${articlesArg} articles, answers in ms: ${times.map((t) => t.toFixed(0)).join(" ")}`);
console.log(`p50 ${fmt(percentile(times, 50), 0)} ms, p95 ${fmt(percentile(times, 95), 0)} ms`);
