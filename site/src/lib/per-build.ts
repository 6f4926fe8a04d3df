/**
 * Values computed once per build. A warm renderer (scripts/warm-renderer.ts) renders build after build in one
 * process: it bumps the build generation before each, and every value made here is made afresh, so a build never
 * reads the data fetched for the previous one. Bumping the generation also lets go of every value at once, so the
 * build process holds no copy of the site's data between builds (at 5,000 articles, the 20 MB of articles and
 * everything made from them).
 */
const GENERATION = Symbol.for("site.buildGeneration");
/** Shared by every copy of this module (the build scripts' and the site bundle's). */
const RELEASE = Symbol.for("site.buildValues");

type Shared = { [GENERATION]?: number; [RELEASE]?: Set<() => void> };

const releases: Set<() => void> = ((globalThis as Shared)[RELEASE] ??= new Set());

/** Starts a new build: every perBuild value is dropped now and recomputed on its next use. */
export function nextBuildGeneration(): void {
  const g = globalThis as Shared;
  g[GENERATION] = (g[GENERATION] ?? 0) + 1;
  for (const release of releases) release();
}

/** `make()` once per build, memoized until the next generation. */
export function perBuild<T>(make: () => T): () => T {
  let generation = -1;
  let value: T | undefined;
  releases.add(() => {
    generation = -1;
    value = undefined;
  });
  return () => {
    const now = (globalThis as Shared)[GENERATION] ?? 0;
    if (now !== generation) {
      generation = now;
      value = make();
    }
    return value as T;
  };
}
