/**
 * Change to live: time from a write until the changed page is served. The write is an article title changed in
 * the database followed by the rebuild hook (the path every API write takes), then the page is polled.
 * Usage: bun bench/change-to-live.ts [articles=0 (demo content) | N synthetic] [runs=5]
 */
import { createClient } from "@libsql/client";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUN, fmt, percentile, startServer } from "./lib";

const [articles = "0", runsArg = "5"] = process.argv.slice(2);
const runs = Number(runsArg);
const dir = mkdtempSync(join(tmpdir(), "bench-live-"));
const databaseUrl = `file:${join(dir, "site.db")}`;
const synthetic = Number(articles) > 0;
if (synthetic) Bun.spawnSync([BUN, "bench/generate.ts", databaseUrl, articles, "2000", "1000", "300"], { stdout: "inherit" });
const env: Record<string, string> = synthetic ? { SEED: "none", ADMIN_NICKNAME: "bench", ADMIN_PASSWORD: "bench-password-123" } : {};
const server = await startServer({ port: 4502, databaseUrl, dir, env });
const db = createClient({ url: databaseUrl });
const list = await (await fetch(`${server.url}/api/public/articles`)).json();
const target = list[Math.floor(list.length / 2)];
const times: number[] = [];
for (let i = 0; i < runs; i++) {
  const title = `Titre modifié ${Date.now()}`;
  const started = performance.now();
  await db.execute({ sql: "update articles set title = ? where id = ?", args: [title, target._id] });
  const hook = await fetch(`${server.url}/api/hooks/rebuild`, { method: "POST", headers: { authorization: "Bearer bench-token" } });
  if (hook.status !== 202) throw new Error(`rebuild hook answered ${hook.status}`);
  for (;;) {
    const html = await (await fetch(`${server.url}/article/${target.url}`)).text();
    if (html.includes(title)) break;
    await Bun.sleep(50);
  }
  times.push((performance.now() - started) / 1000);
  console.log(`run ${i + 1}: ${fmt(times.at(-1)!, 2)} s`);
}
await server.stop();
console.log(`dataset: ${synthetic ? `${articles} synthetic articles` : "demo content"}; runs: ${runs}`);
console.log(`change to live: p50 ${fmt(percentile(times, 50), 2)} s, p95 ${fmt(percentile(times, 95), 2)} s (target p95 <= 5 s at 5,000 articles)`);
