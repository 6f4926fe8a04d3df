/**
 * The search index built on scripts/search-index-thread.ts's thread, so that reading and cutting the pages never
 * waits for the rendering on the main thread (a warm build's lists, a full build's pages after the searchable
 * ones). The thread lives as long as the process. Used by the build worker and the one-shot build.
 */
import type { BuildJob } from "./build-steps";
import type { SearchIndexStats } from "./search-index";
import type { SearchDone, SearchJob } from "./search-index-thread";

let searchThread: Worker | null = null;
let searchJobs = 0;

/**
 * Indexes `job.out`. Jobs run one after the other; an answer is matched to its job by id, so the late answer of a
 * build that failed meanwhile never ends the next one's wait. `pages`: a staged build's pages (search-index.ts).
 */
export function searchOnThread(job: BuildJob, pages?: string): Promise<SearchIndexStats> {
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
