/**
 * A warm renderer saved beside the site (`BUILD_RENDERER_DIR/<build key>`, SITE_DIR/renderers on the server), so
 * that a fresh build worker renders without running `astro build` (issue 31: memory between builds).
 *
 * What is saved, by the `astro build` the worker runs in its own process: Astro's prerender bundle (the site's
 * compiled pages and Astro's runtime, ~1 MB), and the little Astro's build keeps in memory for rendering (each
 * page's stylesheets, the bundle's entry names, the resolved config). A worker started later (after a restart, or
 * after a full build it left to shed memory) loads that folder: no Vite, no Rollup, no bundling. Such a process
 * holds ~110 MB before any data, where a process that ran Astro's build holds ~285 MB, and its first partial build
 * starts at once instead of after Astro's bundling.
 *
 * The pages it renders are Astro's own: the same bundle, Astro's `renderPath`, the same stylesheets per page;
 * scripts/partial-build.test.ts goes through the worker's retirement and a restart in its series, so a loaded
 * renderer's builds are compared byte for byte with a full build. This reaches into Astro's build internals, as
 * the warm renderer already does (pinned Astro version): a renderer that cannot be saved or loaded is logged and
 * the process runs Astro instead.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type BuildApp, type CapturedPrerenderer, loadModules, prerenderBundleDir } from "./prerenderer-capture";

const RENDERER_DIR_ENV = "BUILD_RENDERER_DIR";
export const RENDERER_FILE = "renderer.json";
/** Bumped when the saved form changes: an older folder is then not loaded. */
const FORMAT = 1;

/** What Astro's build hands its prerender app (`setInternals`), in the parts rendering reads. */
type Internals = {
  prerenderEntryFileName?: string;
  pagesByKeys: Map<string, { styles: unknown[] }>;
  entrySpecifierToBundleMap: Map<string, string>;
};

type Snapshot = {
  format: number;
  key: string;
  entry: string;
  styles: [string, unknown[]][];
  entries: [string, string][];
  config: unknown;
  scripts: unknown;
  buildOutput: unknown;
  origin: string;
};

/** The folder of a build key's renderer (a key given from outside may hold any character). */
export function rendererFolder(base: string, key: string): string {
  return join(base, /^[\w.-]{1,100}$/.test(key) ? key : new Bun.CryptoHasher("sha256").update(key).digest("hex"));
}

/**
 * Called by the partial-build integration before Astro's prerenderer is set up: imports the bundle's entry first,
 * so that the internals Astro hands its app are seen (the prerenderer then imports the same module). Returns
 * what was seen, or null when the bundle is not where Astro puts it for a static build.
 */
async function watchInternals(prerenderDir: string): Promise<() => Internals | null> {
  let seen: Internals | null = null;
  const entry = readdirSync(prerenderDir).find((f) => /^prerender-entry\.[\w-]+\.mjs$/.test(f));
  if (!entry) return () => null;
  const mod = (await import(pathToFileURL(join(prerenderDir, entry)).href)) as { app?: { setInternals?: (i: Internals) => void } };
  const app = mod.app;
  const original = app?.setInternals?.bind(app);
  if (!app || !original) return () => null;
  app.setInternals = (internals: Internals) => {
    seen = internals;
    original(internals);
  };
  return () => seen;
}

/** Values of Astro's config as JSON: URLs, maps, sets and patterns kept; functions (integrations' hooks) dropped. */
function configReplacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (raw instanceof URL) return { __url: raw.href };
  if (raw instanceof Map) return { __map: [...raw] };
  if (raw instanceof Set) return { __set: [...raw] };
  if (raw instanceof RegExp) return { __re: [raw.source, raw.flags] };
  if (typeof raw === "function" || key === "integrations" || key === "vite") return undefined;
  return value;
}

