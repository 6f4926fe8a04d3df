/**
 * The steps of a site build around Astro's page rendering, shared by the one-shot build (scripts/build-site.ts)
 * and the build worker that keeps a warm renderer (scripts/build-worker.ts): carrying unchanged pages over from
 * the live build, the search index and precompression.
 */
import { cpSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CSP_HASHES_FILE } from "../api/lib/security-headers";
import { type CompressionThreads, Compressor, MIN_BYTES } from "./compress";
import { PAGES_MANIFEST, type PagesManifest, readPagesManifest } from "./partial-build";
import { buildSearchIndex, type SearchIndexStats } from "./search-index";

export type BuildMode = "full" | "partial";
/**
 * `staged`: a partial build for publication in place (issue 31 §2): `out` is a staging folder that receives only
 * the pages rendered, the search shards indexed again and the compressed copies of both; the unchanged files stay
 * in the live folder `previous`, never linked (scripts/staging.ts, api/lib/publish-in-place.ts).
 */
export type BuildJob = { root: string; out: string; previous: string | undefined; key: string; mode: BuildMode; staged?: boolean };

/** `astro build` in its own process, into job.out. */
export async function astroBuildProcess(job: BuildJob, mode: BuildMode): Promise<void> {
  // ASTRO_LOG=info shows Astro's own timing breakdown (used by the build benchmark).
  const quiet = process.env.ASTRO_LOG === "info" ? [] : ["--silent"];
  // Astro keeps its prerender chunks in <cwd>/.astro/.prerender when the out dir is outside the working directory,
  // and deletes that folder when it finishes: two builds from one checkout (a test server and a benchmark) then
  // break each other. Running Astro from inside the out dir (project named by --root) keeps them in the out dir.
  mkdirSync(job.out, { recursive: true });
  const astro = Bun.spawn([process.execPath, "--bun", join(job.root, "node_modules/.bin/astro"), "build", "--root", job.root, ...quiet], {
    cwd: resolve(job.out),
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", BUILD_KEY: job.key, BUILD_MODE: mode },
    stdout: "inherit",
    stderr: "inherit",
  });
  const code = await astro.exited;
  if (code !== 0) throw new Error(`astro build failed with exit code ${code}`);
}

/**
 * Renders the pages with `render`, then hard-links the pages it did not render from the live build. A partial
 * build with a hole in it is never served: it starts again as a full build.
 */
export async function renderPages(
  job: BuildJob,
  render: (mode: BuildMode) => Promise<{ linked?: boolean; rendered?: string[] } | void>,
): Promise<void> {
  const started = performance.now();
  // `linked`: the renderer has linked the carried pages itself (a warm build does it before rendering).
  // `rendered`: the files of the pages it rendered (a warm build's plan knows them).
  const done = await render(job.mode);
  if (!carryOver(job, done?.linked === true, done?.rendered)) {
    if (job.mode === "partial") {
      console.error("partial build incomplete: building everything");
      rmSync(job.out, { recursive: true, force: true });
      await render("full");
    }
    // A full build is complete whatever the manifest says; without a manifest the next build is full too.
    if (!carryOver({ ...job, mode: "full", staged: false })) rmSync(join(job.out, PAGES_MANIFEST), { force: true });
  }
  console.log(`pages ready in ${Math.round(performance.now() - started)} ms`);
}

/**
 * Hard-links the pages a partial build did not render from the live build. False if any page is missing.
 * `rendered`: the files of the pages the build rendered, when its renderer knows them.
 */
function carryOver(job: BuildJob, linked = false, rendered?: string[]): boolean {
  const manifest = readPagesManifest(job.out);
  if (!manifest) return false;
  if (manifest.mode === "partial") {
    if (!linked && !job.staged) linkCarriedPages(job.out, job.previous!, manifest);
    keepCspHashes(job);
  }
  // Staged (a warm build, which lists what it rendered): a carried page is the live folder's own file, and the plan
  // saw it there (or, on a route listed in part, the change did not touch it), so only the rendered pages are
  // checked. A set of the carried names and a pass over every record cost 150 ms at 50,000 articles, on every
  // build's path. A whole folder must hold every page.
  if (job.staged && !rendered) throw new Error("a staged build without the list of the pages it rendered");
  const toCheck = job.staged ? rendered! : Object.values(manifest.pages).map((p) => p.file);
  const missing = toCheck.filter((file) => !existsSync(join(job.out, file)));
  if (missing.length) console.error(`pages missing after the build: ${missing.slice(0, 5).join(", ")}`);
  const renderedCount = job.staged ? rendered!.length : toCheck.length - manifest.carried.length;
  console.log(`${manifest.mode} build: rendered ${renderedCount} pages, carried over ${manifest.carried.length}`);
  return missing.length === 0;
}

