/**
 * A warm renderer: the prerenderer of an `astro build` made in this process, kept after the build to render the
 * pages of the next builds without starting Astro again (no start, no Vite bundling: ~3 s of every partial build,
 * and the data is fetched once per build instead of once per process start). Used by scripts/build-worker.ts.
 *
 * The code of the pages cannot change while it is alive: the worker keeps it for one build key (the hash of the
 * site's sources, scripts/partial-build.ts) and starts a fresh process for another key. A warm render plans the
 * build exactly as Astro's does (same getStaticPaths, same planWithReads) and renders each page with Astro's own
 * `renderPath`, so its files are those of `astro build`: scripts/partial-build.test.ts compares them byte for byte.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { nextBuildGeneration } from "../site/src/lib/per-build";
import { CSP_HASHES_FILE } from "../api/lib/security-headers";
import type { LinkDone, LinkJob } from "./link-worker";
import { inlineScriptHashes } from "./csp-hashes";
import { currentListing } from "../site/src/lib/listing-scope";
import { recordReads, startReadsIndex } from "../site/src/lib/page-reads";
import { gonePages, keepReads, type PagesManifest, planWithReads, readPagesManifest, SEARCHABLE_ROUTES, startListing, type PathWithRoute, writePagesManifest } from "./partial-build";
import { stagedPagesDelta, stagedPagesLine } from "./search-index";
import { astroRenderPath, type CapturedPrerenderer } from "./prerenderer-capture";

/** Links the carried pages, then their compressed copies, on scripts/link-worker.ts's thread. */
function linkOnThread(out: string, previous: string, files: string[]) {
  const thread = new Worker(new URL("./link-worker.ts", import.meta.url).href);
  const phases = { pages: Promise.withResolvers<void>(), copies: Promise.withResolvers<void>() };
  const fail = (error: string) => {
    phases.pages.reject(new Error(error));
    phases.copies.reject(new Error(error));
  };
  thread.onmessage = (event: MessageEvent<LinkDone>) => {
    if (event.data.error) fail(`linking carried pages: ${event.data.error}`);
    else phases[event.data.phase].resolve();
  };
  thread.onerror = (event) => fail(`link worker: ${event.message}`);
  // Whichever phase is not awaited must not become an unhandled rejection.
  phases.pages.promise.catch(() => {});
  phases.copies.promise.catch(() => {});
  thread.postMessage({ out, previous, files } satisfies LinkJob);
  return { pages: phases.pages.promise, copies: phases.copies.promise, stop: () => thread.terminate() };
}

/**
 * BUILD_PROFILE=<folder> (benchmarks): the listing and planning of each warm build run under JavaScriptCore's
 * sampling profiler, its report (functions by self time, then stack traces) written into the folder.
 */
async function profiled<T>(work: () => Promise<T>, name = "warm"): Promise<T> {
  const folder = process.env.BUILD_PROFILE;
  if (!folder) return work();
  const { profile } = await import("bun:jsc");
  let result: T | undefined;
  const report = await profile(async () => {
    result = await work();
  }, 500);
  mkdirSync(folder, { recursive: true });
  // Time by function including what it calls (each function once per sample), where the self-time report only
  // names anonymous functions by a hash.
  const inclusive = new Map<string, number>();
  for (const trace of report.stackTraces.traces) {
    const seen = new Set<string>();
    for (const f of trace.frames) seen.add(`${f.name || "(anonymous)"} ${f.sourceURL ?? ""}:${f.line}`);
    for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
  }
  const top = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 60).map(([key, n]) => `${String(n).padStart(7)}  ${key}`);
  writeFileSync(join(folder, `${name}-${Date.now()}.txt`), `${report.functions}\n\nInclusive samples:\n${top.join("\n")}\n`);
  return result as T;
}

/** The HTML pages of a staged build for its search index (scripts/search-index.ts `stagedHtmlFiles`), one a line. */
function stagedPages(manifest: PagesManifest): string {
  const carried = new Set(manifest.carried);
  const lines: string[] = [];
  for (const [pathname, { file }] of Object.entries(manifest.pages)) {
    const line = stagedPagesLine(file, carried.has(pathname));
    if (line !== null) lines.push(line);
  }
  return lines.join("\n");
}

