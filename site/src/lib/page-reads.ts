/**
 * What each page read while it was rendered: the dependency index of partial builds (scripts/partial-build.ts).
 * Pages that are not made from one item (home, lists, feeds, sitemap, the static screens) read the API through
 * lib/api.ts; each read is noted here with a digest of the answer, so the next build renders such a page again only
 * when something it read has changed (a login page reads nothing and is never rendered again while the code is
 * the same; the events list is, when an event changes, not when an article does).
 *
 * The build's scripts (scripts/warm-renderer.ts, the Astro integration) and the site's bundle each load their own
 * copy of this module, so its state lives on globalThis. A render runs inside `recordReads`, and the reads of
 * concurrent renders stay apart through an AsyncLocalStorage.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { CLOCK, NOTE_CLOCK } from "./clock";

/** One render's reads: API paths, and until when what it computed from the clock holds. */
type Reads = { paths: Set<string>; until: number };

type State = {
  reads: AsyncLocalStorage<Reads>;
  /** Digest of each API answer of the current build, by path. */
  digests: Map<string, string>;
  /** Reads an API path in the current build and gives its digest (registered by lib/api.ts). */
  fetchDigest: ((path: string) => Promise<string>) | null;
  /** What the current build read from the API: answers and their bytes (printed by the build, bench/change-to-live.ts). */
  read: { answers: number; bytes: number };
};

const STATE = Symbol.for("site.pageReads");
const state: State = ((globalThis as { [STATE]?: State })[STATE] ??= {
  reads: new AsyncLocalStorage<Reads>(),
  digests: new Map(),
  fetchDigest: null,
  read: { answers: 0, bytes: 0 },
});

/** Notes that the page being rendered read the API answer at `path`. Outside a render, nothing. */
export function noteRead(path: string): void {
  state.reads.getStore()?.paths.add(path);
}
(globalThis as Record<symbol, unknown>)[NOTE_CLOCK] = (until: number) => {
  const reads = state.reads.getStore();
  if (reads) reads.until = Math.min(reads.until, until);
};

/** Starts a build's index: the answers of the previous build are forgotten. */
export function startReadsIndex(): void {
  state.digests.clear();
  state.read = { answers: 0, bytes: 0 };
}

/** The API answers read since the build began, and their size in bytes. */
export function apiReadStats(): { answers: number; bytes: number } {
  return { ...state.read };
}

/** The digest of an answer this build read. */
export function answerDigest(path: string, digest: string): void {
  state.digests.set(path, digest);
}

/** Keeps the digest of the answer at `path` read for this build (lib/api.ts, and reads made outside it). */
export function keepAnswer(path: string, text: string): void {
  state.read.answers++;
  state.read.bytes += Buffer.byteLength(text);
  answerDigest(path, Bun.hash(text).toString(36));
}

export function knownDigest(path: string): string | undefined {
  return state.digests.get(path);
}

/** lib/api.ts: how to fetch an answer the build has not read yet, to compare it with the previous build's. */
export function registerFetchDigest(fetch: (path: string) => Promise<string>): void {
  state.fetchDigest = fetch;
}

/**
 * Runs one page's render and returns what it read, each with the digest of this build's answer, and under CLOCK
 * the time until which what it computed from the clock holds (ms since 1970), if it computed anything that can
 * change with time.
 */
export async function recordReads<T>(render: () => Promise<T>): Promise<{ result: T; reads: Record<string, string> }> {
  const seen: Reads = { paths: new Set(), until: Infinity };
  const result = await state.reads.run(seen, render);
  const reads: Record<string, string> = {};
  for (const path of [...seen.paths].sort()) reads[path] = state.digests.get(path) ?? "?";
  if (seen.until !== Infinity) reads[CLOCK] = String(seen.until);
  return { result, reads };
}

/**
 * Runs `work` as no page: what it reads is not noted for the page being rendered (a derived answer, lib/api.ts
 * `derivedAnswer`, is noted under its own key instead).
 */
export function outsidePage<T>(work: () => T): T {
  return state.reads.run({ paths: new Set(), until: Infinity }, work);
}

/** Whether a page's recorded reads still hold: the same answers (`digests`: this build's) and the clock not past. */
export function readsHold(reads: Record<string, string>, digests: Map<string, string>, now = Date.now()): boolean {
  return Object.entries(reads).every(([what, digest]) => (what === CLOCK ? now < Number(digest) : digests.get(what) === digest));
}

/**
 * The digest of each of `paths` in this build, fetching the answers not read yet (outside any page's render, so
 * nothing is noted). A path that cannot be read counts as changed.
 */
export async function currentDigests(paths: Iterable<string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await Promise.all(
    [...new Set(paths)].map(async (path) => {
      if (path === CLOCK) return;
      const known = state.digests.get(path);
      if (known !== undefined) return out.set(path, known);
      try {
        if (state.fetchDigest) out.set(path, await state.fetchDigest(path));
      } catch {
        // Left out: the pages that read it are rendered again, and their own render reports the failure.
      }
    }),
  );
  return out;
}
