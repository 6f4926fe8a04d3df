/**
 * How a build worker (scripts/build-worker.ts) gets hold of the prerenderer of the `astro build` it runs in its own
 * process: the partial-build integration offers it once set up, and loads every page module before Astro deletes
 * its prerender bundle from disk (a page first rendered by a later build must still find its code in memory).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AstroPrerenderer } from "astro";

/** Astro's cache of each route's getStaticPaths, props included (read by scripts/partial-build.ts's plan). */
export type StaticPathsCache = { get(route: unknown): { staticPaths?: { keyed?: Map<string, { props?: unknown }> } } | undefined };

export type BuildApp = {
  routeCache: StaticPathsCache & { clearAll(): void };
  getOptions(): { settings: { config: { outDir: URL; root: URL } } } & Record<string, unknown>;
  getComponentByRoute(route: unknown): Promise<unknown>;
  manifest: { routes: { routeData: unknown }[] };
};
export type CapturedPrerenderer = AstroPrerenderer & { app?: BuildApp };

const CAPTURE = Symbol.for("site.warmRenderer.capture");
type WithCapture = { [CAPTURE]?: (prerenderer: CapturedPrerenderer) => void };

/** Called by the partial-build integration once Astro's prerenderer is set up: keeps it when a worker asked to. */
export function offerPrerenderer(prerenderer: CapturedPrerenderer): void {
  (globalThis as WithCapture)[CAPTURE]?.(prerenderer);
}

/** True when this process keeps the prerenderer (the integration then loads every page module before Astro
 * deletes its prerender bundle from disk: a page first rendered by a later build must still find its code). */
export function keepingPrerenderer(): boolean {
  return (globalThis as WithCapture)[CAPTURE] !== undefined;
}

/**
 * Loads every route's page module and every other module of Astro's prerender bundle into memory. Astro deletes
 * the bundle when its build ends and some of it is imported lazily, on first use (the middleware chunk when the
 * first page renders): a build that rendered no page (a partial build after a restart, nothing changed) left the
 * next warm build importing a file that was gone (ENOENT, issue 31 §4). Bun keeps an evaluated module in its
 * registry, so once everything is loaded here the renderer never reads that folder again.
 */
export async function loadAllPages(prerenderer: CapturedPrerenderer): Promise<void> {
  const app = prerenderer.app;
  if (app) await loadModules(app, await prerenderBundleDir(app.getOptions().settings));
}

/** Every route's page module of `app`, then every other module of its bundle at `dir` (scripts/saved-renderer.ts too). */
export async function loadModules(app: BuildApp, dir: string): Promise<void> {
  for (const { routeData } of app.manifest.routes) {
    try {
      await app.getComponentByRoute(routeData);
    } catch {
      // Astro's own internal routes have no page module; a page that fails to load fails its render later.
    }
  }
  await loadBundle(dir);
}

/**
 * Astro's prerender folder for a build's settings, by Astro's own rule (it depends on the out dir and the cwd);
 * the partial-build integration gives `{ config, buildOutput: "static" }` before Astro's app exists.
 */
export async function prerenderBundleDir(settings: { config: { root: URL }; buildOutput?: string }): Promise<string> {
  const utils = (await import(join(fileURLToPath(settings.config.root), "node_modules/astro/dist/prerender/utils.js"))) as {
    getPrerenderOutputDirectory(settings: unknown): URL;
  };
  return fileURLToPath(utils.getPrerenderOutputDirectory(settings));
}

/** Imports every module under `dir` (already imported ones cost nothing). */
async function loadBundle(dir: string): Promise<void> {
  let files: string[];
  try {
    files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.m?js$/.test(f));
  } catch {
    return;
  }
  for (const file of files) {
    try {
      await import(pathToFileURL(join(dir, file)).href);
    } catch (e) {
      // A chunk that cannot load on its own now would fail the same way when first used; the render says so then.
      console.error(`prerender module ${file} not loaded: ${(e as Error).message}`);
    }
  }
}

export type RenderPath = (args: Record<string, unknown>) => Promise<{ body: string | Uint8Array; outFile: URL } | null>;

/**
 * Astro's own page writer (the one `astro build` uses), from the same installed version: the warm renderer's
 * pages (scripts/warm-renderer.ts) and « Aperçu » (scripts/preview-render.ts).
 */
export async function astroRenderPath(root: string): Promise<RenderPath> {
  const generate = (await import(join(root, "node_modules/astro/dist/core/build/generate.js"))) as { renderPath: RenderPath };
  return generate.renderPath;
}

/** Asks the next `astro build` of this process for its prerenderer. */
export function capturePrerenderer(): () => CapturedPrerenderer | null {
  let captured: CapturedPrerenderer | null = null;
  (globalThis as WithCapture)[CAPTURE] = (p) => {
    captured = p;
  };
  return () => captured;
}

