/**
 * Starts the real server (`bun api/server.ts`) as its own process on a temporary database, for the crash and load
 * runs: no site build (SITE_BUILD=off), no demo content (SEED=none with one administrator), one process, a free
 * port, and 127.0.0.1 as a trusted proxy so a run can play many client addresses with X-Forwarded-For.
 */
import { join } from "node:path";
import { openDatabase } from "../../db/client";
import { freePort } from "./redis-server";

export const ADMIN = { nickname: "admin", password: "Admin-Soak-2026!" };

export type RealServer = {
  url: string;
  proc: ReturnType<typeof Bun.spawn>;
  /** What the server printed so far (its workers' « Static worker <pid> ready » lines among it). */
  output(): string;
  /** Ends the process the hard way: no shutdown code runs (the crash under test). */
  kill9(): Promise<void>;
  stop(): Promise<void>;
};

export async function startServer(dir: string, env: Record<string, string> = {}): Promise<RealServer> {
  const proc = Bun.spawn([process.execPath, "api/server.ts"], {
    env: {
      ...process.env,
      // A real port, not 0: the server's builder needs it to reach the API.
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "site.db")}`,
      UPLOADS_DIR: join(dir, "uploads"),
      SITE_DIR: join(dir, "site"),
      SITE_BUILD: "off",
      WEB_WORKERS: "0",
      SEED: "none",
      ADMIN_NICKNAME: ADMIN.nickname,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: "127.0.0.1",
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  // The server prints the address it listens on once migrations and the seed are done.
  const reader = proc.stdout.getReader();
  const decoder = new TextDecoder();
  let out = "";
  const deadline = Date.now() + 60_000;
  let url: string | null = null;
  while (!url) {
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited before listening:\n${out}\n${await new Response(proc.stderr).text()}`);
    out += decoder.decode(value);
    url = /Listening on (http:\/\/[^\s]+)/.exec(out)?.[1] ?? null;
  }
  // Keep draining its output so the pipe never fills and blocks it; kept for output().
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      out += decoder.decode(value);
    }
  })();
  void new Response(proc.stderr).text();
  const base = url;
  if (env.SITE_BUILD === "on") {
    // Wait for the first build, so the run reads real pages.
    for (;;) {
      if (Date.now() > deadline + 240_000) throw new Error("site not built after 5 minutes");
      const health = await fetch(`${base}/api/health`).then((r) => r.json()).catch(() => null);
      if (health?.site?.ready) break;
      await Bun.sleep(500);
    }
  }
  if (env.TEST_WORKER_PORT) {
    // The worker's own door (api/web-worker.ts) answers once the worker has started.
    for (;;) {
      if (Date.now() > deadline + 60_000) throw new Error(`worker not listening on ${env.TEST_WORKER_PORT}:\n${out}`);
      if (await fetch(`http://127.0.0.1:${env.TEST_WORKER_PORT}/api/health`).then((r) => r.ok, () => false)) break;
      await Bun.sleep(200);
    }
  }
  return {
    url: base,
    proc,
    output: () => out,
    async kill9() {
      proc.kill(9);
      await proc.exited;
    },
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}

/** POSTs one contact message as client `n` (each its own address: the contact form allows 5 per address). */
export async function sendMessage(base: string, n: number, tag: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/api/public/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
      body: JSON.stringify({ name: "Lecteur", email: "lecteur@example.org", subject: "Essai", message: `${tag}-${n}` }),
    });
    await res.arrayBuffer();
    return res.status === 201;
  } catch {
    return false; // the server is gone: not acknowledged
  }
}

/** Streams contact messages from `parallel` clients and kills the server once `killAfter` were acknowledged. */
export async function streamAndKill(dir: string, opts: { from: number; killAfter: number; parallel: number; tag: string }) {
  const server = await startServer(dir);
  const acked: string[] = [];
  let next = opts.from;
  let killed = false;
  const client = async () => {
    while (!killed) {
      // A server that acknowledges nothing (refused writes) must fail the run, not spin forever.
      if (next - opts.from > opts.killAfter * 20) throw new Error(`only ${acked.length} of ${next - opts.from} writes acknowledged`);
      const n = next++;
      if (!(await sendMessage(server.url, n, opts.tag))) continue;
      acked.push(`${opts.tag}-${n}`);
      if (acked.length >= opts.killAfter && !killed) {
        killed = true; // the other clients' requests are still in flight
        await server.kill9();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.parallel }, client));
  } catch (e) {
    killed = true;
    await server.kill9();
    throw e;
  }
  return { acked, sent: next - opts.from };
}

/** What the database holds after one more clean start: its integrity check and the stored messages. */
export async function inspectAfterRestart(dir: string) {
  const server = await startServer(dir);
  await server.stop();
  const database = await openDatabase(`file:${join(dir, "site.db")}`);
  try {
    const integrity = String((await database.client.execute("PRAGMA integrity_check")).rows[0]![0]);
    const stored = new Set((await database.client.execute("select message from contact_messages")).rows.map((r) => String(r[0])));
    return { integrity, stored };
  } finally {
    database.close();
  }
}

/** The pids of the workers the server said were ready (« Static worker <pid> ready »). */
export function workerPids(server: RealServer): number[] {
  return [...server.output().matchAll(/Static worker (\d+) ready/g)].map((m) => Number(m[1]));
}

/** A public read through the shared port: true when answered 200 (false when refused or the connection broke). */
export async function readPublic(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/api/public/themes`);
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * The real server on a test harness's database, uploads and site folders (`harnessDir`), with one static worker
 * that also listens on a port of its own: `door` reaches that worker alone (issue 34: a worker answers reads).
 */
export async function startWithWorkerDoor(dir: string, harnessDir: string, env: Record<string, string> = {}): Promise<{ server: RealServer; door: string }> {
  const port = await freePort();
  const server = await startServer(dir, {
    DATABASE_URL: `file:${join(harnessDir, "test.db")}`,
    UPLOADS_DIR: join(harnessDir, "uploads"),
    SITE_DIR: join(harnessDir, "site"),
    WEB_WORKERS: "1",
    TEST_WORKER_PORT: String(port),
    ...env,
  });
  return { server, door: `http://127.0.0.1:${port}` };
}
