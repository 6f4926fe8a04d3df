/**
 * Builds the static site into BUILD_OUT_DIR (from the API at API_ORIGIN), indexes it for /recherche (Pagefind), and
 * writes .br and .gz siblings of every text file, the search bundle's included (scripts/compress.ts), reusing those
 * of BUILD_PREVIOUS_DIR (the live build) for files whose bytes did not change.
 * BUILD_MODE=partial renders only the pages whose data changed and hard-links the others from the live build
 * (scripts/partial-build.ts); it falls back to a full build when the live build was made by other code.
 * Runs as a child process of the server so a build never blocks the process serving visitors.
 */
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CSP_HASHES_FILE } from "../api/lib/security-headers";
import { Compressor, MIN_BYTES } from "./compress";
import { buildKey, PAGES_MANIFEST, readPagesManifest } from "./partial-build";
import { buildSearchIndex } from "./search-index";

const out = process.env.BUILD_OUT_DIR;
if (!out) {
  console.error("BUILD_OUT_DIR is required");
  process.exit(2);
}
const previous = process.env.BUILD_PREVIOUS_DIR || undefined;
const root = process.cwd();

// ASTRO_LOG=info shows Astro's own timing breakdown (used by the build benchmark).
const quiet = process.env.ASTRO_LOG === "info" ? [] : ["--silent"];

async function astroBuild(mode: "full" | "partial", key: string): Promise<void> {
  // Astro keeps its prerender chunks in <cwd>/.astro/.prerender when the out dir is outside the working directory,
  // and deletes that folder when it finishes: two builds from one checkout (a test server and a benchmark) then
  // break each other. Running Astro from inside the out dir (project named by --root) keeps them in the out dir.
  mkdirSync(out!, { recursive: true });
  const astro = Bun.spawn([process.execPath, "--bun", join(root, "node_modules/.bin/astro"), "build", "--root", root, ...quiet], {
    cwd: resolve(out!),
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", BUILD_KEY: key, BUILD_MODE: mode },
    stdout: "inherit",
    stderr: "inherit",
  });
  const code = await astro.exited;
  if (code !== 0) {
    console.error(`astro build failed with exit code ${code}`);
    process.exit(code);
  }
}

/** Hard-links the pages a partial build did not render from the live build. False if any page is missing. */
function carryOver(): boolean {
  const manifest = readPagesManifest(out);
  if (!manifest) return false;
  if (manifest.mode === "partial") {
    const folders = new Set<string>();
    for (const pathname of manifest.carried) {
      const { file } = manifest.pages[pathname]!;
      const target = join(out!, file);
      const folder = dirname(target);
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
      folders.add(folder);
      try {
        linkSync(join(previous!, file), target);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      }
    }
  }
  if (manifest.mode === "partial") keepCspHashes();
  const missing = Object.values(manifest.pages).filter((p) => !existsSync(join(out!, p.file)));
  if (missing.length) console.error(`pages missing after the build: ${missing.slice(0, 5).map((p) => p.file).join(", ")}`);
  const rendered = Object.keys(manifest.pages).length - manifest.carried.length;
  console.log(`${manifest.mode} build: rendered ${rendered} pages, carried over ${manifest.carried.length}`);
  return missing.length === 0;
}

/**
 * The inline-script hashes of a partial build come from the pages it rendered; the pages it carried over run the
 * scripts listed by the live build (same code, same key), so both lists are kept.
 */
function keepCspHashes() {
  const read = (dir: string): string[] => {
    try {
      return (JSON.parse(readFileSync(join(dir, CSP_HASHES_FILE), "utf8")) as { scriptHashes: string[] }).scriptHashes;
    } catch {
      return [];
    }
  };
  const scriptHashes = [...new Set([...read(out!), ...read(previous!)])].sort();
  writeFileSync(join(out!, CSP_HASHES_FILE), JSON.stringify({ scriptHashes }));
}

const started = performance.now();
// A caller may pin the key (the partial build test, in a checkout others edit meanwhile).
const key = process.env.BUILD_KEY || buildKey(root);
const mode = process.env.BUILD_MODE === "partial" && previous ? "partial" : "full";
await astroBuild(mode, key);
if (!carryOver()) {
  if (mode === "partial") {
    // Never serve a partial build with a hole in it: start again from scratch.
    console.error("partial build incomplete: building everything");
    rmSync(out, { recursive: true, force: true });
    await astroBuild("full", key);
  }
  // A full build is complete whatever the manifest says; without a manifest the next build is full too.
  if (!carryOver()) rmSync(join(out, PAGES_MANIFEST), { force: true });
}
console.log(`pages ready in ${Math.round(performance.now() - started)} ms`);

// Search indexing (mostly Pagefind's own process) and compression (worker threads) run side by side: together they
// keep both cores busy. Pagefind's bundle is compressed once it exists.
const compressor = new Compressor(out, previous);
const phase = async <T,>(label: (result: T, ms: number) => string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  console.log(label(result, Math.round(performance.now() - started)));
  return result;
};
try {
  await Promise.all([
    phase(
      ({ pages, shards, indexed, reused }, ms) =>
        `indexed ${pages} pages for search in ${ms} ms (${shards} shards: ${indexed} indexed, ${reused} reused)`,
      () => buildSearchIndex(out, { previous, key }),
    ),
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
