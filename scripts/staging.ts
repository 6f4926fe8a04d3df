/**
 * The end of a partial build made for publication in place (issue 31 §2): the staging folder holds only the pages
 * the build rendered (with their compressed copies) and the search shards it indexed again, beside the complete
 * bookkeeping (`.pages.json`, `.search.json`, the CSP hashes). This step
 *  - drops from staging every file whose bytes the live folder has already (a list rendered again that came out
 *    the same, the files of a search shard Pagefind wrote again unchanged): the live file keeps its inode;
 *  - lists what the live folder must lose: pages no longer built, compressed copies of a page now too small to
 *    have any, the files of a search shard indexed again that its new index no longer names, a shard gone;
 *  - merges the compression manifest (staging knows only its own files);
 *  - writes `.publish.json`: the files to rename into the live folder, in an order where no published page links
 *    to a page that is not there yet, then the removals (api/lib/publish-in-place.ts applies it).
 */
import { existsSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { isEntry } from "../api/lib/site-publish";
import { CSP_HASHES_FILE } from "../api/lib/security-headers";
import { PUBLISH_MANIFEST, type PublishManifest } from "../api/lib/publish-in-place";
import {
  MANIFEST as COMPRESSED_MANIFEST,
  mergeManifest,
  readManifest as readCompressedManifest,
  writeManifest as writeCompressedManifest,
} from "./compress";
import { gonePages, readPagesManifest } from "./partial-build";
import { BUNDLE, SHARDS_FILE } from "./search-index";

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"));
}