/**
 * Renders listed pages, every route in turn, until `ms` have passed; nothing is kept or written. Outside a page's
 * record (`recordReads`), so the build's record of what each page read is not touched; the answers these pages
 * read are this build's own.
 */
async function warmUp(paths: PathWithRoute[], ms: number, render: (path: PathWithRoute) => Promise<unknown>): Promise<void> {
  const byRoute = new Map<string, PathWithRoute[]>();
  for (const path of paths) {
    const list = byRoute.get(path.route.route) ?? [];
    list.push(path);
    byRoute.set(path.route.route, list);
  }
  const routes = [...byRoute.values()];
  const until = performance.now() + ms;
  let rendered = 0;
  for (let i = 0; performance.now() < until; i++) {
    let any = false;
    for (const list of routes) {
      if (i >= list.length) continue;
      // Spread over each route's pages (the last ones of a list are not the first ones).
      const path = list[(i * 7919) % list.length]!;
      any = true;
      try {
        await render(path);
        rendered++;
      } catch {
        // The page fails the same way when a build renders it, which reports it.
      }
      if (performance.now() >= until) break;
    }
    if (!any) break;
  }
  console.log(`renderer warmed up: ${rendered} pages rendered and dropped in ${ms} ms at most`);
}

/** Pages rendered at once, as Astro's `build.concurrency` (astro.config.mjs). */
const CONCURRENCY = 4;

/**
 * Renders into `out` the pages whose data changed since the build at `previousDir`, writes the pages manifest
 * and the CSP hashes of the rendered pages, like `astro build` with BUILD_MODE=partial, and carries the other
 * pages over. Returns null when the previous build cannot be a base (another key): the caller then builds with
 * Astro.
 *
 * Order, for the time from a write to the site: pages carried over are linked first, then the searchable pages
 * (SEARCHABLE_ROUTES) are rendered and `onSearchable` is called, so the search index of the changed shards is
 * built (mostly in Pagefind's process, on the other core) while the lists and feeds, the slow part, are rendered.
 * A page rendered after that point that turns out searchable makes the result say so: the caller indexes again.
 */
