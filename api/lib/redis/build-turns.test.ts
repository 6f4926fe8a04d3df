import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRedis, type TestRedis } from "../../testing/redis-server";
import { SiteBuilder, type BuildReport } from "../site-builder";
import { SharedBuildTurns } from "./build-turns";
import { RedisConnection } from "./connection";

/**
 * One site build at a time across API processes (issue 24 §3): two builders sharing one site folder and one real
 * Redis (as two processes would) never build at once; writes on both during a build give ONE follow-up build;
 * the one that did not build serves the new site all the same.
 */
describe("site builds shared through Redis", () => {
  let redis: TestRedis;
  let dir: string;
  let control: string;
  const connections: RedisConnection[] = [];
  const swaps: { who: string; dir: string; built: boolean }[] = [];

  const builder = (who: string, onSharedRequest?: () => void) => {
    const connection = new RedisConnection(redis.url);
    connections.push(connection);
    return new SiteBuilder({
      siteDir: join(dir, "site"),
      apiOrigin: "http://127.0.0.1:1",
      onSwap: (d, built) => {
        swaps.push({ who, dir: d, built });
      },
      command: [process.execPath, "api/testing/fake-build.ts"],
      extraEnv: { FAKE_BUILD_CONTROL: control },
      pruneDelayMs: 0,
      shared: new SharedBuildTurns<BuildReport>(connection),
      sharedPollMs: 50,
      onSharedRequest,
    });
  };
  const count = () => (existsSync(`${control}.count`) ? readFileSync(`${control}.count`, "utf8").length : 0);
  const trace = () => (existsSync(`${control}.trace`) ? readFileSync(`${control}.trace`, "utf8") : "");
  const until = async (what: string, ok: () => boolean) => {
    for (let i = 0; i < 400 && !ok(); i++) await Bun.sleep(25);
    if (!ok()) throw new Error(`never: ${what}`);
  };

  beforeAll(async () => {
    redis = await startTestRedis();
    dir = mkdtempSync(join(tmpdir(), "shared-builds-"));
    control = join(dir, "control.json");
  });
  afterAll(async () => {
    for (const c of connections) c.close();
    await redis.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("builds once for writes on two processes during a build, never two at once, and both serve it", async () => {
    const a = builder("A");
    const b = builder("B");
    writeFileSync(control, JSON.stringify({ marker: "v1", delayMs: 800, fail: false }));
    const first = a.requestBuild({ kind: "article", id: "1" } as never);
    await until("the first build started", () => count() === 1);
    // Two writes, one on each process, while it runs.
    writeFileSync(control, JSON.stringify({ marker: "v2", delayMs: 100, fail: false }));
    const [onA, onB] = [a.requestBuild({ kind: "article", id: "2" } as never), b.requestBuild({ kind: "media", id: "3" } as never)];
    const firstReport = await first;
    const [reportA, reportB] = await Promise.all([onA, onB]);
    expect(firstReport.ok).toBe(true);
    // One follow-up build carried both, whichever process ran it.
    expect(reportA.id).toBe(reportB.id);
    expect(reportA.id).not.toBe(firstReport.id);
    expect(count()).toBe(2);
    expect(trace()).toBe("sese");
    const live = a.liveDir()!;
    expect(readFileSync(join(live, "index.html"), "utf8")).toContain("v2");
    // Each process serves the live build: the one that built it publishes it, the other follows.
    const last = (who: string) => swaps.filter((s) => s.who === who).at(-1);
    expect([last("A")?.dir, last("B")?.dir].map((d) => d && join(d))).toEqual([live, live]);
    expect([last("A")?.built, last("B")?.built].sort()).toEqual([false, true]);
  });

  it("lets a process that only heard of a change follow the build that covers it", async () => {
    // As on the server: once A's request is counted, the others hear of it (pub/sub) and follow.
    const followed: Promise<void>[] = [];
    const c = builder("C");
    const a = builder("A2", () => followed.push(c.follow()));
    writeFileSync(control, JSON.stringify({ marker: "v3", delayMs: 300, fail: false }));
    const before = count();
    const report = await a.requestBuild({ kind: "theme", id: "4" } as never);
    await Promise.all(followed);
    expect(followed).toHaveLength(1);
    expect(report.ok).toBe(true);
    expect(count()).toBe(before + 1);
    const seen = swaps.filter((s) => s.who === "C").at(-1)!;
    expect(seen.built).toBe(false);
    expect(readFileSync(join(seen.dir, "index.html"), "utf8")).toContain("v3");
  });

  it("keeps a build asked for while Redis is down and runs it once Redis is back", async () => {
    const a = builder("A3");
    writeFileSync(control, JSON.stringify({ marker: "v4", delayMs: 0, fail: false }));
    const before = count();
    await redis.stop();
    const asked = a.requestBuild({ kind: "article", id: "5" } as never);
    let settled = false;
    void asked.finally(() => (settled = true));
    // Redis stays down a while: nothing is built, nothing is given up.
    await Bun.sleep(1_500);
    expect(settled).toBe(false);
    expect(count()).toBe(before);
    await redis.start();
    const report = await asked;
    expect(report.ok).toBe(true);
    expect(count()).toBe(before + 1);
    expect(readFileSync(join(a.liveDir()!, "index.html"), "utf8")).toContain("v4");
  });
});