function configReviver(_key: string, value: unknown): unknown {
  if (value && typeof value === "object") {
    const v = value as Record<string, unknown>;
    if (typeof v.__url === "string") return new URL(v.__url);
    if (Array.isArray(v.__map)) return new Map(v.__map as [unknown, unknown][]);
    if (Array.isArray(v.__set)) return new Set(v.__set);
    if (Array.isArray(v.__re)) return new RegExp(String(v.__re[0]), String(v.__re[1]));
  }
  return value;
}

/**
 * Saves the renderer of the `astro build` running in this process into `base`, under its key; everything else
 * in `base` is removed (each process loads every module of its renderer at start, so none reads a folder after).
 * Written beside, then renamed: a process never loads half a folder (one whose folder goes while it loads falls
 * back to Astro).
 */
export function saveRenderer(base: string, key: string, prerenderDir: string, app: BuildApp, internals: Internals): string {
  const options = app.getOptions() as { settings: { config: unknown; scripts?: unknown; buildOutput?: unknown }; origin?: string };
  const routes = app.manifest.routes as { routeData: { type?: string } }[];
  // Astro's writer needs the whole route list for fallback routes (i18n) only: the site has none.
  if (routes.some((r) => r.routeData.type === "fallback")) throw new Error("fallback routes cannot be rendered by a saved renderer");
  if (!internals.prerenderEntryFileName) throw new Error("Astro gave no prerender entry");
  const snapshot: Snapshot = {
    format: FORMAT,
    key,
    entry: internals.prerenderEntryFileName,
    // Each page's stylesheets, copied: pages share them, and JSON would write a shared one each time anyway.
    styles: [...internals.pagesByKeys].map(([k, page]) => [k, page.styles]),
    entries: [...internals.entrySpecifierToBundleMap],
    config: options.settings.config,
    scripts: options.settings.scripts ?? [],
    buildOutput: options.settings.buildOutput,
    origin: options.origin ?? "",
  };
  const target = rendererFolder(base, key);
  const temp = `${target}.${process.pid}.tmp`;
  mkdirSync(base, { recursive: true });
  rmSync(temp, { recursive: true, force: true });
  cpSync(prerenderDir, join(temp, "bundle"), { recursive: true });
  writeFileSync(join(temp, RENDERER_FILE), JSON.stringify(snapshot, configReplacer));
  // A folder of the same key is replaced, not kept: this build's renderer has just rendered the site, where one
  // left there may be what made a partial build fail (the builder's retry is the build saving now).
  const old = `${target}.${process.pid}.old`;
  if (existsSync(target)) renameSync(target, old);
  renameSync(temp, target);
  // The replaced one, other keys' renderers, and what a save cut short left (one build runs at a time).
  for (const name of readdirSync(base)) {
    const path = join(base, name);
    if (path !== target) rmSync(path, { recursive: true, force: true });
  }
  return target;
}

/**
 * The partial-build integration's part, for a process that keeps its prerenderer with BUILD_RENDERER_DIR set (the
 * build worker): `beforeSetup` watches what Astro hands the prerender app, `afterLoad` (once every module is
 * loaded, before Astro deletes its bundle) saves the renderer. A renderer not saved is logged, never a failure.
 */
export function rendererSaver(config: { root: URL; outDir: URL }, key: string) {
  const base = process.env[RENDERER_DIR_ENV];
  let dir = "";
  let seen: () => Internals | null = () => null;
  const notSaved = (e: unknown) => console.warn(`renderer not saved: ${e instanceof Error ? e.message : e}`);
  return {
    async beforeSetup(): Promise<void> {
      if (!base) return;
      try {
        dir = await prerenderBundleDir({ config, buildOutput: "static" });
        seen = await watchInternals(dir);
      } catch (e) {
        notSaved(e);
      }
    },
    afterLoad(app: BuildApp | undefined): void {
      if (!base || !app) return;
      const internals = seen();
      if (!internals) return notSaved(new Error("Astro's internals were not seen"));
      try {
        console.log(`renderer saved to ${saveRenderer(base, key, dir, app, internals)}`);
      } catch (e) {
        notSaved(e);
      }
    },
  };
}

