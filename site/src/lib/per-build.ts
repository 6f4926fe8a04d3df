/**
 * Values computed once per build. A warm renderer (scripts/warm-renderer.ts) renders build after build in one
 * process: it bumps the build generation before each, and every value made here is made afresh, so a build never
 * reads the data fetched for the previous one.
 */
const GENERATION = Symbol.for("site.buildGeneration");

type WithGeneration = { [GENERATION]?: number };

/** Starts a new build: every perBuild value is recomputed on its next use. */
export function nextBuildGeneration(): void {
  const g = globalThis as WithGeneration;
  g[GENERATION] = (g[GENERATION] ?? 0) + 1;
}

/** `make()` once per build, memoized until the next generation. */
export function perBuild<T>(make: () => T): () => T {
  let generation = -1;
  let value: T;
  return () => {
    const now = (globalThis as WithGeneration)[GENERATION] ?? 0;
    if (now !== generation) {
      generation = now;
      value = make();
    }
    return value;
  };
}
