/**
 * The search index of a warm build, built on its own thread (scripts/build-worker.ts): it runs while the warm
 * renderer renders the lists, and its own work (reading and cutting the pages of the shards to index, talking to
 * Pagefind) would otherwise wait for the rendering between each step. The thread lives as long as the worker, so
 * it also collects the exit of the Pagefind processes it starts.
 */
import { buildSearchIndex, type SearchIndexStats } from "./search-index";

/** `pages`: a staged build's pages, from the warm renderer's plan (scripts/search-index.ts `stagedPagesLine`). */
export type SearchJob = { id: number; out: string; previous?: string; key: string; staged?: boolean; pages?: string };
export type SearchDone = { id: number; stats?: SearchIndexStats; error?: string };

declare const self: Worker;

self.onmessage = async (event: MessageEvent<SearchJob>) => {
  const { id, out, previous, key, staged, pages } = event.data;
  try {
    // This thread lives as long as the build worker: Pagefind's services are kept for the next build.
    self.postMessage({ id, stats: await buildSearchIndex(out, { previous, key, staged, keepServices: true, pages }) } satisfies SearchDone);
  } catch (e) {
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e) } satisfies SearchDone);
  }
};
