/**
 * A real Redis for the tests (Debian's redis-server, installed by scripts/test.sh): one private server per test
 * file on a free loopback port, no persistence, stopped (and restartable on the same port, for the fault tests)
 * by the test itself. Nothing here is used by the product.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RedisClient, type Subprocess } from "bun";

export type TestRedis = {
  url: string;
  port: number;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** SIGSTOP: the port stays open and connections are accepted, but nothing is answered (a frozen server). */
  freeze: () => void;
  /** SIGCONT after `freeze()`. */
  thaw: () => void;
  close: () => Promise<void>;
};

const BINARY = process.env.REDIS_SERVER ?? "/usr/bin/redis-server";

/** A port nobody listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPing(url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new RedisClient(url, { autoReconnect: false, enableOfflineQueue: false, connectionTimeout: 500 });
    try {
      await client.connect();
      if ((await client.send("PING", [])) === "PONG") return;
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${url}: ${(e as Error).message}`);
    } finally {
      client.close();
    }
    await Bun.sleep(25);
  }
}

/** Starts a redis-server; `stop()` then `start()` restarts it on the same port (its data is lost: no persistence). */
export async function startTestRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), "test-redis-"));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let proc: Subprocess | null = null;
  const start = async () => {
    proc = Bun.spawn([BINARY, "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir], {
      stdout: "ignore",
      stderr: "inherit",
    });
    await waitForPing(url);
  };
  const stop = async () => {
    if (!proc) return;
    // A frozen process dies from SIGKILL too; SIGCONT first only keeps its exit ordinary.
    proc.kill("SIGCONT");
    proc.kill("SIGKILL");
    await proc.exited;
    proc = null;
  };
  await start();
  const signal = (name: "SIGSTOP" | "SIGCONT") => {
    if (!proc) throw new Error("redis-server is not running");
    proc.kill(name);
  };
  return {
    url,
    port,
    start,
    stop,
    freeze: () => signal("SIGSTOP"),
    thaw: () => signal("SIGCONT"),
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
