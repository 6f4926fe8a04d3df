/**
 * The API's reads on every core (issue 34's figure: requests answered per second on 2 cores against one process).
 * The same generated database is served twice per round, by one process (WEB_WORKERS=0) and by the default (a
 * worker answering reads beside the primary: one per extra core), in turn; each time wrk asks for a mix of reads
 * at 16 connections, one URL after the other: the back office's and a member's article lists (unsearched and a
 * broad search), the media list, one public article and the public themes, after 2 s of each to warm the
 * processes up. Prints req/s and p99 per URL, the ratio per URL and their geometric mean, round by round.
 * Usage: bun bench/api-cores.ts [articles=50000] [seconds=5] [rounds=2]   (BENCH_PORT moves it off 4507;
 * BENCH_DB=/path/site.db reuses a database made by bench/generate.ts, or by bench/admin-list.ts, with these sizes)
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { users } from "../db/schema";
import { createSession } from "../api/lib/session";
import { BENCH_ADMIN, BUN, ensureDebian, fmt, signIn, startServer, wrk } from "./lib";

const [articles = "50000", secondsArg = "5", roundsArg = "2"] = process.argv.slice(2);
const seconds = Number(secondsArg);
const rounds = Number(roundsArg);
const CONNECTIONS = 16;
await ensureDebian("wrk", "wrk");

const dir = mkdtempSync(join(tmpdir(), "bench-cores-"));
const dbFile = process.env.BENCH_DB ? resolve(process.env.BENCH_DB) : join(dir, "site.db");
const databaseUrl = `file:${dbFile}`;
if (!existsSync(dbFile)) {
  const made = Bun.spawnSync([BUN, "bench/generate.ts", databaseUrl, articles, "20000", "1000", "3000"], { stdout: "inherit", stderr: "inherit" });
  if (made.exitCode !== 0) throw new Error("bench/generate.ts failed");
}
// membre1 reads as a member (no password: a session made here); membre0 is the generated administrator.
const database = await openDatabase(databaseUrl);
const [member] = await database.db.select({ id: users.id }).from(users).where(eq(users.nickname, "membre1"));
const memberToken = (await createSession(database.db, member!.id)).token;
const articleUrl = String((await database.client.execute("select url from articles where approved = 1 and online = 1 and deleted_at is null limit 1")).rows[0]!.url);
database.close();

type Side = "one process" | "with workers";
const port = Number(process.env.BENCH_PORT ?? 4507);

async function measure(side: Side) {
  const server = await startServer({
    port,
    databaseUrl,
    env: {
      SITE_BUILD: "off",
      SEED: "none",
      ADMIN_NICKNAME: "bench",
      ADMIN_PASSWORD: "bench-password-123",
      // The per-account search limit would answer most of wrk's searches with 429: lifted here.
      SEARCHES_PER_10S: "1000000",
      ...(side === "one process" ? { WEB_WORKERS: "0" } : {}),
    },
  });
  try {
    const admin = { Authorization: `Bearer ${await signIn(server.url, BENCH_ADMIN)}` };
    const asMember = { Authorization: `Bearer ${memberToken}` };
    const page = "page=1&pageSize=50";
    const mix: [string, string, Record<string, string>][] = [
      ["admin articles", `/api/admin/articles?${page}&sort=recent`, admin],
      ["admin articles q=gouv", `/api/admin/articles?${page}&sort=title&q=gouv`, admin],
      ["member articles", `/api/user/articles?${page}&sort=recent`, asMember],
      ["admin media", `/api/admin/media?${page}&sort=recent`, admin],
      ["public article", `/api/public/article/${encodeURIComponent(articleUrl)}`, {}],
      ["public themes", "/api/public/themes", {}],
    ];
    // Every read once under load before measuring: a process's first seconds (code compiled, statements and
    // counts not kept yet) would otherwise weigh on the first read measured, and twice as much with two processes.
    for (const [, path, headers] of mix) await wrk(`${server.url}${path}`, { threads: 2, connections: CONNECTIONS, seconds: 2, headers });
    const rows = [];
    for (const [label, path, headers] of mix) {
      const r = await wrk(`${server.url}${path}`, { threads: 2, connections: CONNECTIONS, seconds, headers });
      if (r.non2xx) throw new Error(`${label}: ${r.non2xx} non-2xx answers`);
      rows.push({ label, rps: r.rps, p99: r.p99 });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

console.log(`${cpus().length} cores; wrk, 2 threads, ${CONNECTIONS} connections, ${seconds} s per URL`);
// Per URL, then their geometric mean: a sum of req/s would be the cheap reads' figure.
const means: number[] = [];
for (let round = 1; round <= rounds; round++) {
  const bySide = new Map<Side, Awaited<ReturnType<typeof measure>>>();
  for (const side of ["one process", "with workers"] as Side[]) {
    const load = loadavg()[0]!.toFixed(1);
    const rows = await measure(side);
    bySide.set(side, rows);
    console.log(`round ${round}, ${side} (load ${load}): ${rows.map((r) => `${r.label} ${r.rps} req/s p99 ${fmt(r.p99)} ms`).join("; ")}`);
  }
  const one = bySide.get("one process")!;
  const ratios = bySide.get("with workers")!.map((r, i) => ({ label: r.label, ratio: r.rps / one[i]!.rps }));
  means.push(Math.exp(ratios.reduce((n, r) => n + Math.log(r.ratio), 0) / ratios.length));
  console.log(`round ${round}, with workers / one process: ${ratios.map((r) => `${r.label} ${fmt(r.ratio, 2)}×`).join(", ")}; geometric mean ${fmt(means.at(-1)!, 2)}×`);
}
console.log(`geometric mean per round: ${means.map((r) => `${fmt(r, 2)}×`).join(", ")}; load at the end ${loadavg()[0]!.toFixed(1)}`);
// The generated database (hundreds of MB at 50,000) goes with the run, unless BENCH_KEEP=1 or it was BENCH_DB's.
if (process.env.BENCH_KEEP !== "1") rmSync(dir, { recursive: true, force: true });
