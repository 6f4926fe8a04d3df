/** Shared helpers for the benchmarks: start our server on a temporary database, read memory, percentiles. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const BUN = process.execPath;

export type Server = { url: string; pid: number; dir: string; siteDir: string; stop: () => Promise<void> };

/** Starts `api/server.ts` with its own port, database, uploads and site folder; waits until the site is live. */
export async function startServer(opts: {
  port: number;
  databaseUrl?: string;
  env?: Record<string, string>;
  dir?: string;
  /** The folder is the bench's own (made for this run): removed at stop unless BENCH_KEEP=1. */
  ownsDir?: boolean;
}): Promise<Server> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), "bench-"));
  // A generated site is hundreds of MB: one left behind per run filled /tmp on these shared machines.
  const removeAtStop = (opts.ownsDir ?? opts.dir === undefined) && process.env.BENCH_KEEP !== "1";
  const siteDir = join(dir, "site");
  // The server shares its port (SO_REUSEPORT) with its static workers, so a second server on a busy port would
  // start without error and share the traffic with the first: refuse instead.
  try {
    Bun.listen({ hostname: "127.0.0.1", port: opts.port, socket: { data() {} } }).stop(true);
  } catch {
    throw new Error(`port ${opts.port} is in use (another benchmark running?)`);
  }
  const proc = Bun.spawn([BUN, "api/server.ts"], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: "127.0.0.1",
      DATABASE_URL: opts.databaseUrl ?? `file:${join(dir, "site.db")}`,
      UPLOADS_DIR: join(dir, "uploads"),
      SITE_DIR: siteDir,
      REBUILD_TOKEN: "bench-token",
      ASTRO_TELEMETRY_DISABLED: "1",
      ...opts.env,
    },
    stdout: Bun.file(join(dir, "server.log")),
    stderr: Bun.file(join(dir, "server.err.log")),
  });
  // A benchmark that fails halfway must not leave its server running (and holding the port).
  process.on("exit", () => proc.kill("SIGTERM"));
  const url = `http://127.0.0.1:${opts.port}`;
  // A first build at 50,000 articles takes 3–10 minutes on two cores (docs/PERFORMANCE.md), more on a shared machine.
  const minutes = Number(process.env.BENCH_READY_MINUTES || 20);
  const deadline = Date.now() + minutes * 60_000;
  let health: unknown = null;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}); logs in ${dir}`);
    try {
      const h = (health = await (await fetch(`${url}/api/health`)).json());
      // Ready, and the builder idle: a first build whose worker retired is followed at once by a build that lets
      // the fresh worker list the site (api/lib/site-builder.ts), which a benchmark must not measure.
      if ((h.site.ready && !h.site.building) || opts.env?.SITE_BUILD === "off") break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not ready after ${minutes} minutes (logs in ${dir}; health: ${JSON.stringify(health)})`);
    await Bun.sleep(200);
  }
  return {
    url,
    pid: proc.pid,
    dir,
    siteDir,
    stop: async () => {
      proc.kill("SIGTERM");
      await proc.exited;
      if (removeAtStop) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The generated administrator of bench/generate.ts (membre0), who can sign in. */
export const BENCH_ADMIN = { nickname: "membre0", password: "bench-password-123" };

/** A session's bearer token for `who`, signed in through the API as a browser would. */
export async function signIn(url: string, who: { nickname: string; password: string }): Promise<string> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(who),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/**
 * The server of a site benchmark, signed in as an administrator: on `articles` synthetic articles
 * (bench/generate.ts, which makes membre0 an administrator), or on the demo content when `articles` is 0.
 */
export async function startSiteBench(opts: { articles: number; port: number; prefix: string }): Promise<{ server: Server; token: string; synthetic: boolean }> {
  const dir = mkdtempSync(join(tmpdir(), opts.prefix));
  const databaseUrl = `file:${join(dir, "site.db")}`;
  const synthetic = opts.articles > 0;
  if (synthetic) Bun.spawnSync([BUN, "bench/generate.ts", databaseUrl, String(opts.articles), "2000", "1000", "300"], { stdout: "inherit" });
  const admin = synthetic ? BENCH_ADMIN : { nickname: "admin", password: "Admin-Demo-2025!" };
  const env: Record<string, string> = synthetic ? { SEED: "none", ADMIN_NICKNAME: admin.nickname, ADMIN_PASSWORD: admin.password } : {};
  const server = await startServer({ port: opts.port, databaseUrl, dir, env, ownsDir: true });
  return { server, token: await signIn(server.url, admin), synthetic };
}

/**
 * The API on a synthetic database (articles, 2,000 media, 1,000 events, 300 members) without a site build; the
 * admin `bench` and the synthetic `membre0` sign in with "bench-password-123". BENCH_WORKERS sets WEB_WORKERS (0:
 * one process; unset: one per extra core).
 */
export async function startApiBench(opts: { articles: number; port: number; prefix: string }): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), opts.prefix));
  const databaseUrl = `file:${join(dir, "site.db")}`;
  Bun.spawnSync([BUN, "bench/generate.ts", databaseUrl, String(opts.articles), "2000", "1000", "300"], { stdout: "inherit" });
  return startServer({
    port: opts.port,
    databaseUrl,
    dir,
    ownsDir: true,
    env: {
      SITE_BUILD: "off",
      SEED: "none",
      ADMIN_NICKNAME: "bench",
      ADMIN_PASSWORD: "bench-password-123",
      ...(process.env.BENCH_WORKERS !== undefined ? { WEB_WORKERS: process.env.BENCH_WORKERS } : {}),
    },
  });
}

