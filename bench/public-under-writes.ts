/**
 * The public article list under load while a member writes (issue 34's figure: `/api/public/articles` p99 at 64
 * connections, a member writing every 50 ms). wrk asks for the list (gzip, as browsers do) at 64 connections
 * while a member (membre0, the one synthetic account with a password) saves a new draft every 50 ms; then every acknowledged draft is looked up through the member's own
 * list. Prints wrk's req/s, p50, p99, non-2xx answers and socket errors, and the writes' own latency; then the
 * floor: the same bytes sent by bare Bun servers to the same wrk (bench/bare-bytes-server.ts).
 * Usage: bun bench/public-under-writes.ts [articles=5000] [seconds=20]   (BENCH_PORT moves it off 4506;
 * BENCH_WORKERS sets WEB_WORKERS: 0 for one process, unset for one per extra core)
 */
import { rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { BENCH_ADMIN, childPids, cpuMs, ensureDebian, fmt, percentile, signIn, startApiBench, wrk } from "./lib";

const [articles = "5000", secondsArg = "20"] = process.argv.slice(2);
const seconds = Number(secondsArg);
await ensureDebian("wrk", "wrk");
const server = await startApiBench({ articles: Number(articles), port: Number(process.env.BENCH_PORT ?? 4506), prefix: "bench-writes-" });
const auth = { authorization: `Bearer ${await signIn(server.url, BENCH_ADMIN)}` };
const themes = (await (await fetch(`${server.url}/api/public/themes`)).json()) as { _id: string }[];

// The first seconds of a process run its code cold (JIT) and fill its answer cache: measured apart, printed, then
// the steady state under writes is measured.
const warm = await wrk(`${server.url}/api/public/articles`, { seconds: 3, connections: 64, gzip: true });
console.log(`first 3 s after start (no writes): ${warm.rps} req/s, p50 ${fmt(warm.p50, 2)} ms, p99 ${fmt(warm.p99, 2)} ms`);

// The member's writes, one every 50 ms for as long as wrk runs.
const acknowledged: string[] = [];
const writeTimes: number[] = [];
let failed = 0;
let writing = true;
const writer = (async () => {
  for (let n = 0; writing; n++) {
    const started = performance.now();
    const title = `Brouillon sous charge ${n}`;
    const res = await fetch(`${server.url}/api/user/articles`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ title, txt_content: "Un texte écrit pendant la mesure.", themes: [themes[n % themes.length]!._id], draft: true }),
    });
    await res.arrayBuffer();
    writeTimes.push(performance.now() - started);
    if (res.ok) acknowledged.push(title);
    else failed++;
    await Bun.sleep(Math.max(0, 50 - (performance.now() - started)));
  }
})();

console.log(`load average before: ${loadavg().map((l) => l.toFixed(1)).join(" / ")}`);
const serving = [server.pid, ...childPids(server.pid, "web-worker.ts")];
const cpuBefore = cpuMs(serving);
const r = await wrk(`${server.url}/api/public/articles`, { seconds, connections: 64, gzip: true });
const cpuPerAnswer = ((cpuMs(serving) - cpuBefore) * 1000) / r.requests;
writing = false;
await writer;
const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(r.raw);
const socket = socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;

// Every acknowledged draft must be stored.
// The spec's list (no `page`): every article of the member, drafts included.
const mine = (await (await fetch(`${server.url}/api/user/articles`, { headers: auth })).json()) as { title: string }[];
const stored = new Set(mine.map((a) => a.title));
const recent = acknowledged;
const lost = recent.filter((t) => !stored.has(t)).length;

console.log(`dataset: ${articles} articles; wrk 64 connections, ${seconds} s, gzip; WEB_WORKERS=${process.env.BENCH_WORKERS ?? "default"}`);
console.log(
  `/api/public/articles: ${r.rps} req/s, p50 ${fmt(r.p50, 2)} ms, p99 ${fmt(r.p99, 2)} ms (target p99 <= 50 ms), non-2xx ${r.non2xx}, socket errors ${socket}; ` +
    `${fmt(cpuPerAnswer, 0)} µs of CPU per answer (the member's writes included)`,
);
console.log(
  `member's drafts: ${acknowledged.length} acknowledged, ${failed} refused; write p50 ${fmt(percentile(writeTimes, 50))} ms, p99 ${fmt(percentile(writeTimes, 99))} ms; ` +
    `all ${recent.length} looked up: ${lost} missing`,
);
console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(" / ")}`);

// The floor: the same compressed bytes sent by bare Bun servers, one per serving process, to the same wrk. What
// the API adds to the tail is the difference; what the machine (wrk beside the servers on two cores, the bytes
// copied over loopback) costs is this line.
const gz = new Uint8Array(await (await fetch(`${server.url}/api/public/articles`, { headers: { "accept-encoding": "gzip" }, decompress: false } as RequestInit)).arrayBuffer());
await server.stop();
const processes = serving.length;
const bytesFile = join(tmpdir(), `bench-bare-${process.pid}.gz`);
writeFileSync(bytesFile, gz);
const floorPort = Number(process.env.BENCH_PORT ?? 4506) + 1;
const bare = await Promise.all(
  Array.from({ length: processes }, () => {
    const ready = Promise.withResolvers<void>();
    const child = Bun.spawn([process.execPath, "bench/bare-bytes-server.ts", bytesFile, String(floorPort)], { ipc: () => ready.resolve(), stdout: "inherit", stderr: "inherit" });
    // A server that cannot start (its port taken) ends the bench instead of leaving it waiting.
    void child.exited.then((code) => ready.reject(new Error(`bench/bare-bytes-server.ts exited (${code}) on port ${floorPort}`)));
    return ready.promise.then(() => child);
  }),
);
const floorCpuBefore = cpuMs(bare.map((child) => child.pid));
const floor = await wrk(`http://127.0.0.1:${floorPort}/`, { seconds, connections: 64, gzip: true });
const floorCpu = ((cpuMs(bare.map((child) => child.pid)) - floorCpuBefore) * 1000) / floor.requests;
for (const child of bare) child.kill();
rmSync(bytesFile, { force: true });
console.log(
  `floor, the same ${fmt(gz.length / 1024, 0)} KB sent by ${processes} bare Bun process(es): ${floor.rps} req/s, p50 ${fmt(floor.p50, 2)} ms, p99 ${fmt(floor.p99, 2)} ms, ` +
    `${fmt(floorCpu, 0)} µs of CPU per answer`,
);
