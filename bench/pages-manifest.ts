/**
 * The pages manifest's bookkeeping in a warm partial build at 50,000 articles (scripts/partial-build.ts), on a
 * synthetic manifest in this process: `.pages.json` of `records` pages (155,000 at 50,000 articles, ~25 MB), of
 * which `listed` are listed again by the build (new record objects: the routes listed whole) and the others are
 * carried as the previous manifest's own objects (the routes listed in part), as `planBuild` makes them. Times the
 * plan's copy of the carried records and `writePagesManifest` for `builds` builds in a row, each on top of the last.
 *
 * Usage: bun bench/pages-manifest.ts [records=155000] [listed=5000] [builds=6]
 * PARTIAL_BUILD_MODULE=<path> runs another version of scripts/partial-build.ts (a before/after pair).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fmt, percentile } from "./lib";

const [nRecords = "155000", nListed = "5000", nBuilds = "6"] = process.argv.slice(2);
const modulePath = resolve(process.env.PARTIAL_BUILD_MODULE ?? join(import.meta.dir, "../scripts/partial-build.ts"));
const pb = (await import(modulePath)) as typeof import("../scripts/partial-build");
type Manifest = import("../scripts/partial-build").PagesManifest;
type PageRecord = import("../scripts/partial-build").PageRecord;

const RECORDS = Number(nRecords);
const LISTED = Number(nListed);
const hash = (i: number, salt: number) => ((i + 1) * 2654435761 + salt * 97).toString(36);
/** Records shaped like ours: article pages and their citation files (props hash), the rest with reads. */
function record(i: number, build: number): [string, PageRecord] {
  if (i >= RECORDS - LISTED) {
    const reads: Record<string, string> = {
      "/api/public/members": hash(i, build % 3),
      [`/api/public/articles/summaries?author=${i}`]: hash(i, 7),
      "derived:themes": hash(3, 1),
    };
    return [`/user/membre-${i}`, { file: `user/membre-${i}.html`, route: "/user/[nickname]", data: hash(i, build), reads }];
  }
  const kinds = [".html", ".bib", ".ris"] as const;
  const ext = kinds[i % 3]!;
  const slug = `article-n-${Math.floor(i / 3)}-réforme-de-l-éducation-au-sénégal`;
  const pathname = ext === ".html" ? `/article/${slug}` : `/article/${slug}${ext}`;
  return [pathname, { file: `article/${slug}${ext}`, route: ext === ".html" ? "/article/[url]" : `/article/[url]${ext}`, data: hash(i, 0) }];
}

const dir = mkdtempSync(join(tmpdir(), "bench-pages-manifest-"));
// The live manifest as the build process has it after a restart: parsed from its file.
const first: Manifest = { key: "k", mode: "full", pages: {}, carried: [], listing: "t0" };
for (let i = 0; i < RECORDS; i++) {
  const [p, r] = record(i, 0);
  first.pages[p] = r;
}
pb.writePagesManifest(dir, first);
const size = readFileSync(join(dir, pb.PAGES_MANIFEST)).length;
let previous = JSON.parse(readFileSync(join(dir, pb.PAGES_MANIFEST), "utf8")) as Manifest;

const copy: number[] = [];
const write: number[] = [];
for (let build = 1; build <= Number(nBuilds); build++) {
  const t0 = performance.now();
  // planBuild's copy: the routes listed in part keep the previous record objects.
  const manifest: Manifest = { key: "k", mode: "partial", pages: {}, carried: [], listing: `t${build}` };
  for (const pathname in previous.pages) {
    const before = previous.pages[pathname]!;
    if (before.route === "/user/[nickname]") continue;
    manifest.pages[pathname] = before;
    manifest.carried.push(pathname);
  }
  // The routes listed whole: new records, most carried.
  const rendered: string[] = [];
  for (let i = RECORDS - LISTED; i < RECORDS; i++) {
    const [p, r] = record(i, i % 100 === 0 ? build : 0);
    manifest.pages[p] = r;
    if (i % 100 !== 0) manifest.carried.push(p);
    else rendered.push(p);
  }
  // As planBuild notes them (a version of the module before it named the rendered pages has no such call).
  pb.noteRendered?.(manifest, rendered);
  const t1 = performance.now();
  pb.writePagesManifest(dir, manifest);
  const t2 = performance.now();
  copy.push(t1 - t0);
  write.push(t2 - t1);
  const expected = JSON.stringify(pb.manifestOnDisk ? pb.manifestOnDisk(manifest) : manifest);
  if (readFileSync(join(dir, pb.PAGES_MANIFEST), "utf8") !== expected) throw new Error("the file is not JSON.stringify's output");
  previous = manifest;
}
console.log(`pages manifest of ${RECORDS} records (${fmt(size / 1e6, 1)} MB), ${LISTED} listed again per build, ${nBuilds} builds:`);
console.log(`  plan's copy of the carried records: p50 ${fmt(percentile(copy, 50), 1)} ms, max ${fmt(Math.max(...copy), 1)} ms`);
console.log(
  `  writePagesManifest: first build ${fmt(write[0]!, 1)} ms, the next ones p50 ${fmt(percentile(write.slice(1), 50), 1)} ms, max ${fmt(Math.max(...write.slice(1)), 1)} ms`,
);
rmSync(dir, { recursive: true, force: true });