export async function renderWarm(
  prerenderer: CapturedPrerenderer,
  opts: {
    root: string;
    out: string;
    previousDir: string;
    key: string;
    onSearchable?: (pages?: string) => void;
    staged?: boolean;
    /** Each page once written (its path under `out`, with `/`), for its compression while the next ones render. */
    onPage?: (rel: string, body: Uint8Array) => Promise<void>;
    /**
     * A fresh process's first build (a loaded renderer): after its own pages, pages it carries are rendered and
     * thrown away for up to this long, every route in turn, so the next builds find Astro's and the site's code
     * compiled by the JIT rather than interpreted (measured: list pages 0.4–0.8 s each in a fresh worker's first
     * builds at 50,000 articles, ~0.1 s once warm).
     */
    warmUpMs?: number;
  },
): Promise<{ rendered: string[]; total: number; searchableLate: boolean; linked: Set<string> } | null> {
  const previous = readPagesManifest(opts.previousDir);
  const app = prerenderer.app;
  if (!app || previous?.key !== opts.key) return null;
  nextBuildGeneration();
  startReadsIndex();
  app.routeCache.clearAll();
  const started = performance.now();
  let listed = started;
  const listAndPlan = async () => {
    startListing(previous, opts.key, true);
    const paths = (await prerenderer.getStaticPaths()) as unknown as PathWithRoute[];
    listed = performance.now();
    return { paths, plan: await planWithReads(paths, app.routeCache, { key: opts.key, partial: true, previous, previousDir: opts.previousDir }) };
  };
  const { paths, plan } = await profiled(listAndPlan);
  // Staged for publication in place: the carried pages stay in the live folder, nothing is linked (and their
  // files are not listed: 155,000 at 50,000 articles).
  const carriedFiles = opts.staged ? [] : plan.manifest.carried.map((p) => plan.manifest.pages[p]!.file);
  const linking = opts.staged
    ? { pages: Promise.resolve(), copies: Promise.resolve(), stop: () => {} }
    : linkOnThread(opts.out, opts.previousDir, carriedFiles);
  mkdirSync(opts.out, { recursive: true });
  // The search index of a staged build lists the pages from the plan (it starts before the rendering ends): handed
  // over in memory, one string (a copy of the manifest written now and read back cost 50-500 ms at 5,000 articles).
  // When the plan knows the pages gone, only what changed: every page of the site, split, sorted and gone over by
  // the search thread, cost it 200-400 ms per build at 50,000 articles.
  const gone = opts.staged && previous ? gonePages(plan.manifest, previous) : null;
  const renderedFiles = plan.render.map((p) => plan.manifest.pages[p.pathname]!.file);
  const searchPages = !opts.staged ? undefined : gone ? stagedPagesDelta(renderedFiles, gone) : stagedPages(plan.manifest);
  const options = app.getOptions();
  const outDir = fileURLToPath(options.settings.config.outDir);
  const renderPath = await astroRenderPath(opts.root);
  const logger = options.logger;
  const took: [string, number][] = [];
  const reads = new Map<string, Record<string, string>>();
  const scriptHashes = new Set<string>();
  let searchStarted = false;
  let searchableLate = false;
  const renderAll = async (list: PathWithRoute[]) => {
    const queue = [...list];
    const worker = async () => {
      for (let path = queue.shift(); path; path = queue.shift()) {
        const began = performance.now();
        const recorded = await recordReads(() =>
          renderPath({ prerenderer, pathname: path.pathname, route: path.route, options, logger, collectMetadata: false }),
        );
        const result = recorded.result;
        reads.set(path.pathname, recorded.reads);
        took.push([path.pathname, performance.now() - began]);
        if (!result) continue;
        const html = typeof result.body === "string" ? result.body : Buffer.from(result.body).toString("utf8");
        const bytes = typeof result.body === "string" ? Buffer.from(result.body) : result.body;
        if (path.route.type === "page") inlineScriptHashes(html, scriptHashes);
        if (searchStarted && html.includes("data-pagefind-body")) searchableLate = true;
        // Astro computes the file under the out dir of the build that made the renderer: same relative path here.
        const rel = relative(outDir, fileURLToPath(result.outFile));
        const target = join(opts.out, rel);
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, bytes);
        await opts.onPage?.(rel.split(sep).join("/"), bytes);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  };
  try {
    await renderAll(plan.render.filter((p) => SEARCHABLE_ROUTES.has(p.route.route)));
    await linking.pages;
    searchStarted = true;
    opts.onSearchable?.(searchPages);
    // BUILD_PROFILE: the rest of the rendering sampled too (its own report), and every page's time listed.
    await profiled(() => renderAll(plan.render.filter((p) => !SEARCHABLE_ROUTES.has(p.route.route))), "render");
    if (opts.warmUpMs) await warmUp(paths, opts.warmUpMs, (path) => renderPath({ prerenderer, pathname: path.pathname, route: path.route, options, logger, collectMetadata: false }));
    await linking.copies;
  } finally {
    linking.stop();
  }
  if (process.env.BUILD_PROFILE) {
    const lines = took.map(([path, t]) => `${Math.round(t)} ms ${path}`);
    writeFileSync(join(process.env.BUILD_PROFILE, `pages-${Date.now()}.txt`), `${lines.join("\n")}\n`);
  }
  const rendered = performance.now();
  keepReads(plan.manifest, reads);
  writePagesManifest(opts.out, plan.manifest);
  const written = performance.now();
  // The rendered pages' inline scripts, from memory (the carried pages' are the live build's: merged afterwards).
  writeFileSync(join(opts.out, CSP_HASHES_FILE), JSON.stringify({ scriptHashes: [...scriptHashes].sort() }));
  const ms = (a: number, b: number) => Math.round(b - a);
  // Every page is either carried or rendered (not Object.keys: an array of 155,000 names at 50,000 articles).
  const pages = plan.manifest.carried.length + plan.render.length;
  const inPart = [...currentListing().partial.keys()].join(" ");
  console.log(
    `warm partial build: rendered ${plan.render.length} of ${pages} pages ` +
      `(listed ${paths.length}${inPart ? `, in part: ${inPart}` : ""}; listing pages ${ms(started, listed)} ms, ` +
      `planning and rendering ${ms(listed, rendered)} ms, pages manifest ${ms(rendered, written)} ms; slowest: ` +
      took
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([path, t]) => `${path} ${Math.round(t)} ms`)
        .join(", ") +
      ")",
  );
  return { rendered: renderedFiles, total: pages, searchableLate, linked: new Set(carriedFiles) };
}
