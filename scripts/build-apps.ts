/**
 * Bundles the browser apps (member space and admin back office, `site/src/apps/{member,admin}.tsx`) with Bun.build,
 * once per version of their sources: the output folder is named by a hash of the sources and the lockfile, and an
 * existing folder is reused as it is. A content rebuild (scripts/build-site.ts, Astro) never bundles them: the
 * shell pages only point at `/_apps/<app>.js`, which the server serves from the folder printed here.
 *
 * Usage: SITE_DIR=.site bun scripts/build-apps.ts   → prints the absolute output folder on its last line.
 * Output: member.js, admin.js, member.css, admin.css (stable names, revalidated), chunk-<hash>.js (shared code and
 * lazy screens, immutable), each with .br and .gz siblings.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = resolve(import.meta.dir, "..");
const ENTRIES = ["site/src/apps/member.tsx", "site/src/apps/admin.tsx"];
// Everything the apps may import from the site, plus what decides the third-party code in the bundle. Types from
// api/ are erased by the bundler, so server changes never change the apps.
const SOURCES = ["site/src/apps", "site/src/lib", "site/src/stores", "shared", "package-lock.json", "scripts/build-apps.ts"];
const KEEP = 3;

function* files(path: string): Generator<string> {
  const st = statSync(path);
  if (st.isFile()) {
    yield path;
    return;
  }
  for (const name of readdirSync(path).sort()) {
    if (name.endsWith(".test.ts")) continue;
    yield* files(join(path, name));
  }
}

/** A short hash of every source file's path and bytes: the folder name of this version of the apps. */
export function sourceHash(root = ROOT): string {
  const h = new Bun.CryptoHasher("sha256");
  for (const source of SOURCES) {
    const abs = join(root, source);
    if (!existsSync(abs)) continue;
    for (const file of files(abs)) {
      h.update(relative(root, file));
      h.update("\0");
      h.update(readFileSync(file));
      h.update("\0");
    }
  }
  return h.digest("hex").slice(0, 16);
}

async function bundle(outDir: string): Promise<void> {
  const result = await Bun.build({
    entrypoints: ENTRIES.map((e) => join(ROOT, e)),
    outdir: outDir,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    // Stable entry names (the shell pages name them); everything else is content-hashed and cached for a year.
    naming: { entry: "[name].[ext]", chunk: "chunk-[hash].[ext]", asset: "asset-[hash].[ext]" },
    // React's production build (development warnings and checks are several times larger).
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("Bun.build failed");
  }
  for (const out of result.outputs) {
    if (!/\.(js|css)$/.test(out.path)) continue;
    const body = readFileSync(out.path);
    writeFileSync(`${out.path}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(
      `${out.path}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
  }
}

/** Builds the apps into `<siteDir>/apps/<hash>/` unless that folder exists; returns the folder. */
export async function buildApps(siteDir: string): Promise<{ dir: string; built: boolean; ms: number }> {
  const started = performance.now();
  const appsRoot = resolve(siteDir, "apps");
  const dir = join(appsRoot, sourceHash());
  if (existsSync(dir)) return { dir, built: false, ms: performance.now() - started };
  mkdirSync(appsRoot, { recursive: true });
  // Built aside then renamed: a crash mid-build never leaves a half folder that a later start would trust.
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  try {
    await bundle(tmp);
    renameSync(tmp, dir);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    // Another process bundled the same sources meanwhile: its folder is as good as ours.
    if (existsSync(dir)) return { dir, built: false, ms: performance.now() - started };
    throw e;
  }
  prune(appsRoot, dir);
  return { dir, built: true, ms: performance.now() - started };
}

/** Keeps the newest few versions (a rollback or a second checkout may still use them). */
function prune(appsRoot: string, keep: string) {
  const dirs = readdirSync(appsRoot)
    .map((name) => join(appsRoot, name))
    .filter((p) => p !== keep && statSync(p).isDirectory())
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const old of dirs.slice(KEEP - 1)) rmSync(old, { recursive: true, force: true });
}

if (import.meta.main) {
  const siteDir = process.env.SITE_DIR ?? ".site";
  try {
    const { dir, built, ms } = await buildApps(siteDir);
    console.error(built ? `apps bundled in ${Math.round(ms)} ms` : "apps unchanged, bundle reused");
    console.log(dir);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
