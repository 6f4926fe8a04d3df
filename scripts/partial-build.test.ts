/**
 * A partial build after each of a series of writes gives the same site as a full build of the same data: same
 * files, same bytes (the .ics DTSTAMP, the build's clock, aside), search index included. The series runs as the
 * server runs it, through the build worker (scripts/build-worker.ts: Astro in its process for the first build,
 * which saves its renderer and retires; then a fresh worker's build with no write, as the builder runs it, and the
 * partial ones from the renderer it loaded; a restart halfway). The full build it is compared with is a one-shot
 * `astro build` (scripts/build-site.ts). Each partial build is staged and published in place into the live folder
 * as the server does it (api/lib/publish-in-place.ts, issue 31 §2): the live folder after the series is what is
 * compared.
 * Real builds against the real API on a temporary database, so it is slow: one series serves all checks.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, events, media, themes, users } from "../db/schema";
import { makeArticle, makeEvent, makeMedia, makeTheme, makeUser } from "../api/testing/factory";
import { createHarness, type Harness } from "../api/testing/harness";
import { BuildWorkerClient } from "../api/lib/build-worker-client";
import { RENDERERS } from "../api/lib/site-builder";
import { runSiteBuild } from "../api/testing/site-build";
import { GENERATION_FILE, PUBLISH_MANIFEST, type PublishManifest, publishInPlace, readGeneration } from "../api/lib/publish-in-place";
import { CSP_HASHES_FILE } from "../api/lib/security-headers";
import { compressible } from "./compress";
import { folderScriptHashes } from "./csp-hashes";
import { searchableSlice } from "./search-index";
import { buildKey, ITEM_ROUTES, outputFile, type PagesManifest, readPagesManifest } from "./partial-build";

/**
 * A build; for one published in place, `dir` is the live folder and the rest is what was seen at its publication:
 * its pages manifest, its staged text files, what it published, and each live file's inode and bytes before and after.
 */
type Build = {
  dir: string;
  log: string;
  manifest: PagesManifest;
  staged?: Map<string, string>;
  published?: PublishManifest;
  before?: Map<string, { ino: number; bytes: Buffer }>;
  after?: Map<string, { ino: number; bytes: Buffer }>;
  /** The worker retired after this build (it ran Astro's build and saved its renderer). */
  retired?: boolean;
};

/** Every file of a folder (bookkeeping included) with its inode and raw bytes. */
function snapshot(dir: string): Map<string, { ino: number; bytes: Buffer }> {
  const out = new Map<string, { ino: number; bytes: Buffer }>();
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    const st = statSync(join(dir, rel));
    if (st.isFile()) out.set(rel, { ino: st.ino, bytes: readFileSync(join(dir, rel)) });
  }
  return out;
}

/** Every file of a build but its bookkeeping (dot files), with its bytes; the .ics DTSTAMP is the build's clock. */
function tree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const rel of (readdirSync(dir, { recursive: true }) as string[]).sort()) {
    if (rel.split("/").some((part) => part.startsWith("."))) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(dir, rel));
    } catch {
      continue; // a folder
    }
    if (rel.endsWith(".br")) bytes = brotliDecompressSync(bytes);
    if (rel.endsWith(".gz")) bytes = gunzipSync(bytes);
    if (/\.ics(\.br|\.gz)?$/.test(rel)) bytes = Buffer.from(bytes.toString().replace(/^DTSTAMP:.*$/gm, "DTSTAMP"));
    files.set(rel, bytes);
  }
  return files;
}

/** The write after which the worker is stopped, as a restart would (its partial build is the series' fourth build). */
const RESTART_BEFORE = 2;

