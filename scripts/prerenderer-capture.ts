/**
 * How a build worker (scripts/build-worker.ts) gets hold of the prerenderer of the `astro build` it runs in its own
 * process: the partial-build integration offers it once set up, and loads every page module before Astro deletes
 * its prerender bundle from disk (a page first rendered by a later build must still find its code in memory).
 */
import type { AstroPrerenderer } from "astro";

/** Astro's cache of each route's getStaticPaths, props included (read by scripts/partial-build.ts's plan). */
export type StaticPathsCache = { get(route: unknown): { staticPaths?: { keyed?: Map<string, { props?: unknown }> } } | undefined };

export type BuildApp = {
  routeCache: StaticPathsCache & { clearAll(): void };
  getOptions(): { settings: { config: { outDir: URL } } } & Record<string, unknown>;
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

/** Loads every route's page module into memory. */
export async function loadAllPages(prerenderer: CapturedPrerenderer): Promise<void> {
  const app = prerenderer.app;
  if (!app) return;
  for (const { routeData } of app.manifest.routes) {
    try {
      await app.getComponentByRoute(routeData);
    } catch {
      // Astro's own internal routes have no page module; a page that fails to load fails its render later.
    }
  }
}

/** Asks the next `astro build` of this process for its prerenderer. */
export function capturePrerenderer(): () => CapturedPrerenderer | null {
  let captured: CapturedPrerenderer | null = null;
  (globalThis as WithCapture)[CAPTURE] = (p) => {
    captured = p;
  };
  return () => captured;
}

