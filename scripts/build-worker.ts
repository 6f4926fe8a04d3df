/**
 * The server's build process, kept alive between builds (api/lib/build-worker-client.ts sends it one job at a
 * time over IPC). Its first build runs `astro build` in this process and keeps Astro's prerenderer; the partial
 * builds after it render their pages with that warm renderer (scripts/warm-renderer.ts): no Astro start, no Vite
 * bundling. Anything the warm renderer cannot do (no live build to start from, a full build asked for, code
 * changed) needs a fresh `astro build`: this process answers `restart` and the server starts a new worker, since
 * one process holds one Astro build's modules.
 *
 * Job: { id, out, previous, mode }. Answer: { id, ok } or { id, restart: true }. Logs go to stdout and stderr.
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { END_OF_JOB } from "../api/lib/build-worker-client";
import { astroInProcess } from "./astro-in-process";
import {
  astroBuildProcess,
  type BuildJob,
  type BuildMode,
  carryOverAssets,
  indexAndCompress,
  renderPages,
  startSearchIndex,
} from "./build-steps";
import { nextBuildGeneration } from "../site/src/lib/per-build";
import { apiReadStats } from "../site/src/lib/page-reads";
import { heapSize } from "bun:jsc";
import { Compressor, keptCompressionThreads } from "./compress";
import { buildKey, keepOnlyManifestOf } from "./partial-build";
import { exitWithServer } from "../api/lib/owned-by-server";
import type { CapturedPrerenderer } from "./prerenderer-capture";
import type { SearchIndexStats } from "./search-index";
import type { SearchDone, SearchJob } from "./search-index-thread";
import { prepareStaging } from "./staging";
import { renderWarm } from "./warm-renderer";

/**
 * `inPlace`: the server publishes a partial build in place (api/lib/publish-in-place.ts). A warm build then stages
 * only what changed into `out` and answers `staged`; a build that needs Astro (no warm renderer for this key, or a
 * page missing) makes a whole folder at `out` as before (`staged` false), which the server swaps in.
 */
export type WorkerJob = { id: string; out: string; previous?: string; mode: BuildMode; inPlace?: boolean };
export type WorkerAnswer = { id: string; ok: boolean; restart?: boolean; staged?: boolean };

const root = process.cwd();
// A key given from outside holds for every job; otherwise each job computes its own (scripts/partial-build.ts
// buildKey), so sources changed under a running worker make the next build a full one. Read once here: astroInProcess writes
// BUILD_KEY into the environment for the Astro integration, which must not freeze the first job's key.
const givenKey = process.env.BUILD_KEY;
let warm: { prerenderer: CapturedPrerenderer; key: string } | null = null;
let astroUsed = false;

/**
 * `astro build` in this process, keeping its prerenderer for the next builds. Returns the compressor its pages
 * were handed to as they rendered (none for an Astro build in a process of its own).
 */
async function astroBuild(job: BuildJob, mode: BuildMode): Promise<Compressor | undefined> {
  if (astroUsed) {
    // A second Astro build in one process (a partial build that fell back to a full one): in its own process.
    await astroBuildProcess(job, mode);
    return undefined;
  }
  astroUsed = true;
  const compressor = new Compressor(job.out, job.previous, keptCompressionThreads());
  try {
    const prerenderer = await astroInProcess({ root, out: job.out, key: job.key, mode, previous: job.previous }, { compressor });
    if (prerenderer) warm = { prerenderer, key: job.key };
  } catch (e) {
    compressor.close();
    throw e;
  }
  return compressor;
}

async function runJob(job: WorkerJob): Promise<WorkerAnswer> {
  const began = performance.now();
  const at = () => `${Math.round(performance.now() - began)} ms`;
  // What the process holds from build to build (the last job's garbage was collected after its answer): a heap
  // that grows job after job is a leak (bench/change-to-live.ts prints the series).
  console.log(`memory before this job: JS heap ${Math.round(heapSize() / 1e6)} MB, resident ${Math.round(process.memoryUsage.rss() / 1e6)} MB`);
  const key = givenKey || buildKey(root);
  const buildJob: BuildJob = { root, out: job.out, previous: job.previous || undefined, key, mode: job.previous ? job.mode : "full" };
  const canWarm = warm !== null && warm.key === key && buildJob.mode === "partial";
  buildJob.staged = canWarm && job.inPlace === true;
  if (!canWarm && astroUsed) return { id: job.id, ok: false, restart: true };
  mkdirSync(job.out, { recursive: true });
  let search: Promise<SearchIndexStats> | undefined;
  let astroRanNow = false;
  let linked = false;
  // Carried pages whose compressed copies the warm renderer linked already.
  let linkedFiles: Set<string> | undefined;
  // The compressor the renderer handed its pages to as it rendered them (a warm build's, or this process's Astro
  // build's); the walk after it compresses the rest.
  let compressor: Compressor | undefined;
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
        // Indexing runs while the lists are rendered; a failure is reported when the build waits for it.
        staged: buildJob.staged,
        onSearchable: (pages) => {
          console.log(`search index started at ${at()}`);
          search = searchOnThread(buildJob, pages).then((stats) => {
            console.log(`search index done at ${at()}`);
            return stats;
          });
          search.catch(() => {});
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
        // A searchable page rendered after indexing began: index again, now that every page is there.
        if (done.searchableLate) {
          search = (search as Promise<SearchIndexStats> | undefined)?.then(() => {
            rmSync(join(job.out, "pagefind"), { recursive: true, force: true });
            return startSearchIndex(buildJob);
          });
        }
        return { linked, rendered: done.rendered };
      }
    }
    // A whole folder from here on: the server swaps it in.
    buildJob.staged = false;
    astroRanNow = true;
    compressor = await astroBuild(buildJob, mode);
  });
  // The data of this build is not needed any more: the next build fetches its own. After an Astro build it is
  // collected now, before search and compression add their own memory (the peak of a full build at 5,000
  // articles); after a warm one, once the answer is sent (a full collection takes a while at that size).
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
  return { id: job.id, ok: true, staged: buildJob.staged === true };
}

let searchThread: Worker | null = null;
let searchJobs = 0;

/**
 * The search index built on scripts/search-index-thread.ts's thread. Its jobs run one after the other; an answer
 * is matched to its job by id, so the late answer of a build that failed meanwhile never ends the next one's wait.
 */
function searchOnThread(job: BuildJob, pages?: string): Promise<SearchIndexStats> {
  searchThread ??= new Worker(new URL("./search-index-thread.ts", import.meta.url).href);
  const thread = searchThread;
  const id = ++searchJobs;
  return new Promise((resolve, reject) => {
    thread.onmessage = (event: MessageEvent<SearchDone>) => {
      if (event.data.id !== id) return;
      if (event.data.stats) resolve(event.data.stats);
      else reject(new Error(event.data.error ?? "search index failed"));
    };
    thread.onerror = (event) => {
      searchThread = null;
      reject(new Error(`search thread: ${event.message}`));
    };
    thread.postMessage({ id, out: job.out, previous: job.previous, key: job.key, staged: job.staged, pages } satisfies SearchJob);
  });
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
