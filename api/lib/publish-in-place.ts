/**
 * Publication in place (issue 31 §2). A partial build writes only what changed into a staging folder, with the list
 * of files to put in place, in order, and of files to remove (`.publish.json`, made by scripts/staging.ts). This
 * module moves them into the live build folder by rename: unchanged files are never touched, linked or copied.
 *
 * Crash safety: a journal (`SITE_DIR/publish-journal.json`) naming the staging folder, the live folder, the
 * generation and both lists is written (temporary file, then rename) before the first rename. Each step is
 * idempotent: a file already renamed is simply no longer in staging, a file already removed is already gone. A
 * process killed mid-publication (kill -9) leaves the journal, and `rollForward` (at the builder's start and
 * before each build) finishes the publication. The generation file (`.generation.json`) is written last: a reader
 * of the generation never sees one whose files are not all in place.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";

/**
 * What a staging folder asks for: files to rename into the live folder in this order, then files to remove. An
 * entry of `written` ending in "/" is a whole folder the live one does not have, moved by one rename (a new search
 * shard: ~300 files that no page names until `pagefind/shards.json` does); `files` then lists every file the
 * renames put in place, in order (the generation's files: what each process drops from memory, what the bucket gets).
 */
export type PublishManifest = { written: string[]; removed: string[]; files?: string[] };
export const PUBLISH_MANIFEST = ".publish.json";
/** Where partial builds write what they changed; on the same filesystem as builds/, so a rename moves a file. */
export const STAGING = "staging";
export const JOURNAL = "publish-journal.json";
export const GENERATION_FILE = ".generation.json";
/**
 * Where a publication puts the live files it replaces (a second hard link) or removes (a rename), one folder per
 * publication, instead of freeing them on its path: on this machine's ext4 (no journal, mounted with `discard`),
 * freeing a file's blocks sends the disk a discard and waits for it. 170 renames over live files took 25-70 ms on
 * a quiet machine (100-230 ms in the 50,000-article bench), against 3-4 ms (plus 2 ms of links) with the replaced
 * files kept by a link. The builder empties it once it has been quiet a while, and its older half when it holds
 * more than a bound of publications (`emptyTrash`, api/lib/site-builder.ts).
 */
export const TRASH = "trash";

/**
 * The published generation of the live folder: a number that grows with every publication (full or in place), the
 * build that made the folder, and the files (relative paths) this generation changed; null after a full build
 * (every file may have changed).
 */
export type Generation = { generation: number; build: string; files: string[] | null; removed?: string[] };

type Journal = PublishManifest & { staging: string; live: string; generation: Generation };

export function readGeneration(dir: string | null): Generation | null {
  if (!dir) return null;
  try {
    return JSON.parse(readFileSync(join(dir, GENERATION_FILE), "utf8")) as Generation;
  } catch {
    return null;
  }
}

/** Replaces `path` with `text` by rename, so a reader sees the old file or the new one, never a part. */
export function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** Writes the generation of a folder a full build made (it is then swapped in whole). */
export function writeFullGeneration(dir: string, previousLive: string | null, build: string): Generation {
  const generation: Generation = { generation: (readGeneration(previousLive)?.generation ?? 0) + 1, build, files: null };
  writeAtomic(join(dir, GENERATION_FILE), JSON.stringify(generation));
  return generation;
}

/** A step of a publication, for tests (a crash injected between two renames) and the log. */
export type PublishStepHook = (step: { kind: "rename" | "remove"; rel: string; index: number }) => void;

/**
 * Publishes the staging folder `staging` into `live` and returns the new generation. The journal goes first, then
 * the renames in the manifest's order, the removals, the generation file; then the journal and the staging folder go.
 */
/** Where a publication's time went (ms), for the build log: the journal, the renames, the removals, the rest. */
export type PublishTimings = { journal: number; renames: number; removals: number; finish: number };

export function publishInPlace(siteDir: string, staging: string, live: string, onStep?: PublishStepHook, timings?: PublishTimings): Generation {
  const began = performance.now();
  const manifest = JSON.parse(readFileSync(join(staging, PUBLISH_MANIFEST), "utf8")) as PublishManifest;
  const previous = readGeneration(live);
  const generation: Generation = {
    generation: (previous?.generation ?? 0) + 1,
    build: previous?.build ?? live.split("/").pop()!,
    files: [...(manifest.files ?? manifest.written), ...manifest.removed],
    removed: manifest.removed,
  };
  const journal: Journal = { ...manifest, staging: resolve(staging), live: resolve(live), generation };
  writeAtomic(join(siteDir, JOURNAL), JSON.stringify(journal));
  if (timings) timings.journal = Math.round(performance.now() - began);
  apply(siteDir, journal, onStep, timings);
  return generation;
}

/**
 * Finishes a publication a crash interrupted, if the journal says one was under way (its live folder still there),
 * and removes staging folders left by builds that never published. Returns the generation it completed, or null.
 */
