/**
 * Builds the static site into BUILD_OUT_DIR (from the API at API_ORIGIN), indexes it for /recherche (Pagefind), and
 * writes .br and .gz siblings of every text file, the search bundle's included (scripts/compress.ts), reusing those
 * of BUILD_PREVIOUS_DIR (the live build) for files whose bytes did not change.
 * BUILD_MODE=partial renders only the pages whose data changed and hard-links the others from the live build
 * (scripts/partial-build.ts); it falls back to a full build when the live build was made by other code.
 * One build per process, Astro started afresh; the server uses scripts/build-worker.ts, which keeps Astro's
 * renderer warm between builds.
 */
import { astroBuildProcess, type BuildJob, indexAndCompress, renderPages } from "./build-steps";
import { buildKey } from "./partial-build";

const out = process.env.BUILD_OUT_DIR;
if (!out) {
  console.error("BUILD_OUT_DIR is required");
  process.exit(2);
}
const previous = process.env.BUILD_PREVIOUS_DIR || undefined;
const root = process.cwd();
// A caller may pin the key (the partial build test, in a checkout others edit meanwhile).
const key = process.env.BUILD_KEY || buildKey(root);
const job: BuildJob = { root, out, previous, key, mode: process.env.BUILD_MODE === "partial" && previous ? "partial" : "full" };
try {
  await renderPages(job, (mode) => astroBuildProcess(job, mode));
  await indexAndCompress(job);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
