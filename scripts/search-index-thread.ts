/**
 * The search index built on a thread of its own (scripts/search-on-thread.ts): a warm build's runs while the warm
 * renderer renders the lists, a full build's while Astro renders the pages after the searchable ones, and its own
 * work (reading and cutting the pages of the shards to index, talking to Pagefind) would otherwise wait for the
 * rendering between each step. A warm build's thread lives as long as the worker, so it also collects the exit of
 * the Pagefind processes it starts.
 */
import { setPriority } from "node:os";
import { buildSearchIndex, type SearchIndexStats } from "./search-index";

/**
 * `pages`: a staged build's pages, from the warm renderer's plan (scripts/search-index.ts `stagedPagesLine`).
 * `nice`: the priority this thread takes (Linux's is per thread), and with it the threads and Pagefind processes
 * it starts; such a thread serves one job, so its services are not kept (a raised nice value cannot be lowered
 * again without privileges).
 */
export type SearchJob = { id: number; out: string; previous?: string; key: string; staged?: boolean; pages?: string; nice?: number };
export type SearchDone = { id: number; stats?: SearchIndexStats; error?: string };

declare const self: Worker;

self.onmessage = async (event: MessageEvent<SearchJob>) => {
  const { id, out, previous, key, staged, pages, nice } = event.data;
  if (nice !== undefined) {
    try {
      setPriority(0, nice);
    } catch {
      // A system that refuses it: the index is built at the process's priority.
    }
  }
  try {
    // A thread that lives as long as the build worker keeps Pagefind's services for the next build.
    const keepServices = nice === undefined;
    self.postMessage({ id, stats: await buildSearchIndex(out, { previous, key, staged, keepServices, pages }) } satisfies SearchDone);
  } catch (e) {
    self.postMessage({ id, error: e instanceof Error ? e.message : String(e) } satisfies SearchDone);
  }
};
