/**
 * Crash safety of the real server: writes stream in, the process is killed with SIGKILL in the middle (no
 * shutdown code runs), twice; after a restart every write the server had acknowledged is in the database and
 * `PRAGMA integrity_check` says ok. The longer version (1,000 writes, with a load run) is `npm run test:soak`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inspectAfterRestart, readPublic, sendMessage, startServer, streamAndKill, workerPids } from "../api/testing/real-server";

describe("crash safety", () => {
  const dir = mkdtempSync(join(tmpdir(), "crash-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps every acknowledged write and an intact database when the server is killed mid-stream", async () => {
    const first = await streamAndKill(dir, { from: 0, killAfter: 150, parallel: 8, tag: "crash" });
    const second = await streamAndKill(dir, { from: 100_000, killAfter: 150, parallel: 8, tag: "crash" });
    const acked = [...first.acked, ...second.acked];
    expect(acked.length).toBeGreaterThanOrEqual(300);
    const { integrity, stored } = await inspectAfterRestart(dir);
    expect(integrity).toBe("ok");
    expect(acked.filter((m) => !stored.has(m))).toEqual([]);
  }, 120_000);
});

describe("crash safety with a worker answering reads (issue 34)", () => {
  const dir = mkdtempSync(join(tmpdir(), "crash-worker-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps answering and loses no acknowledged write when a worker is killed mid-burst", async () => {
    const server = await startServer(dir, { WEB_WORKERS: "1" });
    // The worker reports ready after the primary listens: wait for its line, not for a time.
    for (let i = 0; i < 400 && workerPids(server).length === 0; i++) await Bun.sleep(50);
    const [worker] = workerPids(server);
    expect(worker).toBeGreaterThan(0);
    const acked: string[] = [];
    const after = { reads: 0, writes: 0 };
    let killed = false;
    let n = 0;
    let reads = 0;
    const writer = async () => {
      while (after.writes < 60 && n < 5_000) {
        const i = n++;
        if (!(await sendMessage(server.url, i, "worker-crash"))) continue;
        acked.push(`worker-crash-${i}`);
        if (killed) after.writes++;
        if (acked.length >= 60 && !killed) {
          killed = true;
          process.kill(worker!, 9);
        }
      }
    };
    const reader = async () => {
      while ((after.reads < 200 || after.writes < 60) && reads < 20_000) {
        reads++;
        const ok = await readPublic(server.url);
        if (ok && killed) after.reads++;
      }
    };
    await Promise.all([writer(), writer(), writer(), writer(), reader(), reader(), reader(), reader()]);
    await server.stop();
    // The others went on answering after the kill: reads and acknowledged writes kept coming.
    expect(killed).toBe(true);
    expect(after.reads).toBeGreaterThanOrEqual(200);
    expect(after.writes).toBeGreaterThanOrEqual(60);
    const { integrity, stored } = await inspectAfterRestart(dir);
    expect(integrity).toBe("ok");
    expect(acked.filter((m) => !stored.has(m))).toEqual([]);
  }, 120_000);

  it("takes its worker down with it when the primary is killed", async () => {
    const server = await startServer(dir, { WEB_WORKERS: "1" });
    for (let i = 0; i < 400 && workerPids(server).length === 0; i++) await Bun.sleep(50);
    const [worker] = workerPids(server);
    expect(worker).toBeGreaterThan(0);
    await server.kill9();
    // A worker left behind would answer reads from a cache nobody clears: it must leave (its IPC channel closed).
    let alive = true;
    for (let i = 0; i < 400 && alive; i++) {
      try {
        process.kill(worker!, 0);
        await Bun.sleep(50);
      } catch {
        alive = false;
      }
    }
    expect(alive).toBe(false);
  }, 60_000);
});