export function rollForward(siteDir: string, onStep?: PublishStepHook): Generation | null {
  let journal: Journal | null = null;
  try {
    journal = JSON.parse(readFileSync(join(siteDir, JOURNAL), "utf8")) as Journal;
  } catch {
    journal = null;
  }
  let done: Generation | null = null;
  if (journal && existsSync(journal.live)) {
    apply(siteDir, journal, onStep);
    done = journal.generation;
  } else rmSync(join(siteDir, JOURNAL), { force: true });
  // What is left in staging now belongs to no publication (a build killed before its publish): never published.
  rmSync(join(siteDir, STAGING), { recursive: true, force: true });
  return done;
}

/**
 * Empties the trash (see `TRASH`) off the event loop: the folders there when called, never one a publication
 * started since. `keep`: the newest folders left in place (by time of making), and only when there are more than
 * `over` (default: `keep`), so a builder that is never quiet bounds its trash without freeing, on the path of its
 * next publications, the files of the ones it just made.
 */
export async function emptyTrash(siteDir: string, opts: { keep?: number; over?: number } = {}): Promise<void> {
  const trash = join(siteDir, TRASH);
  let folders: string[];
  try {
    folders = readdirSync(trash);
  } catch {
    return;
  }
  const keep = opts.keep ?? 0;
  if (keep > 0) {
    if (folders.length <= (opts.over ?? keep)) return;
    const made = new Map(folders.map((f) => [f, statSync(join(trash, f), { throwIfNoEntry: false })?.mtimeMs ?? 0]));
    folders = folders.sort((a, b) => made.get(a)! - made.get(b)!).slice(0, folders.length - keep);
  }
  for (const folder of folders) await rm(join(trash, folder), { recursive: true, force: true });
}

/** A publication's trash folder (see `TRASH`): `keep` links a live file there, `take` moves one there. */
function trashOf(siteDir: string, staging: string) {
  const dir = join(siteDir, TRASH, basename(staging));
  let made = false;
  const ready = () => {
    if (!made) mkdirSync(dir, { recursive: true });
    made = true;
  };
  return {
    /** Before a rename over `path`: its file keeps a link, so the rename does not free it. */
    keep(path: string, name: string) {
      try {
        ready();
        linkSync(path, join(dir, name));
      } catch {
        // No live file there (a new page), linked already by the run a crash cut short, or no trash on this
        // filesystem: the rename frees the old file, as it did before the trash.
      }
    },
    /** Instead of a removal: the file (or folder: the emptied staging one) goes to the trash. */
    take(path: string, name: string) {
      try {
        ready();
        renameSync(path, join(dir, name));
      } catch {
        // Gone already, or no trash (on this filesystem, or emptied meanwhile): removed where it is.
        rmSync(path, { recursive: true, force: true });
      }
    },
  };
}

function apply(siteDir: string, j: Journal, onStep?: PublishStepHook, timings?: PublishTimings): void {
  const trash = trashOf(siteDir, j.staging);
  let clock = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = now - clock;
    clock = now;
    return Math.round(ms);
  };
  let index = 0;
  const folders = new Set<string>();
  j.written.forEach((rel, i) => {
    // A folder ("…/"): moved whole, as a file is (a rename either happened or did not).
    const from = join(j.staging, rel.replace(/\/$/, ""));
    const to = join(j.live, rel.replace(/\/$/, ""));
    // A new folder replaces nothing; a file replaced is kept in the trash (named by its step: the same name when
    // a roll-forward does the step again).
    if (!rel.endsWith("/")) trash.keep(to, `w${i}`);
    try {
      renameSync(from, to);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      // Gone from staging: renamed by the run a crash interrupted.
      if (!existsSync(from)) return;
      // Else a new folder (a new theme's pages).
      if (!folders.has(dirname(to))) mkdirSync(dirname(to), { recursive: true });
      folders.add(dirname(to));
      renameSync(from, to);
    }
    onStep?.({ kind: "rename", rel, index: index++ });
  });
  if (timings) timings.renames = lap();
  const parents = new Set<string>();
  j.removed.forEach((rel, i) => {
    trash.take(join(j.live, rel), `r${i}`);
    parents.add(dirname(join(j.live, rel)));
    onStep?.({ kind: "remove", rel, index: index++ });
  });
  // Folders left empty (a theme renamed away, a search shard gone), as a full build would not have them. rmdir
  // itself refuses a folder that is not empty, so none is listed: at 50,000 articles `article/` holds 200,000
  // files, and listing it cost the primary 100-250 ms of each publication that removed a page.
  for (const folder of [...parents].sort((a, b) => b.length - a.length)) {
    for (let dir = folder; dir.startsWith(j.live + "/"); dir = dirname(dir)) {
      try {
        rmdirSync(dir);
      } catch {
        // Not empty (ENOTEMPTY), or already gone: the folders above it stay too.
        break;
      }
    }
  }
  if (timings) timings.removals = lap();
  // The same for the bookkeeping: the generation file replaced, the journal and the emptied staging folder (its
  // removal freed a folder per page folder: 4-103 ms of the publication at 50,000 articles).
  trash.keep(join(j.live, GENERATION_FILE), "generation");
  writeAtomic(join(j.live, GENERATION_FILE), JSON.stringify(j.generation));
  trash.take(join(siteDir, JOURNAL), "journal");
  trash.take(j.staging, "staging");
  if (timings) timings.finish = lap();
}
