/**
 * `astro build` inside this process: the build worker (scripts/build-worker.ts) and the « Aperçu » process
 * (scripts/preview-worker.ts) keep its prerenderer for renders after it (scripts/warm-renderer.ts,
 * scripts/preview-render.ts); the one-shot build (scripts/build-site.ts) does not. A process holds one Astro
 * build's modules: it runs this once.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { build } from "astro";
import type { Compressor } from "./compress";
import { capturePrerenderer, type CapturedPrerenderer } from "./prerenderer-capture";
import { receiveRenderedPages } from "./rendered-pages";

export type AstroJob = { root: string; out: string; key: string; mode: string; previous?: string };

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
  Object.assign(process.env, { BUILD_OUT_DIR: job.out, BUILD_KEY: job.key, BUILD_MODE: job.mode, BUILD_PREVIOUS_DIR: job.previous ?? "" });
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
