import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SiteBuilder } from "./site-builder";
import { StaticSite } from "./static-site";

describe("site rebuilds", () => {
  let dir: string;
  let control: string;
  let site: StaticSite;
  let builder: SiteBuilder;

  const setBuild = (c: { marker: string; delayMs?: number; fail?: boolean; failPartial?: boolean }) =>
    writeFileSync(control, JSON.stringify({ delayMs: 0, fail: false, ...c }));
  const builds = () => (existsSync(`${control}.count`) ? readFileSync(`${control}.count`, "utf8").length : 0);
  const home = async () => {
    const res = site.serve(new Request("http://x/"), "/");
    return { status: res?.status ?? 404, body: res ? await res.text() : "" };
  };

  /** A builder over api/testing/fake-build.ts (driven by `setBuild`), serving `site`; `options` adds to or replaces its own. */
  const fakeBuilder = (options: Partial<ConstructorParameters<typeof SiteBuilder>[0]> = {}) =>
    new SiteBuilder({
      siteDir: join(dir, "site"),
      apiOrigin: "http://127.0.0.1:1",
      onSwap: (d) => site.setRoot(d),
      command: [process.execPath, "api/testing/fake-build.ts"],
      extraEnv: { FAKE_BUILD_CONTROL: control },
      pruneDelayMs: 0,
      ...options,
    });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "builder-"));
    control = join(dir, "control.json");
    site = new StaticSite();
    builder = fakeBuilder();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("serves nothing before the first build, then the built site", async () => {
    expect(site.ready).toBe(false);
    setBuild({ marker: "v1" });
    const report = await builder.requestBuild();
    expect(report.ok).toBe(true);
    expect((await home()).body).toContain("v1");
    expect(builder.liveDir()).toContain(report.id);
  });

  it("keeps answering every request while a rebuild runs, then serves the new site", async () => {
    setBuild({ marker: "v1" });
    await builder.requestBuild();
    setBuild({ marker: "v2", delayMs: 400 });
    const pending = builder.requestBuild();
    const seen = new Set<string>();
    let failures = 0;
    let done = false;
    void pending.then(() => (done = true));
    while (!done) {
      const r = await home();
      if (r.status !== 200) failures++;
      seen.add(r.body.includes("v2") ? "v2" : "v1");
      await Bun.sleep(5);
    }
    expect(failures).toBe(0);
    expect(seen.has("v1")).toBe(true);
    expect((await home()).body).toContain("v2");
  });

  it("coalesces requests made during a build into one follow-up build", async () => {
    setBuild({ marker: "v1", delayMs: 300 });
    const first = builder.requestBuild();
    const during = [builder.requestBuild(), builder.requestBuild(), builder.requestBuild()];
    expect(during[0]).toBe(during[1]);
    await Promise.all([first, ...during]);
    expect(builds()).toBe(2);
  });

  it("coalesces a burst of 20 writes made during a build into at most two builds, the last write live after them", async () => {
    setBuild({ marker: "v0", delayMs: 600 });
    const answers: Promise<unknown>[] = [];
    for (let i = 1; i <= 20; i++) {
      // Each write changes the data first (the control file stands for the database), then asks for a build.
      setBuild({ marker: `v${i}`, delayMs: 600 });
      answers.push(builder.requestBuild({ kind: "article", id: `a${i % 4}` }));
      await Bun.sleep(5);
    }
    await Promise.all(answers);
    expect(builds()).toBeLessThanOrEqual(2);
    expect((await home()).body).toContain("v20");
    expect(builder.status().pending).toEqual([]);
  });

  it("never loses a write that arrives while the follow-up build runs: it gets a build of its own", async () => {
    setBuild({ marker: "v1", delayMs: 300 });
    const first = builder.requestBuild();
    const followUp = builder.requestBuild({ kind: "event", id: "e1" });
    await first;
    // The follow-up has started (it reads the data now); this write comes after that read.
    await Bun.sleep(100);
    setBuild({ marker: "v3", delayMs: 0 });
    const late = builder.requestBuild({ kind: "event", id: "e2" });
    expect(late).not.toBe(followUp);
    expect((await late).changes).toEqual([{ kind: "event", id: "e2" }]);
    expect((await home()).body).toContain("v3");
  });

  it("hands the live build to the next build, which renders only what changed unless a full rebuild is asked for", async () => {
    setBuild({ marker: "v1" });
    await builder.requestBuild();
    const live = builder.liveDir()!;
    const next = new SiteBuilder({
      siteDir: join(dir, "site"),
      apiOrigin: "http://127.0.0.1:1",
      onSwap: (d) => site.setRoot(d),
      command: ["sh", "-c", 'echo "previous=$BUILD_PREVIOUS_DIR mode=$BUILD_MODE"; mkdir -p "$BUILD_OUT_DIR"; echo "<title>v2</title>" > "$BUILD_OUT_DIR/index.html"'],
    });
    const report = await next.requestBuild({ kind: "article", id: "a1" });
    expect(report.ok).toBe(true);
    expect(report.log).toContain(`previous=${live} mode=partial`);
    expect(report.mode).toBe("partial");
    // An administrator's « rebuild the site » renders everything.
    expect((await next.requestBuild({ kind: "site" })).log).toContain("mode=full");
  });

  it("leaves the current site live after a failed build and keeps its log", async () => {
    setBuild({ marker: "good" });
    await builder.requestBuild();
    setBuild({ marker: "bad", fail: true });
    const report = await builder.requestBuild();
    expect(report.ok).toBe(false);
    expect(report.log).toContain("something broke in the template");
    expect(builder.status().last?.ok).toBe(false);
    expect(readFileSync(join(dir, "site", "last-build.log"), "utf8")).toContain("something broke");
    expect((await home()).body).toContain("good");
  });

  it("retries a failed partial build at once as a full build by a fresh worker, and says so in its status", async () => {
    setBuild({ marker: "v1" });
    await builder.requestBuild();
    setBuild({ marker: "v2", failPartial: true });
    const report = await builder.requestBuild({ kind: "article", id: "a1" });
    expect(report.ok).toBe(true);
    expect(report.mode).toBe("full");
    const failed = builder.status().lastFailure!;
    expect(failed.mode).toBe("partial");
    expect(report.retryOf).toBe(failed.id);
    expect(report.changes).toEqual([{ kind: "article", id: "a1" }]);
    expect(builder.status().recovery).toMatchObject({ failedId: failed.id, retries: 1, recovered: true, recoveredAt: report.finishedAt });
    expect((await home()).body).toContain("v2");
  });

  it("keeps the changes of a build that fails for good and puts them live by itself once the fault clears", async () => {
    const retrying = fakeBuilder({ retryDelaysMs: [200] });
    setBuild({ marker: "v1" });
    await retrying.requestBuild();
    setBuild({ marker: "v2", fail: true });
    const failed = await retrying.requestBuild({ kind: "article", id: "a1" });
    expect(failed.ok).toBe(false);
    const waiting = retrying.status();
    expect(waiting.pending).toEqual([{ kind: "article", id: "a1" }]);
    expect(waiting.recovery).toMatchObject({ recovered: false });
    expect(waiting.recovery?.nextRetryAt).not.toBeNull();
    expect((await home()).body).toContain("v1");
    // The fault clears; nobody asks for anything.
    setBuild({ marker: "v2" });
    for (let i = 0; i < 300 && !retrying.status().recovery?.recovered; i++) await Bun.sleep(50);
    const after = retrying.status();
    expect(after.recovery).toMatchObject({ recovered: true, nextRetryAt: null });
    expect(after.recovery!.retries).toBeGreaterThanOrEqual(2);
    expect(after.last?.changes).toEqual([{ kind: "article", id: "a1" }]);
    expect(after.last?.retryOf).toBe(after.recovery!.failedId);
    expect(after.pending).toEqual([]);
    expect((await home()).body).toContain("v2");
    retrying.stop();
  });

  it("recovers from the build process killed with SIGKILL mid-build: the live site stays whole, the change goes live", async () => {
    setBuild({ marker: "v1" });
    await builder.requestBuild();
    rmSync(`${control}.pid`, { force: true });
    setBuild({ marker: "v2", delayMs: 60_000 });
    const building = builder.requestBuild({ kind: "article", id: "a1" });
    while (!existsSync(`${control}.pid`)) await Bun.sleep(20);
    const pid = Number(readFileSync(`${control}.pid`, "utf8"));
    setBuild({ marker: "v2" });
    // Meanwhile the live site answers in full.
    expect((await home()).body).toContain("v1");
    process.kill(pid, "SIGKILL");
    const report = await building;
    expect(report.ok).toBe(true);
    expect(report.retryOf).toBeDefined();
    expect(builder.status().lastFailure?.log).toContain("exit code null");
    expect((await home()).body).toContain("v2");
  });

  it("deletes old builds only once no build has run for a while", async () => {
    const later = fakeBuilder({ onSwap: () => {}, pruneDelayMs: 300 });
    for (const m of ["a", "b", "c", "d"]) {
      setBuild({ marker: m });
      await later.requestBuild();
    }
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(join(dir, "site", "builds")).length).toBeGreaterThan(2);
    await Bun.sleep(600);
    expect(readdirSync(join(dir, "site", "builds"))).toHaveLength(2);
  });

  it("keeps at most two builds on disk", async () => {
    for (const m of ["a", "b", "c", "d"]) {
      setBuild({ marker: m });
      await builder.requestBuild();
    }
    const { readdirSync } = await import("node:fs");
    expect(readdirSync(join(dir, "site", "builds"))).toHaveLength(2);
    expect((await home()).body).toContain("d");
  });

  it("lists the changes each build carried, the ones asked for during a build going to the follow-up build", async () => {
    setBuild({ marker: "v1", delayMs: 300 });
    const first = builder.requestBuild({ kind: "article", id: "a1" });
    expect(builder.status().current?.changes).toEqual([{ kind: "article", id: "a1" }]);
    const second = builder.requestBuild({ kind: "theme", id: "t1" });
    builder.requestBuild({ kind: "theme", id: "t1" });
    builder.requestBuild({ kind: "event" });
    expect(builder.status().pending).toEqual([{ kind: "theme", id: "t1" }, { kind: "event" }]);
    expect((await first).changes).toEqual([{ kind: "article", id: "a1" }]);
    const report = await second;
    expect(report.changes).toEqual([{ kind: "theme", id: "t1" }, { kind: "event" }]);
    expect(builder.status().lastSuccess?.changes).toEqual(report.changes);
    expect(builder.status().pending).toEqual([]);
  });

  it("remembers the live build and the last failure across a restart of the server", async () => {
    setBuild({ marker: "good" });
    const good = await builder.requestBuild({ kind: "member", id: "m1" });
    setBuild({ marker: "bad", fail: true });
    await builder.requestBuild();
    const again = new SiteBuilder({ siteDir: join(dir, "site"), apiOrigin: "http://127.0.0.1:1", onSwap: () => {} });
    expect(again.status().lastSuccess).toMatchObject({ id: good.id, ok: true, changes: [{ kind: "member", id: "m1" }] });
    expect(again.status().lastFailure?.log).toContain("something broke");
  });

  it("asks a limit given as a function at each build (for the next one, after the first), with the default when it cannot be had", async () => {
    const limits = [200, 5_000];
    let asked = 0;
    const slow = fakeBuilder({ timeoutMs: () => limits[Math.min(asked++, limits.length - 1)]! });
    setBuild({ marker: "v1", delayMs: 1_000 });
    const report = await slow.requestBuild();
    expect(report.timedOut).toBe(true);
    expect(report.log).toContain("a dépassé 0 s");
    // The second build runs under the last answer (200 ms) and asks for the next one (5 s), which the third uses.
    const second = await slow.requestBuild();
    expect(asked).toBe(2);
    expect(second.timedOut).toBe(true);
    const third = await slow.requestBuild();
    expect(asked).toBe(3);
    expect(third.ok).toBe(true);
    expect((await home()).body).toContain("v1");
    const unknown = fakeBuilder({
      timeoutMs: async () => {
        throw new Error("database closed");
      },
    });
    setBuild({ marker: "v2" });
    expect((await unknown.requestBuild()).ok).toBe(true);
    expect((await home()).body).toContain("v2");
  });

  it("kills a hung build with everything it started, reports it failed and keeps the live site", async () => {
    setBuild({ marker: "good" });
    await builder.requestBuild();
    const pidFile = join(dir, "grandchild.pid");
    const hung = new SiteBuilder({
      siteDir: join(dir, "site"),
      apiOrigin: "http://127.0.0.1:1",
      onSwap: (d) => site.setRoot(d),
      // Like the real build, which starts Astro as a grandchild: both must die.
      command: ["sh", "-c", `sleep 120 & echo $! > ${pidFile}; echo started; wait`],
      timeoutMs: 500,
    });
    const report = await hung.requestBuild();
    expect(report.ok).toBe(false);
    expect(report.timedOut).toBe(true);
    expect(report.log).toContain("started");
    expect(report.log).toContain("a été arrêtée");
    expect(hung.status().lastFailure?.id).toBe(report.id);
    expect((await home()).body).toContain("good");
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    // Gone, or a zombie waiting for a PID 1 that does not reap (containers): either way no longer running.
    const running = () => existsSync(`/proc/${grandchild}/stat`) && readFileSync(`/proc/${grandchild}/stat`, "utf8").split(" ")[2] !== "Z";
    for (let i = 0; i < 50 && running(); i++) await Bun.sleep(20);
    expect(running()).toBe(false);
  });
});
