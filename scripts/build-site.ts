/**
 * Builds the static site into BUILD_OUT_DIR (from the API at API_ORIGIN), indexes it for /recherche (Pagefind), and
 * writes .br and .gz siblings of every text file, the search bundle's included (scripts/compress.ts), reusing those
 * of BUILD_PREVIOUS_DIR (the live build) for files whose bytes did not change.
 * Runs as a child process of the server so a build never blocks the process serving visitors.
 */
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { Compressor, MIN_BYTES } from "./compress";
import { buildSearchIndex } from "./search-index";

const out = process.env.BUILD_OUT_DIR;
if (!out) {
  console.error("BUILD_OUT_DIR is required");
  process.exit(2);
}

// ASTRO_LOG=info shows Astro's own timing breakdown (used by the build benchmark).
const quiet = process.env.ASTRO_LOG === "info" ? [] : ["--silent"];
// Astro keeps its prerender chunks in <cwd>/.astro/.prerender when the out dir is outside the working directory, and
// deletes that folder when it finishes: two builds from one checkout (a test server and a benchmark) then break
// each other. Running Astro from inside the out dir (project named by --root) keeps those chunks in the out dir.
const root = process.cwd();
mkdirSync(out, { recursive: true });
const astro = Bun.spawn([process.execPath, "--bun", join(root, "node_modules/.bin/astro"), "build", "--root", root, ...quiet], {
  cwd: resolve(out),
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
  stdout: "inherit",
  stderr: "inherit",
});
const code = await astro.exited;
if (code !== 0) {
  console.error(`astro build failed with exit code ${code}`);
  process.exit(code);
}

// Search indexing (mostly Pagefind's own process) and compression (worker threads) run side by side: together they
// keep both cores busy. Pagefind's bundle is compressed once it exists.
const previous = process.env.BUILD_PREVIOUS_DIR || undefined;
const compressor = new Compressor(out, previous);
const phase = async <T,>(label: (result: T, ms: number) => string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  console.log(label(result, Math.round(performance.now() - started)));
  return result;
};
try {
  await Promise.all([
    phase(({ pages }, ms) => `indexed ${pages} pages for search in ${ms} ms`, () => buildSearchIndex(out)),
    phase(
      (_, ms) => `compressed site files in ${ms} ms`,
      () => compressor.run((rel) => !rel.startsWith("pagefind/")),
    ),
  ]);
  await compressor.run((rel) => rel.startsWith("pagefind/"));
  compressor.finish();
} finally {
  compressor.close();
}
const { compressed, reused, small } = compressor.stats;
console.log(`compressed ${compressed} files, reused ${reused} unchanged, left ${small} under ${MIN_BYTES} bytes as they are`);
