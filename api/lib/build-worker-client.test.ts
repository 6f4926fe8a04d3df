import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BuildWorkerClient } from "./build-worker-client";

const pids = (output: string) => [...output.matchAll(/worker (\d+) job/g)].map((m) => Number(m[1]));

describe("the build worker client", () => {
  const dir = mkdtempSync(join(tmpdir(), "build-worker-"));
  let client: BuildWorkerClient;
  const job = (name: string) => ({ out: join(dir, name), previous: "", mode: "partial" as const });
  const start = () => (client = new BuildWorkerClient([process.execPath, "api/testing/fake-build-worker.ts"], { ...process.env }));
  afterEach(() => client?.stop());
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps one worker process for build after build", async () => {
    start();
    const first = await client.run(job("a"), 30_000);
    const second = await client.run(job("b"), 30_000);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(existsSync(join(dir, "b", "index.html"))).toBe(true);
    expect(pids(second.output)).toEqual(pids(first.output));
  });

  it("gives the job to a new worker when the worker asks for a restart", async () => {
    start();
    const first = await client.run(job("a"), 30_000);
    const again = await client.run(job("restart-once"), 30_000);
    expect(again.code).toBe(0);
    expect(existsSync(join(dir, "restart-once", "index.html"))).toBe(true);
    const [asked, rerun] = pids(again.output);
    expect(asked).toBe(pids(first.output)[0]);
    expect(rerun).not.toBe(asked);
  });

  it("gives the job to a new worker when the worker leaves as it arrives (idle exit)", async () => {
    start();
    const run = await client.run(job("leave-once"), 30_000);
    expect(run.code).toBe(0);
    const [left, rerun] = pids(run.output);
    expect(rerun).not.toBe(left);
  });

  it("reports a worker that dies as a failed build, and starts another for the next job", async () => {
    start();
    const crashed = await client.run(job("crash"), 30_000);
    expect(crashed.code).toBeNull();
    expect(crashed.output).toContain("build worker exited (3)");
    const next = await client.run(job("c"), 30_000);
    expect(next.code).toBe(0);
  });

  it("kills a worker whose job runs past the timeout", async () => {
    start();
    const hung = await client.run(job("hang"), 1_000);
    expect(hung.timedOut).toBe(true);
    expect(hung.code).toBeNull();
    const [pid] = pids(hung.output);
    await Bun.sleep(200);
    expect(() => process.kill(pid!, 0)).toThrow();
    expect((await client.run(job("d"), 30_000)).code).toBe(0);
  });
});
