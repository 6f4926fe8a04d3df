/**
 * The search index built on scripts/search-index-thread.ts's thread, so that reading and cutting the pages never
 * waits for the rendering on the main thread (a warm build's lists, a full build's pages after the searchable
 * ones). Used by the build worker and the one-shot build.
 */
import type { BuildJob } from "./build-steps";
import type { SearchIndexStats } from "./search-index";
import type { SearchDone, SearchJob } from "./search-index-thread";

/**
 * The priority of a full build's search index: it runs while Astro renders on the main thread, and at the same
 * priority its thread and Pagefind's two processes took a share of the rendering's core (at 50,000 articles the
 * rendering took 388 s instead of 283 s, and the build was no shorter). At nice 10 they take mostly the core the
 * rendering leaves.
 */
export const SEARCH_BESIDE_RENDERING_NICE = 10;

const threadUrl = new URL("./search-index-thread.ts", import.meta.url).href;
let keptThread: Worker | null = null;
let searchJobs = 0;

function ask(thread: Worker, job: Omit<SearchJob, "id">, onBroken: () => void): Promise<SearchIndexStats> {
  const id = ++searchJobs;
  return new Promise((resolve, reject) => {
    thread.onmessage = (event: MessageEvent<SearchDone>) => {
      if (event.data.id !== id) return;
      if (event.data.stats) resolve(event.data.stats);
      else reject(new Error(event.data.error ?? "search index failed"));
    };
    thread.onerror = (event) => {
      onBroken();
      reject(new Error(`search thread: ${event.message}`));
    };
    thread.postMessage({ ...job, id } satisfies SearchJob);
  });
}

/**
 * Indexes `job.out` on the thread the process keeps (its Pagefind services too, for the next build). Jobs run one
 * after the other; an answer is matched to its job by id, so the late answer of a build that failed meanwhile
 * never ends the next one's wait. `pages`: a staged build's pages (search-index.ts).
 */
export function searchOnThread(job: BuildJob, pages?: string): Promise<SearchIndexStats> {
  keptThread ??= new Worker(threadUrl);
  return ask(keptThread, { out: job.out, previous: job.previous, key: job.key, staged: job.staged, pages }, () => {
    keptThread = null;
  });
}

/**
 * Indexes a whole folder while Astro renders in this process: on a thread of its own at
 * SEARCH_BESIDE_RENDERING_NICE, ended a second after its answer (time for Pagefind's processes to be collected).
 */
export function searchBesideRendering(job: BuildJob): Promise<SearchIndexStats> {
  const thread = new Worker(threadUrl);
  const done = ask(thread, { out: job.out, previous: job.previous, key: job.key, nice: SEARCH_BESIDE_RENDERING_NICE }, () => {});
  const end = () => void setTimeout(() => thread.terminate(), 1000);
  done.then(end, end);
  return done;
}
