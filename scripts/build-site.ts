/**
 * Builds the static site into BUILD_OUT_DIR (from the API at API_ORIGIN), indexes it for /recherche (Pagefind), then
 * writes .br and .gz siblings of every text file, the search bundle's included, so the server never compresses on
 * the request path (nginx's gzip_static, in effect).
 * Runs as a child process of the server so a build never blocks the process serving visitors.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { buildSearchIndex } from "./search-index";

const out = process.env.BUILD_OUT_DIR;
if (!out) {
  console.error("BUILD_OUT_DIR is required");
  process.exit(2);
}

// ASTRO_LOG=info shows Astro's own timing breakdown (used by the build benchmark).
const quiet = process.env.ASTRO_LOG === "info" ? [] : ["--silent"];
const astro = Bun.spawn([process.execPath, "--bun", "node_modules/.bin/astro", "build", ...quiet], {
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1" },
  stdout: "inherit",
  stderr: "inherit",
});
const code = await astro.exited;
if (code !== 0) {
  console.error(`astro build failed with exit code ${code}`);
  process.exit(code);
}

const indexStarted = performance.now();
const { pages } = await buildSearchIndex(out);
console.log(`indexed ${pages} pages for search in ${Math.round(performance.now() - indexStarted)} ms`);

const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt|ics|webmanifest)$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

const started = performance.now();
let files = 0;
for await (const path of walk(out)) {
  const body = await readFile(path);
  if (body.length < 256) continue;
  // Hashed assets are few and cached for a year: squeeze them. Pages are thousands and change at every build:
  // gzip 6 / brotli 5 take half the time of gzip 9 / brotli 9 on our article pages, for files within 1% of the size.
  const asset = path.includes("/_astro/") || path.includes("/pagefind/");
  await writeFile(`${path}.gz`, gzipSync(body, { level: asset ? 9 : 6 }));
  await writeFile(
    `${path}.br`,
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: asset ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
  files++;
}
console.log(`compressed ${files} files in ${Math.round(performance.now() - started)} ms`);