function sameBytes(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    if (x.size !== y.size) return false;
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

const base = (rel: string) => rel.replace(/\.(br|gz)$/, "");
const copies = (rel: string) => [rel, `${rel}.br`, `${rel}.gz`];

/** Publication order (lower first); see the file comment. */
function phase(rel: string, isNew: boolean): number {
  const page = base(rel);
  if (page === CSP_HASHES_FILE) return 0; // the scripts of the new pages are allowed before any is served
  if (!page.includes("/") && page.startsWith(".")) return 5; // the build's bookkeeping, last
  if (page.startsWith(`${BUNDLE}/`) && (page.endsWith("/pagefind-entry.json") || page === `${BUNDLE}/${SHARDS_FILE}`)) return 3;
  if (isEntry(page)) return 4;
  return isNew ? 1 : 2;
}

/** Within a phase: the compressed copies before their file, a shard's entry before the main one, the home page last. */
function rank(rel: string): number {
  const page = base(rel);
  let r = rel === page ? 1 : 0;
  if (page === `${BUNDLE}/pagefind-entry.json`) r += 2;
  if (page === `${BUNDLE}/${SHARDS_FILE}`) r += 4;
  if (page === "index.html") r += 8;
  return r;
}

/** `unchangedFiles`: the staged files the live folder had byte for byte (rendered for nothing: printed by the build). */
export type StagingStats = {
  written: number;
  removed: number;
  unchanged: number;
  unchangedFiles: string[];
  /** Milliseconds: finding what goes, merging and writing the compression manifest, comparing the staged files. */
  ms: { removals: number; manifest: number; compare: number };
};

/**
 * Prepares the staging folder `out` of a partial build for publication into the live folder `live`. `searchFiles`:
 * the files of each search shard indexed again, by shard folder (scripts/search-index.ts writes into staging only
 * those the live shard lacks); without it, a shard indexed again is one with an entry file in staging, and its
 * files are those staged.
 */
export function prepareStaging(out: string, live: string, searchFiles?: Record<string, string[]>): StagingStats {
  const now = readPagesManifest(out);
  const before = readPagesManifest(live);
  if (!now || !before) throw new Error("staging: a pages manifest is missing");
  const began = performance.now();
  const staged = files(out).filter((rel) => rel !== PUBLISH_MANIFEST);
  const stagedSet = new Set(staged);
  const removed = new Set<string>();
  const inLive = (rel: string) => existsSync(join(live, rel));

  // Pages no longer built: known from the plan when it made `now` on top of `before` (not a pass over 155,000
  // records at 50,000 articles), else found by comparing the two.
  const gone = gonePages(now, before);
  if (gone) {
    for (const file of gone) for (const rel of copies(file)) if (inLive(rel)) removed.add(rel);
  } else {
    const kept = new Set(Object.values(now.pages).map((p) => p.file));
    for (const page of Object.values(before.pages)) {
      if (!kept.has(page.file)) for (const rel of copies(page.file)) if (inLive(rel)) removed.add(rel);
    }
  }
  // A page rendered again too small to be compressed now: its old copies go.
  for (const rel of staged) {
    if (rel !== base(rel)) continue;
    for (const copy of [`${rel}.br`, `${rel}.gz`]) if (!stagedSet.has(copy) && inLive(copy)) removed.add(copy);
  }
  // Search shards indexed again: the files of their old index that the new one does not have (Pagefind names its
  // files by their content, so a reader that loaded the old entry file still finds them until this last step).
  const listed = (dir: string): string[] => {
    try {
      return (JSON.parse(readFileSync(join(dir, BUNDLE, SHARDS_FILE), "utf8")) as string[]).map((p) => p.replace(/^\/|\/$/g, ""));
    } catch {
      return [];
    }
  };
  const shardsNow = new Set([BUNDLE, ...listed(existsSync(join(out, BUNDLE, SHARDS_FILE)) ? out : live)]);
  for (const shard of new Set([BUNDLE, ...listed(live)])) {
    const indexedNow = searchFiles?.[shard];
    const reindexed = searchFiles ? indexedNow !== undefined : existsSync(join(out, shard, "pagefind-entry.json"));
    if (shardsNow.has(shard) && !reindexed) continue;
    const keep = indexedNow ? new Set(indexedNow) : null;
    for (const rel of files(join(live, shard))) {
      // Shard 0 is the bundle's root: the other shards inside it are looked at on their own.
      if (shard === BUNDLE && (rel.startsWith("shard-") || base(rel) === SHARDS_FILE)) continue;
      const path = `${shard}/${rel}`;
      // A compressed copy goes with its file (a file now too small for one: the loop above).
      const kept = keep ? keep.has(base(rel)) : stagedSet.has(path);
      if (!shardsNow.has(shard) || !kept) removed.add(path);
    }
  }

  // The compression manifest: the live one, less what changed or went, plus staging's own. The live one is taken
  // from the process's memory when it wrote it (scripts/compress.ts) and changed in place; not sorted (a map: its
  // order serves nobody, and sorting 60,000 names at 50,000 articles cost each build tens of milliseconds).
  // Merged by `mergeManifest`, which keeps the compressor's index by hash of this manifest up to date for the next
  // build (made again from ~60,000 entries at every build before).
  const merging = performance.now();
  const compressed = readCompressedManifest(live, true)?.files ?? {};
  mergeManifest(
    compressed,
    [...staged, ...removed].map((rel) => base(rel)),
    readCompressedManifest(out)?.files ?? {},
  );
  writeCompressedManifest(out, { files: compressed });
  if (!stagedSet.has(COMPRESSED_MANIFEST)) staged.push(COMPRESSED_MANIFEST);

  const comparing = performance.now();
  // Files the live folder has already, byte for byte, stay as they are.
  let unchanged = 0;
  const unchangedFiles: string[] = [];
  const written: { rel: string; phase: number; rank: number }[] = [];
  for (const rel of staged) {
    const target = join(live, rel);
    if (sameBytes(join(out, rel), target)) {
      unlinkSync(join(out, rel));
      unchanged++;
      unchangedFiles.push(rel);
      continue;
    }
    written.push({ rel, phase: phase(rel, !existsSync(join(live, base(rel)))), rank: rank(rel) });
  }
  written.sort((a, b) => a.phase - b.phase || a.rank - b.rank || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const toWrite = written.map((w) => w.rel);
  // A search shard folder the live bundle does not have is moved by one rename, before everything else: nothing
  // reads it until `pagefind/shards.json` names it (phase 3). Its files stay listed in `files`, in the same order.
  const shardOf = (rel: string) => /^(pagefind\/shard-[^/]+)\//.exec(rel)?.[1];
  const newShards = new Set<string>();
  for (const rel of toWrite) {
    const shard = shardOf(rel);
    if (shard && !newShards.has(shard) && !existsSync(join(live, shard))) newShards.add(shard);
  }
  const inNewShard = (rel: string) => newShards.has(shardOf(rel) ?? "");
  const moved = [...newShards].sort();
  const manifest: PublishManifest = {
    written: [...moved.map((shard) => `${shard}/`), ...toWrite.filter((rel) => !inNewShard(rel))],
    removed: [...removed].sort(),
    ...(moved.length > 0 ? { files: [...toWrite.filter(inNewShard), ...toWrite.filter((rel) => !inNewShard(rel))] } : {}),
  };
  writeFileSync(join(out, PUBLISH_MANIFEST), JSON.stringify(manifest));
  const ms = (a: number, b: number) => Math.round(b - a);
  return {
    written: toWrite.length,
    removed: manifest.removed.length,
    unchanged,
    unchangedFiles,
    ms: { removals: ms(began, merging), manifest: ms(merging, comparing), compare: ms(comparing, performance.now()) },
  };
}
