/**
 * `astro build` inside this process: the build worker (scripts/build-worker.ts) and the « Aperçu » process
 * (scripts/preview-worker.ts) keep its prerenderer for renders after it (scripts/warm-renderer.ts,
 * scripts/preview-render.ts); the one-shot build (scripts/build-site.ts) does not. A process holds one Astro
 * build's modules: it runs this once. A site build, the worker's or the one-shot one, goes through
 * `astroBuildBeside`, which compresses and indexes the pages while Astro renders them.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { build } from "astro";
import { astroBuildProcess, type BuildJob, type BuildMode, indexAgain } from "./build-steps";
import { type CompressionThreads, Compressor } from "./compress";
import { capturePrerenderer, type CapturedPrerenderer } from "./prerenderer-capture";
import { receiveRenderedPages } from "./rendered-pages";
import type { SearchIndexStats } from "./search-index";
import { searchBesideRendering } from "./search-on-thread";

export type AstroJob = { root: string; out: string; key: string; mode: string; previous?: string };

/** Set once this process holds a renderer's modules (its `astro build`, or a saved one): another build needs a process of its own. */
let astroUsed = false;

/** True once this process has run `astro build` or loaded a saved renderer (its modules are that build's for good). */
export function astroBuiltInThisProcess(): boolean {
  return astroUsed;
}

/** Called before a saved renderer's modules are loaded (scripts/saved-renderer.ts): they count as an Astro build's. */
export function holdSavedRenderer(): void {
  astroUsed = true;
}

/**
 * Builds `root` into `out`, the partial-build integration reading its job from the environment (BUILD_MODE
 * "preview" lists no page: only the code is bundled). `compressor`: each page rendered is handed to it, so its
 * compressed copies are made on the compression threads while Astro renders the next pages (every copy is
 * written when this returns or throws). `onSearchable`: the searchable pages are rendered first, and this is
 * called once they are all written (a whole folder only: a partial build's carried pages come after Astro).
 * Returns the prerenderer when `keepRenderer`, and whether a page of another route turned out searchable after
 * that call (the caller then indexes again).
 */
export async function astroInProcess(
  job: AstroJob,
  { keepRenderer = true, compressor, onSearchable }: { keepRenderer?: boolean; compressor?: Compressor; onSearchable?: () => void } = {},
): Promise<{ prerenderer: CapturedPrerenderer | null; searchableLate: boolean }> {
  astroUsed = true;
  Object.assign(process.env, {
    BUILD_OUT_DIR: job.out,
    BUILD_KEY: job.key,
    BUILD_MODE: job.mode,
    BUILD_PREVIOUS_DIR: job.previous ?? "",
    ASTRO_TELEMETRY_DISABLED: "1",
  });
  const captured = keepRenderer ? capturePrerenderer() : () => null;
  let searchableLate = false;
  if (compressor) {
    // Astro creates a page's folder only once it has rendered it; its copies go there first.
    const folders = new Set<string>();
    receiveRenderedPages({
      page: (rel, body) => {
        const folder = dirname(join(job.out, rel));
        if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
        folders.add(folder);
        // Never waits: the rendering is the build's longest step, and a page the threads have no room for is
        // compressed by the walk after it.
        return compressor.page(rel, body, false);
      },
      ...(onSearchable ? { searchableWritten: onSearchable, searchableLate: () => void (searchableLate = true) } : {}),
    });
  }
  // As scripts/build-steps.ts's astroBuildProcess: Astro's prerender chunks go inside the out dir.
  mkdirSync(job.out, { recursive: true });
  process.chdir(job.out);
  let copies: Promise<void> | undefined;
  try {
    await build({ root: job.root, outDir: job.out, logLevel: process.env.ASTRO_LOG === "info" ? "info" : "warn" });
  } finally {
    process.chdir(job.root);
    if (compressor) {
      receiveRenderedPages(null);
      // No copy may land after this, even when the build failed (its folder is deleted, or built again).
      copies = compressor.settle();
      await copies.catch(() => undefined);
    }
  }
  // A compression that failed fails the build, as the walk's would.
  await copies;
  return { prerenderer: captured(), searchableLate };
}

/**
 * A build's pages by `astro build` in this process, as the build worker and the one-shot build make them: each page
 * compressed as it renders and, for a whole folder, the search index under way beside the rendering (`search`; a
 * partial build's carried pages are linked once Astro is done, so its index waits for them). A process that has
 * run Astro already runs this second build in a child process (one Astro build's modules per process): nothing is
 * handed over then. `threads`: compression threads the process keeps (else the compressor starts its own).
 */
export async function astroBuildBeside(
  job: BuildJob,
  mode: BuildMode,
  { keepRenderer = true, threads, onSearchStarted }: { keepRenderer?: boolean; threads?: CompressionThreads; onSearchStarted?: () => void } = {},
): Promise<{ prerenderer?: CapturedPrerenderer | null; compressor?: Compressor; search?: Promise<SearchIndexStats> }> {
  if (astroUsed) {
    await astroBuildProcess(job, mode);
    return {};
  }
  const compressor = new Compressor(job.out, job.previous, threads);
  let search: Promise<SearchIndexStats> | undefined;
  const onSearchable = () => {
    onSearchStarted?.();
    search = searchBesideRendering(job);
    // A failure is reported when the build waits for the index.
    search.catch(() => {});
  };
  try {
    const built = await astroInProcess(
      { root: job.root, out: job.out, key: job.key, mode, previous: job.previous },
      { keepRenderer, compressor, onSearchable: mode === "full" ? onSearchable : undefined },
    );
    return { prerenderer: built.prerenderer, compressor, search: built.searchableLate ? indexAgain(job, search) : search };
  } catch (e) {
    compressor.close();
    throw e;
  }
}