describe("partial builds", () => {
  let h: Harness;
  let server: ReturnType<typeof Bun.serve>;
  const root = mkdtempSync(join(tmpdir(), "partial-build-"));
  const key = buildKey(process.cwd());
  let count = 0;
  const builds: Build[] = [];
  /** The builds with no write that follow a worker's retirement. */
  const primes: Build[] = [];

  const env = {
    // Pinned: others may edit the site's sources in this checkout while the series runs.
    BUILD_KEY: key,
    // Several search shards even on this small site, so reusing them is part of the comparison.
    SEARCH_SHARD_PAGES: "3",
  };
  let worker: BuildWorkerClient;

  /**
   * A build as the server makes it (the worker), or with `oneShot` a fresh `astro build` in its own process. When
   * the worker retires after its Astro build, a build with no write follows at once, as api/lib/site-builder.ts
   * does (kept in `primes`, not in `builds`).
   */
  async function build(mode: "full" | "partial", previous?: Build, oneShot = false, into = builds): Promise<Build> {
    const id = `b${++count}`;
    const siteDir = join(root, "site");
    const inPlace = mode === "partial" && !oneShot;
    const dir = join(siteDir, inPlace ? "staging" : "builds", id);
    const { code, log, staged, retired }: { code: number | null; log: string; staged?: boolean; retired?: boolean } = oneShot
      ? await runSiteBuild(`http://127.0.0.1:${server.port}`, dir, { ...env, BUILD_MODE: mode, BUILD_PREVIOUS_DIR: previous?.dir ?? "" })
      : await worker
          .run({ out: dir, previous: previous?.dir ?? "", mode, inPlace }, 300_000)
          .then((r) => ({ code: r.code, log: r.output, staged: r.staged, retired: r.retired }));
    if (code !== 0) throw new Error(`build failed:\n${log.slice(-3000)}`);
    if (!inPlace) {
      const b: Build = { dir, log, manifest: readPagesManifest(dir)!, retired };
      into.push(b);
      if (retired) await build("partial", b, false, primes);
      return b;
    }
    // Staged by the warm renderer, then published into the live folder as the server does it.
    expect(staged).toBe(true);
    const texts = new Map<string, string>();
    for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
      if (statSync(join(dir, rel)).isFile() && !/\.(br|gz)$/.test(rel)) texts.set(rel, readFileSync(join(dir, rel), "utf8"));
    }
    const live = previous!.dir;
    const b: Build = {
      dir: live,
      log,
      manifest: readPagesManifest(dir)!,
      staged: texts,
      published: JSON.parse(readFileSync(join(dir, PUBLISH_MANIFEST), "utf8")) as PublishManifest,
      before: snapshot(live),
    };
    publishInPlace(siteDir, dir, live);
    b.after = snapshot(live);
    into.push(b);
    return b;
  }

  let final: { partial: Build; full: Build };
  const ids = {} as Record<"awa" | "moussa" | "eco" | "article1" | "article2" | "event1" | "clip" | "chant", string>;
  const urls = {} as Record<"eco" | "ocean" | "article1" | "article2" | "event1" | "chant", string>;

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    const awa = await makeUser(db, { nickname: "awa", firstname: "Awa", name: "Ndiaye", groups: ["cercleImp"] });
    const moussa = await makeUser(db, { nickname: "moussa", firstname: "Moussa", name: "Diop", groups: ["cercleAx"] });
    const eco = await makeTheme(db, "Économie");
    const ocean = await makeTheme(db, "Océan");
    const clip = await makeMedia(db, { type: "video", uploadedBy: awa.id, title: "Entretien filmé" });
    await makeMedia(db, { type: "link", uploadedBy: moussa.id });
    const chant = await makeMedia(db, { type: "audio", uploadedBy: moussa.id, title: "Chant des pêcheurs" });
    // A second audio, so the route still has a page once the first is withdrawn.
    await makeMedia(db, { type: "audio", uploadedBy: awa.id, title: "Chant du soir" });
    const a1 = await makeArticle(db, { title: "La pêche à Gorée", authors: [awa.id], themes: [eco.id], media: [clip.id] });
    const a2 = await makeArticle(db, { title: "Les budgets participatifs", authors: [moussa.id, awa.id], themes: [ocean.id] });
    await makeArticle(db, { title: "Un troisième article", authors: [moussa.id], themes: [eco.id] });
    // More people, so the search shards (one per person's pages) are several.
    for (const [firstname, nickname] of [["Fatou", "fatou"], ["Cheikh", "cheikh"], ["Khady", "khady"], ["Ousmane", "ousmane"]]) {
      const u = await makeUser(db, { nickname, firstname, name: "Sarr", groups: ["cercleImp"] });
      await makeArticle(db, { title: `Le carnet de ${firstname}`, authors: [u.id], themes: [ocean.id] });
    }
    const e1 = await makeEvent(db, { title: "Rencontre au port", organizers: [awa.id] });
    await makeEvent(db, { title: "Atelier du soir", organizers: [moussa.id], startDaysFromNow: -30 });
    Object.assign(ids, { awa: awa.id, moussa: moussa.id, eco: eco.id, article1: a1.id, article2: a2.id, event1: e1.id, clip: clip.id, chant: chant.id });
    Object.assign(urls, { eco: eco.url, ocean: ocean.url, article1: a1.url, article2: a2.url, event1: e1.url, chant: chant.url });
    server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (r) => h.app.handle(r) });
    worker = new BuildWorkerClient([process.execPath, "scripts/build-worker.ts"], {
      ...process.env,
      ...env,
      API_ORIGIN: `http://127.0.0.1:${server.port}`,
      PUBLIC_URL: "http://localhost:4321",
      ASTRO_TELEMETRY_DISABLED: "1",
      BUILD_RENDERER_DIR: join(root, "site", RENDERERS),
    });

    // The live site, then a series of writes, each followed by a partial build from the previous one.
    let live = await build("full");
    const writes: (() => Promise<unknown>)[] = [
      // An article's title: its page, the lists, the feeds, its authors' pages, the search index.
      () => db.update(articles).set({ title: "La pêche artisanale à Gorée", updatedAt: new Date() }).where(eq(articles.id, ids.article1)),
      // A member's name: every article they signed shows it.
      () => db.update(users).set({ name: "Ndiaye-Sow", updatedAt: new Date() }).where(eq(users.id, ids.awa)),
      // An article withdrawn (its page must go) and a new one; a media withdrawn (its two pages must go).
      async () => {
        await db.update(articles).set({ online: false }).where(eq(articles.id, ids.article2));
        await db.update(media).set({ online: false }).where(eq(media.id, ids.chant));
        await makeArticle(db, { title: "Un article tout neuf", authors: [ids.moussa], themes: [ids.eco] });
      },
      // A theme's name and address (pages move), and an event moved by a week; a media's title (its pages only).
      async () => {
        await db.update(media).set({ title: "Entretien filmé à Gorée", updatedAt: new Date() }).where(eq(media.id, ids.clip));
        await db.update(themes).set({ name: "Économie bleue", url: "economie-bleue" }).where(eq(themes.id, ids.eco));
        const [e] = await db.select().from(events).where(eq(events.id, ids.event1));
        const week = 7 * 86_400_000;
        await db
          .update(events)
          .set({ startDate: new Date(e!.startDate.getTime() + week), endDate: new Date(e!.endDate.getTime() + week) })
          .where(eq(events.id, ids.event1));
      },
    ];
    for (const [i, write] of writes.entries()) {
      await write();
      // A restart: the third partial build is made by a fresh worker, from the renderer the first one saved.
      if (i === RESTART_BEFORE) worker.stop();
      live = await build("partial", live);
    }
    final = { partial: live, full: await build("full", undefined, true) };
  }, 600_000);

  afterAll(() => {
    worker?.stop();
    server?.stop(true);
    h?.close();
    if (!process.env.KEEP_BUILD) rmSync(root, { recursive: true, force: true });
    else console.log(root);
  });

  it("retires the worker after its Astro build; the next one renders from the renderer it saved, without running Astro", () => {
    expect(builds[0]!.log).toMatch(/renderer saved to .*renderers/);
    expect(builds[0]!.retired).toBe(true);
    // The build that follows the retirement: a fresh worker lists the whole site once, nobody waiting for it.
    expect(primes).toHaveLength(1);
    expect(primes[0]!.log).toContain("saved renderer loaded");
    expect(primes[0]!.log).toMatch(/\/api\/public\/articles\/full: all \d+ read/);
    expect(primes[0]!.manifest.carried.length).toBeGreaterThan(0);
    // No other build of the series runs Astro, so none retires.
    for (const b of builds.slice(1, -1)) expect(b.retired).toBeUndefined();
  });

  it("renders after a restart from the renderer the first worker saved, listing everything once", () => {
    const afterRestart = builds[RESTART_BEFORE + 1]!;
    expect(afterRestart.log).toContain("saved renderer loaded");
    expect(afterRestart.log).toContain("warm partial build: rendered");
    // Staged (asserted for every partial build of the series): the warm path, not a whole folder from Astro.
    expect(afterRestart.staged).toBeDefined();
    // Its process kept nothing of the listing that made the live build: every route lists all its pages again
    // (site/src/lib/listing-scope.ts), and the plan still renders only what changed.
    expect(afterRestart.log).toMatch(/\/api\/public\/articles\/full: all \d+ read/);
    expect(afterRestart.manifest.carried.length).toBeGreaterThan(0);
    for (const b of builds.slice(0, -1)) expect(b.log).not.toContain("renderer not saved");
  });

  it("renders only what changed and carries the other pages over", () => {
    for (const b of builds.slice(1, -1)) {
      const m = b.manifest;
      expect(m.mode).toBe("partial");
      // Rendered by the worker's warm renderer, not by a new Astro build.
      expect(b.log).toMatch(/warm partial build: rendered \d+ of \d+ pages/);
      expect(m.carried.length).toBeGreaterThan(0);
      // A fresh worker's first build lists everything (the test above): its process kept nothing of the last listing.
      if (b === builds[RESTART_BEFORE + 1]) continue;
      // Through the change feed: only the articles a write touched are read again (site/src/lib/api.ts).
      expect(b.log).toMatch(/\/api\/public\/articles\/full: \d+ read by id \(change feed \d+ -> \d+\)/);
      expect(b.log).toMatch(/\/api\/public\/articles: \d+ read by id \(change feed \d+ -> \d+\)/);
      // So are the media and the events (their lists are kept by the build process too).
      expect(b.log).toMatch(/\/api\/public\/media: \d+ read by id \(change feed \d+ -> \d+\)/);
      expect(b.log).toMatch(/\/api\/public\/events: \d+ read by id \(change feed \d+ -> \d+\)/);
      expect(b.log).not.toMatch(/: all \d+ read/);
      // The dependency index: the article pages and their citation files are listed only where the change reached
      // (site/src/lib/article-scope.ts), the article lists', the media's and the events' pages only where their props
      // (or an event's badge) changed (site/src/lib/pages-in-part.ts); the other pages of those routes keep their records.
      const inPart = /in part: ([^;]*);/.exec(b.log)?.[1]?.split(" ").sort();
      expect(inPart).toEqual([
        "/article/[url]",
        "/article/[url].bib",
        "/article/[url].ris",
        "/articles/[...list]",
        "/event/[url]",
        "/event/[url].ics",
        "/media/[url]",
        "/mediatheque/audio/[url]",
        "/mediatheque/video/[url]",
      ]);
    }
    // After the title change: that article is rendered again, the other articles and the events are not.
    const afterTitle = builds[1]!.manifest;
    expect(afterTitle.carried).not.toContain(`/article/${urls.article1}`);
    expect(afterTitle.carried).toContain(`/article/${urls.article2}`);
    expect(afterTitle.carried).toContain(`/event/${urls.event1}`);
    expect(builds[1]!.staged!.get(`article/${urls.article1}.html`)).toContain("La pêche artisanale à Gorée");
    // Its citation files (« Citer ») follow the new title; the other article's are carried over.
    for (const ext of ["bib", "ris"]) {
      expect(afterTitle.carried).not.toContain(`/article/${urls.article1}.${ext}`);
      expect(afterTitle.carried).toContain(`/article/${urls.article2}.${ext}`);
      expect(builds[1]!.staged!.get(`article/${urls.article1}.${ext}`)).toContain("La pêche artisanale à Gorée");
    }
    // Pages not made from one item follow what they read (site/src/lib/page-reads.ts): the home page and the feeds
    // read the articles; a static screen reads nothing; the media library and the events' calendar file read no article.
    for (const page of ["/", "/rss.xml", "/articles"]) expect(afterTitle.carried, page).not.toContain(page);
    // The sitemap's index reads only the parts' names (a derived answer, lib/api.ts `derivedAnswer`): a new title
    // leaves it as it was.
    expect(afterTitle.carried).toContain("/sitemap.xml");
    expect(Object.keys(afterTitle.pages["/sitemap.xml"]!.reads!)).toEqual(["derived:sitemap-part-names"]);
    expect(Object.keys(afterTitle.pages["/"]!.reads!)).toContain("derived:latest-articles:4");
    for (const page of ["/login", "/admin/articles", "/mediatheque", "/events.ics", "/moved.json"]) expect(afterTitle.carried, page).toContain(page);
    // The sitemap's parts hold addresses, not titles (site/src/lib/sitemap.ts): a new title rewrites none of them.
    const parts = Object.keys(afterTitle.pages).filter((p) => p.startsWith("/sitemap/"));
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(afterTitle.carried, part).toContain(part);
    expect(afterTitle.pages["/mediatheque"]!.reads).toEqual({ "/api/public/media": expect.any(String) });
    expect(afterTitle.pages["/admin/articles"]!.reads).toEqual({});
    // The login page asks the server whether Google sign-in is offered: that answer is one of its reads.
    expect(afterTitle.pages["/login"]!.reads).toEqual({ "/api/auth/options": expect.any(String) });
    // The events list shows each event's status, computed from the clock: it holds until the next event starts.
    const until = Number(afterTitle.pages["/events"]!.reads!.clock);
    expect(until).toBeGreaterThan(Date.now());
    expect(afterTitle.carried).toContain("/events");
    // A theme's feed holds its latest articles as props: the feed of the other theme is carried over.
    expect(afterTitle.carried).not.toContain(`/rss/${urls.eco}.xml`);
    expect(afterTitle.carried).toContain(`/rss/${urls.ocean}.xml`);
    // Moving an event changes what the calendar file read.
    const afterEvent = builds[4]!.manifest;
    expect(builds[4]!.log).toMatch(/\/api\/public\/events: 1 read by id/);
    expect(afterEvent.carried).not.toContain("/events.ics");
    expect(afterEvent.carried).not.toContain("/events");
    expect(afterEvent.carried).toContain("/login");
    // The search index too: some shards indexed again, the others linked from the live build.
    const search = /indexed \d+ pages for search in \d+ ms \((\d+) shards: (\d+) indexed, (\d+) reused[;)]/.exec(builds[1]!.log);
    expect(Number(search?.[1])).toBeGreaterThan(1);
    expect(Number(search?.[2])).toBeGreaterThan(0);
    expect(Number(search?.[3])).toBeGreaterThan(0);
  });

  it("publishes in place only the files that changed: every other file keeps its inode", () => {
    for (const b of builds.slice(1, -1)) {
      const { before, after, published } = b as Required<Build>;
      // The files put in place (a new search shard's folder is moved by one rename, its files listed apart).
      const written = new Set(published.files ?? published.written);
      expect(published.written.filter((rel) => rel.endsWith("/")).every((dir) => /^pagefind\/shard-[^/]+\/$/.test(dir))).toBe(true);
      const removed = new Set(published.removed);
      // A file whose inode changed (or a new one) is exactly one the publication wrote, and its bytes differ.
      const replaced = [...after.keys()].filter((rel) => before.get(rel)?.ino !== after.get(rel)!.ino).sort();
      // The generation file is the publisher's own, written last.
      expect(replaced).toEqual([...written, GENERATION_FILE].sort());
      for (const rel of replaced.filter((r) => r !== GENERATION_FILE)) expect(before.get(rel)?.bytes.equals(after.get(rel)!.bytes), rel).not.toBe(true);
      // What went is exactly what the publication removed.
      expect([...before.keys()].filter((rel) => !after.has(rel)).sort()).toEqual([...removed].sort());
      // Most of the site was not touched (no page linked or copied).
      const kept = [...after.keys()].filter((rel) => before.get(rel)?.ino === after.get(rel)!.ino).length;
      expect(kept).toBeGreaterThan(written.size);
    }
    // After the title change: the other articles' pages, their copies and the events are the same files as before.
    const t = builds[1] as Required<Build>;
    for (const rel of [`article/${urls.article2}.html`, `article/${urls.article2}.html.br`, `event/${urls.event1}.html`, "login.html"]) {
      expect(t.after.get(rel)!.ino, rel).toBe(t.before.get(rel)!.ino);
    }
    expect(t.published.files ?? t.published.written).toContain(`article/${urls.article1}.html`);
    // New pages go in before the pages that link to them; the home page and the bookkeeping last.
    const order = t.published.files ?? t.published.written;
    expect(order.indexOf(`article/${urls.article1}.html`)).toBeLessThan(order.indexOf("index.html"));
    expect(order.indexOf("index.html")).toBeLessThan(order.indexOf(".pages.json"));
    // One generation per publication, recorded in the live folder last.
    expect(readGeneration(final.partial.dir)!.generation).toBe(builds.length - 2 + primes.length);
  });

  it("gives the same files and bytes as a full build of the same data, search index included", () => {
    const partial = tree(final.partial.dir);
    const full = tree(final.full.dir);
    expect([...partial.keys()]).toEqual([...full.keys()]);
    const differing = [...full.keys()].filter((rel) => !partial.get(rel)!.equals(full.get(rel)!));
    expect(differing).toEqual([]);
    expect([...full.keys()].some((rel) => rel.startsWith("pagefind/"))).toBe(true);
    // The same records, but for the clock a page read (each build's own).
    const records = (dir: string) =>
      Object.fromEntries(
        Object.entries(readPagesManifest(dir)!.pages).map(([path, { reads, ...rest }]) => [
          path,
          { ...rest, reads: reads && Object.fromEntries(Object.entries(reads).map(([k, v]) => [k, k === "clock" ? "" : v])) },
        ]),
      );
    expect(records(final.partial.dir)).toEqual(records(final.full.dir));
  });

  it("compresses a full build's pages as Astro renders them and indexes the searchable ones meanwhile", () => {
    // The server's first build (Astro in the worker's process) and the one-shot build (in build-site's).
    for (const b of [builds[0]!, final.full]) {
      const handed = Number(/(\d+) of them pages handed over as they rendered/.exec(b.log)?.[1]);
      const pages = Object.values(b.manifest.pages).filter((p) => compressible(basename(p.file)));
      expect(pages.length).toBeGreaterThan(20);
      // A page the threads have no room for is left to the walk; the first 64 always find room.
      expect(handed).toBeGreaterThanOrEqual(Math.min(pages.length, 64));
      expect(handed).toBeLessThanOrEqual(pages.length);
      // The search index starts before the last pages are rendered, and still indexes every searchable page.
      expect(b.log.search(/search index started/)).toBeGreaterThan(-1);
      expect(b.log.search(/search index started/)).toBeLessThan(b.log.search(/pages ready in/));
    }
    // Every searchable page of the one-shot build is in its index (the first build's folder became the live one).
    const searchable = [...tree(final.full.dir)].filter(([rel, bytes]) => rel.endsWith(".html") && searchableSlice(bytes.toString()) !== null);
    expect(searchable.length).toBeGreaterThan(10);
    expect(Number(/indexed (\d+) pages for search/.exec(final.full.log)?.[1])).toBe(searchable.length);
    // A page handed over under a path other than the one Astro wrote would leave copies without their page.
    const files = tree(final.full.dir);
    const orphans = [...files.keys()].filter((rel) => /\.(br|gz)$/.test(rel) && !files.has(rel.slice(0, -3)));
    expect(orphans).toEqual([]);
    expect(files.has("index.html.br") && files.has(`article/${urls.article1}.html.gz`)).toBe(true);
  });

  it("lists the inline scripts of every page for the CSP, taken from the pages as Astro renders them", async () => {
    for (const b of [builds[0]!, final.full]) expect(b.log).toMatch(/inline script hashes: [1-9]\d*, taken from the pages as they rendered/);
    for (const dir of [final.full.dir, final.partial.dir]) {
      const written = JSON.parse(readFileSync(join(dir, CSP_HASHES_FILE), "utf8")) as { scriptHashes: string[] };
      expect(written.scriptHashes.length).toBeGreaterThan(0);
      expect(written.scriptHashes).toEqual([...(await folderScriptHashes(dir))].sort());
    }
  });

  it("drops the page of a withdrawn article and moves the pages of a renamed theme", () => {
    const files = tree(final.partial.dir);
    expect(files.has(`article/${urls.article2}.html`)).toBe(false);
    expect(files.has(`article/${urls.article2}.html.br`)).toBe(false);
    expect(files.has("articles/economie-bleue.html")).toBe(true);
    expect(files.has(`articles/${urls.eco}.html`)).toBe(false);
    expect(files.has(`media/${urls.chant}.html`)).toBe(false);
    expect(files.has(`mediatheque/audio/${urls.chant}.html`)).toBe(false);
  });

  it("keys builds by the code and the public address, so a partial build never reuses pages of other code", () => {
    const before = process.env.PUBLIC_URL;
    try {
      process.env.PUBLIC_URL = "https://institut.example.sn";
      const other = buildKey(process.cwd());
      expect(other).not.toBe(key);
      expect(buildKey(process.cwd())).toBe(other);
    } finally {
      if (before === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = before;
    }
  });

  it("maps every page to the file Astro writes, and lists only routes that exist", () => {
    const manifest = readPagesManifest(final.full.dir)!;
    const routes = new Set(Object.values(manifest.pages).map((p) => p.route));
    for (const route of Object.keys(ITEM_ROUTES)) expect(routes.has(route), route).toBe(true);
    expect(outputFile("/", "page")).toBe("index.html");
    expect(outputFile("/article/a", "page")).toBe("article/a.html");
    expect(outputFile("/rss.xml", "endpoint")).toBe("rss.xml");
  });
});