/** True when a renderer for `key` is saved under BUILD_RENDERER_DIR. */
export function hasSavedRenderer(key: string): boolean {
  const base = process.env[RENDERER_DIR_ENV];
  return base !== undefined && existsSync(join(rendererFolder(base, key), RENDERER_FILE));
}

/**
 * The renderer saved for `key` under BUILD_RENDERER_DIR, for the build worker and « Aperçu »: no `astro build` in
 * the process then, and none of the memory it keeps. Null when there is none or it cannot be loaded (logged, as
 * `who`): the caller runs Astro instead. `onLoading`: see `loadRenderer`.
 */
export async function loadSavedRenderer(key: string, root: string, who: string, onLoading?: () => void): Promise<CapturedPrerenderer | null> {
  const base = process.env[RENDERER_DIR_ENV];
  if (!base) return null;
  const started = performance.now();
  try {
    const prerenderer = await loadRenderer(base, key, root, onLoading);
    if (prerenderer) console.log(`${who}: saved renderer loaded in ${Math.round(performance.now() - started)} ms`);
    return prerenderer;
  } catch (e) {
    // Astro's build still works after this: the modules loaded so far are a copy apart, their state on globalThis.
    console.warn(`${who}: saved renderer not loaded: ${e instanceof Error ? e.message : e}`);
    return null;
  }
}

/**
 * The saved renderer of `key` under `base`, loaded into this process with every module of its bundle, or null
 * when there is none. Throws when one is there but cannot be loaded (the caller logs it and runs Astro).
 * `onLoading` is called before the first module is imported.
 */
async function loadRenderer(base: string, key: string, root: string, onLoading?: () => void): Promise<CapturedPrerenderer | null> {
  const folder = rendererFolder(base, key);
  if (!existsSync(join(folder, RENDERER_FILE))) return null;
  const snapshot = JSON.parse(readFileSync(join(folder, RENDERER_FILE), "utf8"), configReviver) as Snapshot;
  if (snapshot.format !== FORMAT || snapshot.key !== key) return null;
  // From here on this process holds the bundle's modules, even if loading fails halfway.
  onLoading?.();
  const astro = (path: string) => import(join(root, "node_modules/astro/dist", path));
  const [{ StaticPaths }, { renderForPrerender }, { createNodeLoggerFromFlags }] = await Promise.all([
    astro("runtime/prerender/static-paths.js"),
    astro("core/app/prerender.js"),
    astro("core/logger/impls/node.js"),
  ]);
  const bundle = join(folder, "bundle");
  type LoadableApp = BuildApp & { setInternals(internals: Internals): void; setOptions(options: unknown): void };
  const { app } = (await import(pathToFileURL(join(bundle, snapshot.entry)).href)) as { app: LoadableApp };
  app.setInternals({
    prerenderEntryFileName: snapshot.entry,
    pagesByKeys: new Map(snapshot.styles.map(([k, styles]) => [k, { styles }])),
    entrySpecifierToBundleMap: new Map(snapshot.entries),
  });
  // What Astro's page writer and the app read of the build's options (astro/dist/core/build/generate.js renderPath).
  app.setOptions({
    settings: { config: snapshot.config, scripts: snapshot.scripts, buildOutput: snapshot.buildOutput },
    logger: createNodeLoggerFromFlags({ logLevel: process.env.ASTRO_LOG === "info" ? "info" : "warn" }),
    origin: snapshot.origin,
    routesList: { routes: [] },
    runtimeMode: "production",
  });
  const prerenderer: CapturedPrerenderer = {
    name: "saved-renderer",
    app,
    getStaticPaths: () => new StaticPaths(app).getAll(),
    render: (request: Request, { routeData, collectMetadata }: { routeData: unknown; collectMetadata?: boolean }) =>
      renderForPrerender(app, request, { routeData, collectMetadata }),
  } as unknown as CapturedPrerenderer;
  await loadModules(app, bundle);
  return prerenderer;
}
