/**
 * Issue 31 §4, the fault seen in production: after a server restart the next content build failed with ENOENT on
 * the previous build's `.prerender/chunks/_virtual_astro_middleware_*.mjs`, and the approved article stayed 404.
 * Played here as the server plays it, with the real build worker (Astro, the warm renderer) against the real API
 * on a temporary database: a full build, a restart (a new builder and a new worker over the same SITE_DIR) whose
 * start-up build has nothing to render, then a write. Slow (three real builds), so one series serves all checks.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "../db/schema";
import { makeArticle, makeUser } from "../api/testing/factory";
import { createHarness, type Harness } from "../api/testing/harness";
import { type BuildReport, SiteBuilder } from "../api/lib/site-builder";
import { buildKey } from "./partial-build";

describe("the pipeline after a server restart", () => {
  let h: Harness;
  let server: ReturnType<typeof Bun.serve>;
  const root = mkdtempSync(join(tmpdir(), "pipeline-restart-"));
  const siteDir = join(root, "site");
  const builders: SiteBuilder[] = [];
  let url = "";
  const reports: Record<"first" | "start" | "write", BuildReport> = {} as never;
  let afterRestart: SiteBuilder;

  const builder = () => {
    const b = new SiteBuilder({
      siteDir,
      apiOrigin: `http://127.0.0.1:${server.port}`,
      onSwap: () => {},
      // Pinned: others may edit the site's sources in this checkout while the series runs.
      extraEnv: { BUILD_KEY: buildKey(process.cwd()), PUBLIC_URL: "http://localhost:4321" },
      pruneDelayMs: 0,
      retryDelaysMs: [],
    });
    builders.push(b);
    return b;
  };

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    const awa = await makeUser(db, { nickname: "awa", firstname: "Awa", name: "Ndiaye", groups: ["cercleImp"] });
    const a = await makeArticle(db, { title: "La pêche à Gorée", authors: [awa.id] });
    url = a.url;
    server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (r) => h.app.handle(r) });

    const before = builder();
    reports.first = await before.requestBuild();
    // The restart: the old server and its worker go, a new one starts over the same folder and builds at start.
    before.stop();
    afterRestart = builder();
    reports.start = await afterRestart.requestBuild();
    await db.update(articles).set({ title: "La pêche artisanale à Gorée", updatedAt: new Date() }).where(eq(articles.id, a.id));
    reports.write = await afterRestart.requestBuild({ kind: "article", id: a.id });
  }, 600_000);

  afterAll(() => {
    for (const b of builders) b.stop();
    server?.stop(true);
    h?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("builds the change made after a restart as a partial build, without failing first", () => {
    expect(reports.first.ok, reports.first.log.slice(-2000)).toBe(true);
    expect(reports.start.ok, reports.start.log.slice(-2000)).toBe(true);
    // Before the fix: ENOENT on the deleted `_virtual_astro_middleware_*.mjs`, then a full build to recover.
    expect(afterRestart.status().lastFailure?.log ?? "").not.toContain("ENOENT");
    expect(reports.write.ok, reports.write.log.slice(-2000)).toBe(true);
    // A full build after a failed partial one would also put the page live: the point is that none failed.
    expect(reports.write.mode).toBe("partial");
    expect(reports.write.retryOf).toBeUndefined();
    expect(afterRestart.status().recovery).toBeNull();
  });

  it("puts the changed article live", () => {
    const page = join(afterRestart.liveDir()!, "article", `${url}.html`);
    expect(existsSync(page)).toBe(true);
    expect(readFileSync(page, "utf8")).toContain("La pêche artisanale à Gorée");
  });
});
