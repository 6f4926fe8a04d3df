/**
 * Builds the static site into BUILD_OUT_DIR (from the API at API_ORIGIN), indexes it for /recherche (Pagefind), and
 * writes .br and .gz siblings of every text file, the search bundle's included (scripts/compress.ts), reusing those
 * of BUILD_PREVIOUS_DIR (the live build) for files whose bytes did not change.
 * BUILD_MODE=partial renders only the pages whose data changed and hard-links the others from the live build
 * (scripts/partial-build.ts); it falls back to a full build when the live build was made by other code.
 * One build per process, Astro started afresh in it (a partial build that falls back to a full one runs that second
 * Astro build in a child process); the server uses scripts/build-worker.ts, which keeps Astro's
 * renderer warm between builds.
 */
import { astroBuildBeside } from "./astro-in-process";
import { type BuildJob, indexAndCompress, renderPages } from "./build-steps";
import type { Compressor } from "./compress";
import { buildKey } from "./partial-build";
import type { SearchIndexStats } from "./search-index";

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
// The pages Astro renders in this process are compressed as they come, and a whole folder's search index is built
// beside the rendering (scripts/astro-in-process.ts), as in the server's build worker.
let compressor: Compressor | undefined;
let search: Promise<SearchIndexStats> | undefined;
try {
  await renderPages(job, async (mode) => {
    // A partial build that fell back to a full one: its folder was emptied, the first compressor's record with it.
    compressor?.close();
    const built = await astroBuildBeside(job, mode, {
      keepRenderer: false,
      onSearchStarted: () => console.log(`search index started while the pages render, ${Math.round(performance.now())} ms after this process started`),
    });
    compressor = built.compressor;
    search = built.search;
  });
  await indexAndCompress(job, search, undefined, compressor);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
// Astro's build, the search thread and Pagefind's services may leave handles open in this process; the build is done.
process.exit(0);
