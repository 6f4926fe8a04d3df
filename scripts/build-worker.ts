/**
 * The server's build process, kept alive between builds (api/lib/build-worker-client.ts sends it one job at a
 * time over IPC). Its first build loads the renderer an earlier worker saved for this code
 * (scripts/saved-renderer.ts) or, without one, runs `astro build` in this process, saves its renderer and retires
 * (the client stops it: the next worker loads what it saved, without Astro's build tooling in memory). The
 * partial builds render their pages with that warm renderer (scripts/warm-renderer.ts): no Astro start, no Vite
 * bundling. Anything the warm renderer cannot do (no live build to start from, a full build asked for, code
 * changed) needs a fresh `astro build`: this process answers `restart` and the server starts a new worker, since
 * one process holds one Astro build's modules.
 *
 * Job: { id, out, previous, mode }. Answer: { id, ok, retire? } or { id, restart: true }. Logs go to stdout and
 * stderr.
 */
import { mkdirSync } from "node:fs";
import { END_OF_JOB } from "../api/lib/build-worker-client";
import { astroBuildBeside, astroBuiltInThisProcess, holdSavedRenderer } from "./astro-in-process";
import { type BuildJob, type BuildMode, carryOverAssets, indexAgain, indexAndCompress, renderPages } from "./build-steps";
import { nextBuildGeneration } from "../site/src/lib/per-build";
import { apiReadStats } from "../site/src/lib/page-reads";
import { heapSize } from "bun:jsc";
import { Compressor, keptCompressionThreads } from "./compress";
import { buildKey, keepOnlyManifestOf } from "./partial-build";
import { exitWithServer } from "../api/lib/owned-by-server";
import type { CapturedPrerenderer } from "./prerenderer-capture";
import type { SearchIndexStats } from "./search-index";
import { searchOnThread } from "./search-on-thread";
import { prepareStaging } from "./staging";
import { hasSavedRenderer, loadSavedRenderer } from "./saved-renderer";
import { renderWarm } from "./warm-renderer";

/**
 * `inPlace`: the server publishes a partial build in place (api/lib/publish-in-place.ts). A warm build then stages
 * only what changed into `out` and answers `staged`; a build that needs Astro (no warm renderer for this key, or a
 * page missing) makes a whole folder at `out` as before (`staged` false), which the server swaps in.
 */
export type WorkerJob = { id: string; out: string; previous?: string; mode: BuildMode; inPlace?: boolean };
/**
 * `retire`: this job ran Astro's build in this process and saved its renderer (scripts/saved-renderer.ts). The
 * client stops the worker: a process that ran Astro's build keeps ~285 MB of it, where a fresh worker that loads
 * the saved renderer holds ~110 MB before its data (issue 31: memory between builds).
 */
export type WorkerAnswer = { id: string; ok: boolean; restart?: boolean; staged?: boolean; retire?: boolean };

const root = process.cwd();
// A key given from outside holds for every job; otherwise each job computes its own (scripts/partial-build.ts
// buildKey), so sources changed under a running worker make the next build a full one. Read once here: astroInProcess writes
// BUILD_KEY into the environment for the Astro integration, which must not freeze the first job's key.
const givenKey = process.env.BUILD_KEY;
let warm: { prerenderer: CapturedPrerenderer; key: string } | null = null;

/**
 * How long a fresh worker's first build renders pages it carries, for the JIT (scripts/warm-renderer.ts). That build
 * is the one after a retirement or a start, which lists the whole site anyway: seconds more of it.
 */
const WARM_UP_MS = Number(process.env.BUILD_WARM_UP_MS ?? 3000);

