import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { SiteBuilder } from "../../lib/site-builder";
import { createHarness, type Harness } from "../../testing/harness";
import { audiences, person, send, type Person } from "../users/test-kit";

describe("site control for admins", () => {
  let h: Harness;
  let admin: Person;
  let member: Person;
  let dir: string;
  let control: string;
  let builder: SiteBuilder;
  let app: Harness;

  beforeAll(async () => {
    h = await createHarness();
    admin = await person(h, "chef", "admin");
    member = await person(h, "simple");
    dir = mkdtempSync(join(tmpdir(), "site-admin-"));
    control = join(dir, "control.json");
    // A real builder running the stand-in build, so the status shows real builds.
    builder = new SiteBuilder({
      siteDir: join(dir, "site"),
      apiOrigin: "http://127.0.0.1:1",
      onSwap: () => {},
      command: [process.execPath, "api/testing/fake-build.ts"],
      extraEnv: { FAKE_BUILD_CONTROL: control },
    });
    const deps = { ...h.deps, builder, contentChanged: (c?: Parameters<typeof builder.requestBuild>[0]) => builder.requestBuild(c) };
    app = { ...h, app: createApp(deps) };
  });
  afterAll(() => {
    h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const idle = async () => {
    while (builder.status().building || builder.status().queued) await Bun.sleep(20);
  };
  const setBuild = (c: { marker: string; delayMs?: number; fail?: boolean; failPartial?: boolean }) =>
    writeFileSync(control, JSON.stringify({ delayMs: 0, fail: false, ...c }));

  it("is for admins only: 401 anonymous, 403 member", async () => {
    expect(await audiences(app, member, "GET", "/api/admin/site")).toEqual({ anonymous: 401, member: 403 });
    expect(await audiences(app, member, "POST", "/api/admin/site/rebuild")).toEqual({ anonymous: 401, member: 403 });
  });

  it("shows the live build with the changes it carried, and the last failure with its log", async () => {
    setBuild({ marker: "v1" });
    const theme = await send(app, "POST", "/api/admin/themes", { name: "Mer", url: "mer" }, admin.auth);
    expect(theme.status).toBe(201);
    // The write asked for the build itself (rebuild route option).
    await idle();
    let site = (await send(app, "GET", "/api/admin/site", undefined, admin.auth)).json;
    expect(site.live.changes).toEqual([{ kind: "theme", id: theme.json._id }]);
    expect(site.live.durationMs).toBeGreaterThanOrEqual(0);
    expect(site).toMatchObject({ building: null, lastFailure: null, lastBuildFailed: false });

    setBuild({ marker: "bad", fail: true });
    await builder.requestBuild({ kind: "event", id: "e1" });
    site = (await send(app, "GET", "/api/admin/site", undefined, admin.auth)).json;
    expect(site.lastBuildFailed).toBe(true);
    expect(site.lastFailure).toMatchObject({ changes: [{ kind: "event", id: "e1" }], timedOut: false });
    expect(site.lastFailure.log).toContain("something broke");
    expect(site.live.changes).toEqual([{ kind: "theme", id: theme.json._id }]);
    const stats = await send(app, "GET", "/api/admin/stats", undefined, admin.auth);
    expect(stats.json.lastBuildFailed).toBe(true);
  });

  it("starts a rebuild on demand (202) and shows it in progress", async () => {
    setBuild({ marker: "v2", delayMs: 400 });
    const r = await send(app, "POST", "/api/admin/site/rebuild", undefined, admin.auth);
    expect(r).toMatchObject({ status: 202, json: { message: "Reconstruction demandée." } });
    const during = (await send(app, "GET", "/api/admin/site", undefined, admin.auth)).json;
    // The change of the build that failed above waited for this one (nothing written is dropped by a failure).
    expect(during.building?.changes).toEqual([{ kind: "event", id: "e1" }, { kind: "site" }]);
    await idle();
    const after = (await send(app, "GET", "/api/admin/site", undefined, admin.auth)).json;
    expect(after).toMatchObject({ building: null, lastBuildFailed: false, live: { changes: [{ kind: "event", id: "e1" }, { kind: "site" }] } });
    expect(after.recovery).toMatchObject({ recovered: true, nextRetryAt: null });
  });

  it("says when a failed partial build was retried by itself as a full build and the site recovered", async () => {
    setBuild({ marker: "v3", failPartial: true });
    const report = await builder.requestBuild({ kind: "article", id: "a1" });
    expect(report.ok).toBe(true);
    const site = (await send(app, "GET", "/api/admin/site", undefined, admin.auth)).json;
    expect(site.lastBuildFailed).toBe(false);
    expect(site.recovery).toMatchObject({ retries: 1, recovered: true, recoveredAt: report.finishedAt, nextRetryAt: null });
    expect(site.lastFailure.changes).toEqual([{ kind: "article", id: "a1" }]);
    expect(site.live.changes).toEqual([{ kind: "article", id: "a1" }]);
  });
});