/** Hard-links into `out` the pages the manifest carries over from the build at `previous`. */
function linkCarriedPages(out: string, previous: string, manifest: PagesManifest): void {
  const folders = new Set<string>();
  for (const pathname of manifest.carried) {
    const { file } = manifest.pages[pathname]!;
    const target = join(out, file);
    const folder = dirname(target);
    if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
    folders.add(folder);
    linkIfAbsent(join(previous, file), target);
  }
}

function linkIfAbsent(from: string, to: string) {
  try {
    linkSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
}

/**
 * What `astro build` writes besides the pages, for a build rendered by a warm renderer: the bundled assets of
 * `_astro/` (the same code, so the same files as the live build's: hard links) and the files of `site/public/`.
 */
export function carryOverAssets(job: BuildJob): void {
  const link = (from: string, to: string) => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      if (entry.isDirectory()) link(join(from, entry.name), join(to, entry.name));
      else if (!/\.(br|gz)$/.test(entry.name)) linkIfAbsent(join(from, entry.name), join(to, entry.name));
    }
  };
  if (job.previous && existsSync(join(job.previous, "_astro"))) link(join(job.previous, "_astro"), join(job.out, "_astro"));
  const publicDir = join(job.root, "site", "public");
  if (existsSync(publicDir)) cpSync(publicDir, job.out, { recursive: true });
}

/**
 * The inline-script hashes of a partial build come from the pages it rendered; the pages it carried over run the
 * scripts listed by the live build (same code, same key), so both lists are kept.
 */
function keepCspHashes(job: BuildJob) {
  const read = (dir: string): string[] => {
    try {
      return (JSON.parse(readFileSync(join(dir, CSP_HASHES_FILE), "utf8")) as { scriptHashes: string[] }).scriptHashes;
    } catch {
      return [];
    }
  };
  const scriptHashes = [...new Set([...read(job.out), ...read(job.previous!)])].sort();
  writeFileSync(join(job.out, CSP_HASHES_FILE), JSON.stringify({ scriptHashes }));
}

/**
 * Search indexing (mostly Pagefind's own process) and compression (worker threads) run side by side: together they
 * keep both cores busy. Pagefind's bundle is compressed once it exists.
 */
export function startSearchIndex(job: BuildJob): Promise<SearchIndexStats> {
  return buildSearchIndex(job.out, { previous: job.previous, key: job.key, staged: job.staged });
}

/**
 * The search index under way began before a searchable page was rendered (one of a route not known to be
 * searchable): once it is done, the folder is indexed again, now that every page is there.
 */
export function indexAgain(job: BuildJob, search: Promise<SearchIndexStats> | undefined): Promise<SearchIndexStats> | undefined {
  return search?.then(() => {
    rmSync(join(job.out, "pagefind"), { recursive: true, force: true });
    return startSearchIndex(job);
  });
}

/**
 * `search`: the search index already under way (a warm build starts it before its lists are rendered). `linked`:
 * the files carried over with their compressed copies (a warm build links them on a thread). `compress`: the
 * compressor the rendering already handed its pages to (a warm build, or Astro's in this process), or compression threads kept by the process
 * (else threads are started for this build and stopped after it).
 */
export async function indexAndCompress(
  job: BuildJob,
  search?: Promise<SearchIndexStats>,
  linked?: ReadonlySet<string>,
  compress?: Compressor | CompressionThreads,
): Promise<SearchIndexStats> {
  const compressor = compress instanceof Compressor ? compress : new Compressor(job.out, job.previous, compress);
  const phase = async <T,>(label: (result: T, ms: number) => string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    console.log(label(result, Math.round(performance.now() - started)));
    return result;
  };
  let stats: SearchIndexStats;
  try {
    [stats] = await Promise.all([
      phase(
        ({ pages, shards, indexed, reused, indexedPages, timings: t }, ms) =>
          `indexed ${pages} pages for search in ${ms} ms (${shards} shards: ${indexed} indexed, ${reused} reused; ` +
          `${indexedPages} pages to Pagefind; list ${t.list}, read ${t.read}, plan ${t.plan}, index ${t.index}, write ${t.write} ms)`,
        () => search ?? startSearchIndex(job),
      ),
      phase(
        (_, ms) => `compressed site files in ${ms} ms`,
        () => compressor.run({ skip: ["pagefind"], linked }),
      ),
    ]);
    const bundle = performance.now();
    await compressor.run({ only: "pagefind" });
    compressor.finish();
    console.log(`search files compressed in ${Math.round(performance.now() - bundle)} ms`);
  } finally {
    compressor.close();
  }
  const { compressed, reused, small, handed } = compressor.stats;
  console.log(
    `compressed ${compressed} files, reused ${reused} unchanged, left ${small} under ${MIN_BYTES} bytes as they are; ` +
      `${handed} of them pages handed over as they rendered`,
  );
  return stats;
}
