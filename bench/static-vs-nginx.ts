/**
 * Static pages against the physical limit: the same built pages served by our server and by nginx
 * (Debian's nginx-light on a free loopback port, the live build folder as root, gzip_static on), each loaded with
 * wrk in the same run, once without Accept-Encoding (identity) and once as browsers ask ("gzip, deflate, br": ours
 * answers brotli; nginx-light has no brotli module and answers its .gz). Also reads our server's memory idle and
 * under this load.
 * Usage: bun bench/static-vs-nginx.ts [seconds=10] [connections=32] [rounds=3]   (BENCH_PORT: 4503 by default)
 */
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { ensureDebian, fmt, memoryMb, percentile, startServer, wrk } from "./lib";

const [secondsArg = "10", connArg = "32", roundsArg = "3"] = process.argv.slice(2);
const seconds = Number(secondsArg);
const connections = Number(connArg);
const rounds = Number(roundsArg);
/** Each server gets `seconds` per page and encoding, in `rounds` alternating runs. */
const perRun = Math.max(2, Math.ceil(seconds / rounds));
await ensureDebian("wrk", "wrk");
await ensureDebian("nginx", "nginx-light");

/**
 * A browser's user agent and a referrer from elsewhere: wrk's requests then take the readership counting's whole
 * path (api/modules/audience/counter.ts), as a reader's do, instead of being dropped early as a robot's.
 */
const READER = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  Referer: "https://www.example.org/une-page?q=recherche",
};
const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4503) });
const idle = memoryMb(server.pid);
const root = realpathSync(join(server.siteDir, "current"));
const articles = await (await fetch(`${server.url}/api/public/articles`)).json();
const paths = ["/", "/articles", `/article/${articles[0].url}`];

const nginxDir = mkdtempSync(join(tmpdir(), "bench-nginx-"));
const conf = join(nginxDir, "nginx.conf");
writeFileSync(
  conf,
  `user root;
worker_processes auto;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log;
daemon off;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  gzip_static on;
  tcp_nopush on;
  open_file_cache max=10000 inactive=60s;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  server {
    listen 127.0.0.1:4504;
    root ${root};
    location / { try_files $uri $uri.html $uri/index.html =404; }
  }
}
`,
);
const nginx = Bun.spawn(["nginx", "-c", conf], { stdout: "ignore", stderr: "inherit" });
await Bun.sleep(500);

console.log(`wrk: ${connections} connections, 2 threads, ${rounds} alternating runs of ${perRun} s per server (medians); load average ${loadavg()[0]!.toFixed(1)}; targets: ratio >= 0.9x, p99 <= 2x nginx's`);
console.log("page | encoding | ours req/s | nginx req/s | ratio | ours p50/p99 ms | nginx p50/p99 ms | CPU per answer ours / nginx");
let peakUnderLoad = idle.rss;
/** Resident memory of the server: the primary plus its static workers (child processes running web-worker.ts). */
const serverMemory = () => {
  const children = Bun.spawnSync(["pgrep", "-P", String(server.pid), "-f", "web-worker"]).stdout.toString().trim().split("\n").filter(Boolean);
  return [server.pid, ...children.map(Number)].reduce((sum, pid) => sum + memoryMb(pid).rss, 0);
};
const idleTotal = serverMemory();
/** CPU seconds (user + system) used so far by these processes. */
const cpuSeconds = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return sum;
    }
  }, 0);
const ourPids = () => [server.pid, ...Bun.spawnSync(["pgrep", "-P", String(server.pid), "-f", "web-worker"]).stdout.toString().trim().split("\n").filter(Boolean).map(Number)];
const nginxPids = () => [nginx.pid, ...Bun.spawnSync(["pgrep", "-P", String(nginx.pid)]).stdout.toString().trim().split("\n").filter(Boolean).map(Number)];
const requests = (raw: string) => Number(/(\d+) requests in/.exec(raw)?.[1] ?? NaN);
/** CPU time per answer, in microseconds: unlike throughput, hardly moved by other work on the machine. */
async function measured(url: string, pids: number[], acceptEncoding: string | undefined) {
  const before = cpuSeconds(pids);
  const r = await wrk(url, { seconds: perRun, connections, acceptEncoding, headers: READER });
  return { ...r, cpuUs: ((cpuSeconds(pids) - before) * 1e6) / requests(r.raw) };
}
const ENCODINGS: [string, string | undefined][] = [["identity", undefined], ["br (browser)", "gzip, deflate, br"]];
for (const path of paths) {
  for (const [label, acceptEncoding] of ENCODINGS) {
    // Warm-up: loads the page into every process's memory cache and lets the JIT settle, for both servers.
    await wrk(server.url + path, { seconds: 2, connections, acceptEncoding, headers: READER });
    await wrk(`http://127.0.0.1:4504${path}`, { seconds: 2, connections, acceptEncoding, headers: READER });
    // Alternating short runs, medians kept: on a machine others use too, load drifts within seconds, and a ratio
    // taken from two runs side by side follows it far better than two long runs one after the other.
    const runs: { ours: Awaited<ReturnType<typeof measured>>; theirs: Awaited<ReturnType<typeof measured>> }[] = [];
    for (let round = 0; round < rounds; round++) {
      const sampler = setInterval(() => (peakUnderLoad = Math.max(peakUnderLoad, serverMemory())), 200);
      const ours = await measured(server.url + path, ourPids(), acceptEncoding);
      clearInterval(sampler);
      const theirs = await measured(`http://127.0.0.1:4504${path}`, nginxPids(), acceptEncoding);
      if (ours.non2xx || theirs.non2xx) console.log(`  (non-2xx: ours ${ours.non2xx}, nginx ${theirs.non2xx})`);
      runs.push({ ours, theirs });
    }
    const med = (f: (r: (typeof runs)[number]) => number) => percentile(runs.map(f), 50);
    console.log(
      `${path.slice(0, 40)} | ${label} | ${med((r) => r.ours.rps)} | ${med((r) => r.theirs.rps)} | ${fmt(med((r) => r.ours.rps / r.theirs.rps), 2)}x | ` +
        `${fmt(med((r) => r.ours.p50), 2)}/${fmt(med((r) => r.ours.p99), 2)} | ${fmt(med((r) => r.theirs.p50), 2)}/${fmt(med((r) => r.theirs.p99), 2)} ` +
        `(p99 ratio ${fmt(med((r) => r.ours.p99 / r.theirs.p99), 2)}x) | CPU per answer ${fmt(med((r) => r.ours.cpuUs))} / ${fmt(med((r) => r.theirs.cpuUs))} us`,
    );
  }
}
nginx.kill("SIGQUIT");
await nginx.exited;
console.log(
  `server memory (primary + static workers): idle ${idleTotal} MB RSS (primary alone ${idle.rss} MB), under load max ${peakUnderLoad} MB RSS (target <= 200 MB)`,
);
await server.stop();
