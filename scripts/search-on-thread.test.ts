/**
 * A full build's search index runs beside Astro's rendering on a thread of its own, at a lower priority than the
 * rendering (scripts/search-on-thread.ts): the thread takes it, and the index it builds is whole.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { niceByThread } from "../api/testing/thread-nice";
import type { SearchDone, SearchJob } from "./search-index-thread";
import { SEARCH_BESIDE_RENDERING_NICE } from "./search-on-thread";

const page = (title: string) =>
  `<!doctype html><html lang="fr"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1></main></body></html>`;

describe("the search index beside the rendering", () => {
  const dir = mkdtempSync(join(tmpdir(), "search-thread-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("runs on a thread at a lower priority than the rendering's and indexes every searchable page", async () => {
    mkdirSync(join(dir, "article"));
    writeFileSync(join(dir, "article", "a.html"), page("La pêche à Gorée"));
    writeFileSync(join(dir, "article", "b.html"), page("Les budgets participatifs"));
    const before = niceByThread();
    const thread = new Worker(new URL("./search-index-thread.ts", import.meta.url).href);
    try {
      const done = await new Promise<SearchDone>((resolve) => {
        thread.onmessage = (event: MessageEvent<SearchDone>) => resolve(event.data);
        thread.postMessage({ id: 1, out: dir, key: "", nice: SEARCH_BESIDE_RENDERING_NICE } satisfies SearchJob);
      });
      expect(done.error).toBeUndefined();
      expect(done.stats?.pages).toBe(2);
      expect(existsSync(join(dir, "pagefind", "pagefind.js"))).toBe(true);
      const started = [...niceByThread()].filter(([tid]) => !before.has(tid));
      expect(started.some(([, nice]) => nice === SEARCH_BESIDE_RENDERING_NICE)).toBe(true);
      // The rendering's thread keeps its priority.
      expect(getPriority(0)).toBe(0);
    } finally {
      thread.terminate();
    }
  });
});
