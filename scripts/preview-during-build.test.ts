/**
 * Issue 31 §5: « Aperçu » answered « L'aperçu n'est pas disponible pendant la construction du site » as raw JSON
 * whenever a build ran, the preview being drawn by the busy build worker. Played with the real pieces: the real API
 * (createApp over a temporary libSQL file) on a real port, the real builder and build worker running a real full
 * build, and the real « Aperçu » process (scripts/preview-worker.ts). Slow (a real build and Astro's start in the
 * preview process), so one series serves all checks.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "../db/schema";
import { createApp } from "../api/app";
import { PreviewRenderer } from "../api/lib/preview-renderer";
import { type BuildReport, RENDERERS, SiteBuilder } from "../api/lib/site-builder";
import { makeArticle, makeUser } from "../api/testing/factory";
import { createHarness, type Harness } from "../api/testing/harness";
import { person, type Person } from "../api/modules/users/test-kit";
import { buildKey } from "./partial-build";

describe("« Aperçu » while the site builds", () => {
  let h: Harness;
  let server: ReturnType<typeof Bun.serve>;
  let builder: SiteBuilder;
  let previews: PreviewRenderer;
  let admin: Person;
  const root = mkdtempSync(join(tmpdir(), "preview-build-"));
  let articleId = "";
  let articleUrl = "";
  let app: ReturnType<typeof createApp>;
  const answers: {
    retired: boolean;
    afterRetirement: BuildReport;
    liveShown: { first: string; after?: string; failure: BuildReport | null };
    first: { html: string; astroRan: boolean };
    during: { status: number; type: string | null; html: string; building: boolean };
  } = {} as never;

  const preview = async (id: string) => {
    const res = await app.handle(new Request(`http://localhost/api/admin/articles/${id}/preview`, { headers: admin.auth }));
    return { status: res.status, type: res.headers.get("content-type"), html: await res.text() };
  };

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    admin = await person(h, "chef", "admin");
    const awa = await makeUser(db, { nickname: "awa", firstname: "Awa", name: "Ndiaye", groups: ["cercleImp"] });
    const made = await makeArticle(db, { title: "Le port de Dakar", authors: [awa.id] });
    articleId = made.id;
    articleUrl = made.url;
    server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (r) => app.handle(r) });
    const origin = `http://127.0.0.1:${server.port}`;
    const env = { BUILD_KEY: buildKey(process.cwd()), PUBLIC_URL: "http://localhost:4321" };
    builder = new SiteBuilder({ siteDir: join(root, "site"), apiOrigin: origin, onSwap: () => {}, extraEnv: env, retryDelaysMs: [] });
    previews = new PreviewRenderer([process.execPath, "scripts/preview-worker.ts"], {
      ...process.env,
      ...env,
      API_ORIGIN: origin,
      PREVIEW_OUT_DIR: join(root, "preview-renderer"),
      ASTRO_TELEMETRY_DISABLED: "1",
      // As the server: the renderer the build worker saved (scripts/saved-renderer.ts), no Astro build of its own.
      BUILD_RENDERER_DIR: join(root, "site", RENDERERS),
    });
    app = createApp({ ...h.deps, builder, previews, contentChanged: (c) => builder.requestBuild(c) });
    const first = await builder.requestBuild();
    if (!first.ok) throw new Error(first.log.slice(-3000));
    // The worker retired after its Astro build; the builder runs a build with no change of its own at once.
    answers.retired = first.log.includes("build worker retires");
    while (builder.status().building || builder.status().queued) await Bun.sleep(20);
    answers.afterRetirement = builder.status().last!;
    answers.liveShown = { first: first.id, after: builder.status().lastSuccess?.id, failure: builder.status().lastFailure };
    // The preview process's own start (Astro bundling its code), as the server does once the site is up.
    previews.warm();
    const firstPreview = await preview(articleId);
    expect(firstPreview.status).toBe(200);
    answers.first = { ...firstPreview, astroRan: existsSync(join(root, "preview-renderer")) };

    // A full build (« Reconstruire le site »): the build worker restarts and runs Astro for a while.
    const building = builder.requestBuild({ kind: "site" });
    const wasBuilding = builder.status().building;
    answers.during = { ...(await preview(articleId)), building: wasBuilding };
    const report = await building;
    if (!report.ok) throw new Error(report.log.slice(-3000));
  }, 600_000);

  afterAll(() => {
    builder?.stop();
    previews?.stop();
    server?.stop(true);
    h?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("follows a build whose worker retired with a build of no change, from the renderer it saved", () => {
    expect(answers.retired).toBe(true);
    const next = answers.afterRetirement;
    expect(next).toMatchObject({ ok: true, mode: "partial", changes: [] });
    expect(next.log).toContain("saved renderer loaded");
    expect(next.log).toContain("warm partial build: rendered");
    // It publishes the same site: the « Site » screen keeps showing the build it followed as the live version.
    expect(answers.liveShown.after).toBe(answers.liveShown.first);
    // Nor is it a failure.
    expect(answers.liveShown.failure).toBeNull();
  });

  it("renders from the renderer the build worker saved, with the live pages' stylesheets, without an Astro build", () => {
    // Its own `astro build` would have made its out folder.
    expect(answers.first.astroRan).toBe(false);
    expect(answers.first.html).toContain("Le port de Dakar");
    const sheets = (html: string) => [...html.matchAll(/\/_astro\/[^"]+\.css/g)].map((m) => m[0]).sort();
    const live = readFileSync(join(builder.liveDir()!, "article", `${articleUrl}.html`), "utf8");
    expect(sheets(answers.first.html).length).toBeGreaterThan(0);
    expect(sheets(answers.first.html)).toEqual(sheets(live));
  });

  it("answers the article's page while a full build runs", () => {
    expect(answers.during.building).toBe(true);
    expect(answers.during.status).toBe(200);
    expect(answers.during.type).toContain("text/html");
    expect(answers.during.html).toContain("Le port de Dakar");
    expect(answers.during.html).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("shows each preview's own text, though the process keeps the API's answers between previews", async () => {
    await h.database.db.update(articles).set({ title: "Le port de Dakar, second jet" }).where(eq(articles.id, articleId));
    const res = await preview(articleId);
    expect(res.status).toBe(200);
    expect(res.html).toContain("Le port de Dakar, second jet");
  });

  it("shows a failure as the site's French page with its layout, not JSON", async () => {
    const res = await preview("n-existe-pas");
    expect(res.status).toBe(404);
    expect(res.type).toContain("text/html");
    expect(res.html).toMatch(/<html[^>]*lang="fr"/);
    expect(res.html).toContain("<title>Aperçu indisponible");
    // The live build's page: the site's stylesheet and header.
    expect(res.html).toMatch(/\/_astro\/[^"]+\.css/);
    expect(res.html).toContain("data-preview-failure");
  });

  it("shows the French failure page when the preview process dies, and renders again with a new one", async () => {
    process.kill(previews.pid!, "SIGKILL");
    // The kill lands before the answer: the process is gone or going.
    const failed = await previews.render({}, 60_000);
    expect(failed.ok).toBe(false);
    const again = await preview(articleId);
    expect(again.status).toBe(200);
    expect(again.html).toContain("Le port de Dakar");
  });
});