async function runJob(job: WorkerJob): Promise<WorkerAnswer> {
  const began = performance.now();
  const at = () => `${Math.round(performance.now() - began)} ms`;
  // What the process holds from build to build (the last job's garbage was collected after its answer): a heap
  // that grows job after job is a leak (bench/change-to-live.ts prints the series).
  console.log(`memory before this job: JS heap ${Math.round(heapSize() / 1e6)} MB, resident ${Math.round(process.memoryUsage.rss() / 1e6)} MB`);
  const key = givenKey || buildKey(root);
  const buildJob: BuildJob = { root, out: job.out, previous: job.previous || undefined, key, mode: job.previous ? job.mode : "full" };
  // A fresh worker's first partial build: the renderer an earlier worker saved, if any (else Astro, below).
  let loadedNow = false;
  if (warm === null && buildJob.mode === "partial" && !astroBuiltInThisProcess()) {
    const prerenderer = await loadSavedRenderer(key, root, "build worker", holdSavedRenderer);
    if (prerenderer) warm = { prerenderer, key };
    loadedNow = prerenderer !== null;
  }
  const canWarm = warm !== null && warm.key === key && buildJob.mode === "partial";
  buildJob.staged = canWarm && job.inPlace === true;
  if (!canWarm && astroBuiltInThisProcess()) return { id: job.id, ok: false, restart: true };
  mkdirSync(job.out, { recursive: true });
  let search: Promise<SearchIndexStats> | undefined;
  let astroRanNow = false;
  let linked = false;
  // Carried pages whose compressed copies the warm renderer linked already.
  let linkedFiles: Set<string> | undefined;
  // The compressor the renderer handed its pages to as it rendered them (a warm build's, or this process's Astro
  // build's); the walk after it compresses the rest.
  let compressor: Compressor | undefined;
  // The search index, started before the rendering ends; a failure is reported when the build waits for it.
  const logged = (started: Promise<SearchIndexStats>) => {
    const done = started.then((stats) => {
      console.log(`search index done at ${at()}`);
      return stats;
    });
    done.catch(() => {});
    return done;
  };
  const searchStarted = () => console.log(`search index started at ${at()}`);
  await renderPages(buildJob, async (mode) => {
    search = undefined;
    linkedFiles = undefined;
    compressor = undefined;
    if (mode === "partial" && warm && warm.key === key) {
      const pages = new Compressor(job.out, buildJob.previous, keptCompressionThreads());
      const done = await renderWarm(warm.prerenderer, {
        root,
        out: job.out,
        previousDir: buildJob.previous!,
        key,
        onPage: (rel, body) => pages.page(rel, body),
        staged: buildJob.staged,
        ...(loadedNow ? { warmUpMs: WARM_UP_MS } : {}),
        // Indexing runs on the kept search thread while the lists are rendered.
        onSearchable: (pages) => {
          searchStarted();
          search = logged(searchOnThread(buildJob, pages));
        },
      });
      // Every copy written before anything else is done with this folder (a build that falls back to Astro
      // empties it; a compression that failed fails the build, as the walk's would).
      await pages.settle();
      if (done) {
        compressor = pages;
        // Staged: the assets are the live folder's (same key, same code).
        if (!buildJob.staged) carryOverAssets(buildJob);
        linked = true;
        linkedFiles = buildJob.staged ? undefined : done.linked;
        if (done.searchableLate) search = indexAgain(buildJob, search);
        return { linked, rendered: done.rendered };
      }
    }
    // A whole folder from here on: the server swaps it in.
    buildJob.staged = false;
    astroRanNow = true;
    // Astro in this process, keeping its prerenderer for the next builds (a second Astro build runs in a child).
    const built = await astroBuildBeside(buildJob, mode, { threads: keptCompressionThreads(), onSearchStarted: searchStarted });
    if (built.prerenderer) warm = { prerenderer: built.prerenderer, key };
    compressor = built.compressor;
    search = built.search && logged(built.search);
  });
  // The data of this build is not needed any more: the next build fetches its own. After an Astro build it is
  // collected now, before the walk and the search's last shards add their own memory (a full build's search
  // thread runs beside Astro's rendering: the peak at 5,000 articles); after a warm one, once the answer is sent
  // (a full collection takes a while at that size).
  nextBuildGeneration();
  warm?.prerenderer.app?.routeCache.clearAll();
  if (astroRanNow) Bun.gc(true);
  console.log(`pages in place at ${at()}`);
  const read = apiReadStats();
  console.log(`api read: ${read.answers} answers, ${read.bytes} bytes`);
  // The compression threads stay from one build to the next: starting them was on every build's critical path.
  const searched = await indexAndCompress(buildJob, search, linkedFiles, compressor ?? keptCompressionThreads());
  console.log(`search and compression done at ${at()}`);
  if (buildJob.staged) {
    const staged = prepareStaging(job.out, buildJob.previous!, searched.files);
    const { removals, manifest, compare } = staged.ms;
    console.log(
      `staged for publication in place at ${at()}: ${staged.written} files to write, ${staged.removed} to remove, ${staged.unchanged} rendered unchanged` +
        `${staged.unchanged ? ` (${staged.unchangedFiles.slice(0, 12).join(" ")})` : ""}; removals ${removals}, compression manifest ${manifest}, comparison ${compare} ms`,
    );
  }
  keepOnlyManifestOf(job.out);
  console.log(`build job done at ${at()}`);
  const retire = astroRanNow && warm !== null && hasSavedRenderer(key);
  if (retire) console.log("build worker retires: the next build loads the renderer it saved");
  return { id: job.id, ok: true, staged: buildJob.staged === true, ...(retire ? { retire } : {}) };
}

/**
 * BUILD_WORKER_IDLE_MINUTES: a worker idle that long exits and gives its memory back (~600 MB at 5,000 articles);
 * the next build then starts Astro afresh (a cold partial build). 0, the default, keeps it.
 */
const idleMs = Number(process.env.BUILD_WORKER_IDLE_MINUTES || 0) * 60_000;
let idleTimer: ReturnType<typeof setTimeout> | null = null;

// One job at a time (the server never sends two at once; a queue keeps it true anyway).
let chain = Promise.resolve();
process.on("message", (job: WorkerJob) => {
  if (idleTimer) clearTimeout(idleTimer);
  chain = chain.then(async () => {
    let answer: WorkerAnswer;
    try {
      answer = await runJob(job);
    } catch (e) {
      console.error(e instanceof Error ? (e.stack ?? e.message) : e);
      answer = { id: job.id, ok: false };
    }
    // The end of this job's output on both pipes, then the answer (api/lib/build-worker-client.ts waits for both).
    process.stdout.write(`\n${END_OF_JOB}${job.id}\n`);
    process.stderr.write(`\n${END_OF_JOB}${job.id}\n`);
    process.send!(answer);
    // This build's garbage collected now, off the path of any write: left to the next build, it slows its
    // rendering (measured: 1 s more per build at 5,000 articles).
    Bun.gc(true);
    if (idleMs > 0) idleTimer = setTimeout(() => process.exit(0), idleMs);
  });
});

exitWithServer();