/** The id of the server's child process running `script` (its build or preview worker), or null. */
export function childPid(serverPid: number, script: string): number | null {
  return childPids(serverPid, script)[0] ?? null;
}

/**
 * CPU time (user + system) the processes have used so far, in ms. Read before and after a load, divided by the
 * requests served, it gives the CPU an answer costs: a figure that holds on a loaded machine, where latencies do not.
 */
export function cpuMs(pids: number[]): number {
  const tick = 100; // USER_HZ on Linux
  return pids.reduce((sum, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
  }, 0);
}

/** The ids of a process's children running `script`. */
export function childPids(serverPid: number, script: string): number[] {
  const children = Bun.spawnSync(["ps", "-o", "pid=,args=", "--ppid", String(serverPid)]).stdout.toString();
  return children
    .split("\n")
    .filter((line) => line.includes(script))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** Resident memory of a process in MB (VmRSS), and its peak (VmHWM). */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs wrk and returns requests/s and latency percentiles in ms. */
export async function wrk(
  url: string,
  opts: {
    connections?: number;
    seconds?: number;
    threads?: number;
    gzip?: boolean;
    acceptEncoding?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const args = ["wrk", `-t${opts.threads ?? 2}`, `-c${opts.connections ?? 32}`, `-d${opts.seconds ?? 10}s`, "--latency"];
  const accept = opts.acceptEncoding ?? (opts.gzip ? "gzip" : undefined);
  if (accept) args.push("-H", `Accept-Encoding: ${accept}`);
  for (const [name, value] of Object.entries(opts.headers ?? {})) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const p = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(p.stdout).text();
  await p.exited;
  const ms = (label: string) => {
    const m = new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!m) return NaN;
    const v = Number(m[1]);
    return m[2] === "us" ? v / 1000 : m[2] === "s" ? v * 1000 : v;
  };
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? "0";
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN);
  return { rps: Math.round(rps), p50: ms("50"), p99: ms("99"), non2xx: Number(errors), requests, raw: out };
}

/** Installs Debian packages the benchmarks need when they are missing (root on these machines). */
export async function ensureDebian(binary: string, pkg: string) {
  if (Bun.which(binary)) return;
  console.log(`installing ${pkg}...`);
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  for (const cmd of [[...sudo, "apt-get", "update", "-qq"], [...sudo, "apt-get", "install", "-y", "-qq", pkg]]) {
    const p = Bun.spawn(cmd, { stdout: "ignore", stderr: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if ((await p.exited) !== 0) throw new Error(`${cmd.join(" ")} failed`);
  }
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
