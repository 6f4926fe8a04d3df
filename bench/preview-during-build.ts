/**
 * « Aperçu » while the site builds (issue 31 §5): an admin asks for the preview of one article again and again
 * while a full build (« Reconstruire le site ») runs, and between builds; prints the latency of each answer, its
 * status, and how many were answered during the build. Before issue 31 every preview during a build was refused.
 * Usage: bun bench/preview-during-build.ts [articles=0 (demo content) | N synthetic] [builds=2]
 */
import { childPid, fmt, memoryMb, percentile, startSiteBench } from "./lib";

const [articles = "0", buildsArg = "2"] = process.argv.slice(2);
const { server, token, synthetic } = await startSiteBench({ articles: Number(articles), port: Number(process.env.BENCH_PORT ?? 4503), prefix: "bench-preview-" });
const auth = { authorization: `Bearer ${token}` };
const list = (await (await fetch(`${server.url}/api/public/articles`)).json()) as { _id: string }[];
const target = list[Math.min(10, list.length - 1)]!;

const ask = async () => {
  const started = performance.now();
  const res = await fetch(`${server.url}/api/admin/articles/${target._id}/preview`, { headers: auth });
  await res.arrayBuffer();
  return { status: res.status, s: (performance.now() - started) / 1000 };
};
const status = async () => (await (await fetch(`${server.url}/api/admin/site`, { headers: auth })).json()) as { building: unknown; queued: boolean };

// The preview process starts once the site is up; its first answer waits for its own Astro start.
const first = await ask();
console.log(`first preview (the preview process's start included): ${first.status} in ${fmt(first.s, 2)} s`);

const idle: number[] = [];
for (let i = 0; i < 5; i++) idle.push((await ask()).s);
const during: number[] = [];
const statuses = new Map<number, number>();
for (let b = 0; b < Number(buildsArg); b++) {
  const r = await fetch(`${server.url}/api/admin/site/rebuild`, { method: "POST", headers: { ...auth, origin: server.url } });
  if (r.status !== 202) throw new Error(`rebuild answered ${r.status}`);
  while (!(await status()).building) await Bun.sleep(20);
  for (;;) {
    const s = await status();
    if (!s.building && !s.queued) break;
    const a = await ask();
    // Counted only when the build still ran after the answer (the answer came during the build).
    if ((await status()).building) {
      during.push(a.s);
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    }
  }
}
const previewPid = childPid(server.pid, "preview-worker");
const previewMemory = previewPid ? memoryMb(previewPid) : null;
await server.stop();
const load = (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
console.log(`dataset: ${synthetic ? `${articles} synthetic articles` : "demo content"}; full builds: ${buildsArg}; load ${load}`);
console.log(`preview between builds: p50 ${fmt(percentile(idle, 50), 3)} s, p95 ${fmt(percentile(idle, 95), 3)} s (${idle.length} asks)`);
console.log(
  `preview during a full build: p50 ${fmt(percentile(during, 50), 3)} s, p95 ${fmt(percentile(during, 95), 3)} s, max ${fmt(Math.max(...during), 3)} s ` +
    `(${during.length} asks; statuses ${[...statuses].map(([k, v]) => `${k}×${v}`).join(", ")})`,
);
if (previewMemory) console.log(`preview process memory: ${previewMemory.rss} MB now, ${previewMemory.peak} MB at its peak`);
