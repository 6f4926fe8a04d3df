/**
 * Builds the Pagefind index of a finished Astro build. Only French pages whose content is marked
 * `data-pagefind-body` (articles, media, events, member profiles: see Base.astro's `searchKind`) are indexed, so
 * lists, login, 404 and dashboards never show up in results.
 *
 * Shards. Pagefind cannot update an index, and indexing 7,966 pages (5,000 articles) costs ~9 s of CPU. The index
 * is therefore split into shards by recency (`assignShards`: old dated pages in large stable shards, the newest
 * pages and the profiles in shards of about PAGES_PER_SHARD pages, every cut made where a page's own hash says, so
 * a page added, changed or removed changes its own shard only, whatever the site's size), which the search page
 * merges in the browser (Pagefind's mergeIndex; site/src/scripts/search.ts reads /pagefind/shards.json). The first
 * shard is the bundle at /pagefind/, the others sit inside it, each named by its first page. A build re-indexes only the shards whose pages changed (by a digest of what Pagefind reads)
 * and hard-links the others from the live build (or leaves them there, staged); `.search.json` at the build's
 * root records pages, digests and shards for the next build. Why not shards by date, or a capped count of them:
 * docs/DECISIONS.md « Issue 31 §3 ». A long-lived build process keeps the cut and the manifest from one build to
 * the next, and a staged change updates them from its own pages (scripts/search-shards-kept.ts), not from every page.
 *
 * Speed: Pagefind's service reads one JSON+base64 message per page over a pipe, so each page is cut down to what
 * Pagefind reads from it (see searchableSlice: a quarter of the bytes), and pages are sent several at a time.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { basename, dirname, join, relative, sep } from "node:path";
import * as pagefind from "pagefind";
import { foldApostrophes } from "../site/src/lib/search-text";
import { carriedPages, type PagesManifestFile } from "./pages-manifest-file";
import { KeptShards, OLD_SHARD_FACTOR, type ShardPage } from "./search-shards-kept";

// Parts of indexed pages that repeat other pages (navigation back to a list, an author's list of publications):
// indexing them would make an article title also match every page that links to it.
const EXCLUDE = [".back-link", ".section-head", ".teaser-list", ".empty-state"];

/** Pages per shard on average: re-indexing one costs ~0.6 s of CPU. SEARCH_SHARD_PAGES overrides (tests). */
export const PAGES_PER_SHARD = Number(process.env.SEARCH_SHARD_PAGES) || 500;
export const SEARCH_MANIFEST = ".search.json";
export const BUNDLE = "pagefind";
/** Lists the other shards' folders for the search page. */
export const SHARDS_FILE = "shards.json";

type PageRecord = { file: string; key: string; date: string; digest: string };
type ShardRecord = { dir: string; digest: string };
type SearchManifest = { key: string; shards: ShardRecord[]; pages: Record<string, PageRecord> };

async function htmlFilesIn(dir: string, found: string[]): Promise<string[]> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== BUNDLE && entry.name !== "_astro") await htmlFilesIn(path, found);
    } else if (entry.name.endsWith(".html")) found.push(path);
  }
  return found;
}

/** Every HTML file of the build, in a fixed order: Pagefind numbers pages in the order they arrive, so a directory
 * listed in another order (a build assembled from the previous one's files) would give other index files. */
async function htmlFiles(dir: string): Promise<string[]> {
  return (await htmlFilesIn(dir, [])).sort();
}

/**
 * A page of a staged build's pages manifest as `stagedHtmlFiles` takes it from the warm renderer (one string for
 * every page, handed to the search thread without writing the manifest): "c" (carried) or "r" (rendered), then its
 * file; null for a page the index never reads.
 */
export function stagedPagesLine(file: string, carried: boolean): string | null {
  if (!file.endsWith(".html") || file.startsWith(`${BUNDLE}/`) || file.startsWith("_astro/")) return null;
  return `${carried ? "c" : "r"}${file}`;
}

/**
 * What a staged build changed in the live build's pages, as `stagedPagesDelta` hands it over: this first line,
 * then "r" and the file of each page rendered, "g" and the file of each page gone. The index is then the live
 * one's records less those pages, plus the rendered pages read again: no pass over every page of the site.
 */
export const PAGES_DELTA = "delta";

/** The change a staged build made to the live build's HTML pages (see PAGES_DELTA): its files by kind. */
export function stagedPagesDelta(rendered: readonly string[], gone: readonly string[]): string {
  const lines = [PAGES_DELTA];
  for (const file of rendered) if (stagedPagesLine(file, false) !== null) lines.push(`r${file}`);
  for (const file of gone) if (stagedPagesLine(file, false) !== null) lines.push(`g${file}`);
  return lines.join("\n");
}

function readDelta(listed: string | undefined): { rendered: string[]; gone: string[] } | null {
  if (listed === undefined || (listed !== PAGES_DELTA && !listed.startsWith(`${PAGES_DELTA}\n`))) return null;
  const delta = { rendered: [] as string[], gone: [] as string[] };
  for (const line of listed.split("\n").slice(1)) (line[0] === "g" ? delta.gone : delta.rendered).push(line.slice(1));
  return delta;
}

/**
 * The HTML pages of a build staged for publication in place (scripts/staging.ts): every page its `.pages.json`
 * lists (or `listed`, the same from memory: `stagedPagesLine`), with where it is (the staging folder when rendered
 * there, else the live folder), in the order `htmlFiles` gives for a whole build.
 */
function stagedHtmlFiles(outDir: string, live: string, listed?: string): [string, string, boolean][] {
  let pages: [string, boolean][];
  if (listed !== undefined) pages = listed === "" ? [] : listed.split("\n").map((line) => [line.slice(1), line[0] === "c"]);
  else {
    const manifest = JSON.parse(readFileSync(join(outDir, ".pages.json"), "utf8")) as PagesManifestFile;
    const carried = new Set(carriedPages(manifest));
    pages = [];
    for (const [pathname, { file }] of Object.entries(manifest.pages)) {
      if (stagedPagesLine(file, false) !== null) pages.push([file, carried.has(pathname)]);
    }
  }
  const found: [string, string, boolean][] = [];
  for (const [file, isCarried] of pages) {
    // A page to render that is not rendered yet is left out, as it is from a whole build's folder at this point.
    const path = isCarried ? join(live, file) : join(outDir, file);
    if (isCarried || existsSync(path)) found.push([file, path, isCarried]);
  }
  return found.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** "article/l-ile.html" -> "/article/l-ile", as visitors see it with Astro's `build.format: "file"`. */
export function pageUrl(relPath: string): string {
  const segments = relPath.split(sep).join("/").replace(/\.html$/, "").replace(/(^|\/)index$/, "").split("/");
  return "/" + segments.filter(Boolean).map(encodeURIComponent).join("/");
}

/**
 * The part of a page Pagefind reads, as a smaller page: the `<html>` tag (language), the `<title>`, the element
 * marked `data-pagefind-body` with everything in it, and the first picture after it (Pagefind takes the first
 * `<img>` outside ignored parts as the result's image: the page's own picture, else the footer's logo; the
 * header is `data-pagefind-ignore`). Null when the page is not searchable (not French, or nothing marked). Falls
 * back to the whole page when the marked element is not the expected single `<main>`, so the index never silently
 * loses content.
 */
export function searchableSlice(html: string): string | null {
  if (!/<html[^>]*\blang="fr/i.test(html)) return null;
  const mark = html.indexOf("data-pagefind-body");
  if (mark < 0) return null;
  const start = html.lastIndexOf("<", mark);
  const end = html.lastIndexOf("</main>");
  const bodyStart = html.indexOf("<body");
  if (!html.startsWith("<main", start) || end < start || bodyStart < 0 || bodyStart > start) return html;
  const htmlTag = /<html[^>]*>/i.exec(html)![0];
  const title = /<title>[\s\S]*?<\/title>/.exec(html.slice(0, bodyStart))?.[0] ?? "";
  const picture = /<img\b[^>]*>/.exec(html.slice(end))?.[0] ?? "";
  return `<!doctype html>${htmlTag}<head>${title}</head><body>${html.slice(start, end + 7)}${picture}</body></html>`;
}

// An element Pagefind skips: marked `data-pagefind-ignore`, or of a class EXCLUDE names (each a plain `.class`).
const EXCLUDED_CLASSES = EXCLUDE.map((selector) => selector.slice(1)).join("|");
const IGNORED = new RegExp(
  `<([a-z][a-z0-9]*)\\b(?=[^>]*(?:\\sdata-pagefind-ignore[\\s=>]|\\sclass="(?:[^"]*\\s)?(?:${EXCLUDED_CLASSES})(?:\\s[^"]*)?"))`,
  "g",
);

/**
 * The slice without its `data-pagefind-ignore` elements and those EXCLUDE names (an author's lists and their
 * counts: a profile then reads the same when one of its articles comes or goes), which Pagefind skips anyway (no
 * filter or meta attribute sits inside one on this site), but for the page's first picture, which Pagefind takes from them too. What is left is what a page's digest covers: an article whose « À lire aussi »
 * list changed when another article was published, or an event whose badge went from « À venir » to « En cours »,
 * reads the same to the search index and its shard is reused instead of indexed again. An element whose end is
 * not found stays (the index is then only less often reused, never wrong). Text and attributes are escaped in
 * these parts (no raw "<" but tags), so counting the element's own tag name finds its end.
 */
export function withoutIgnored(slice: string): string {
  let out = "";
  let from = 0;
  IGNORED.lastIndex = 0;
  for (let m = IGNORED.exec(slice); m; m = IGNORED.exec(slice)) {
    const tag = m[1]!;
    const open = new RegExp(`<${tag}\\b|</${tag}\\s*>`, "gi");
    open.lastIndex = m.index + 1;
    let depth = 1;
    let end = -1;
    for (let t = open.exec(slice); t; t = open.exec(slice)) {
      depth += t[0][1] === "/" ? -1 : 1;
      if (depth === 0) {
        end = t.index + t[0].length;
        break;
      }
    }
    if (end < 0) continue;
    out += slice.slice(from, m.index);
    // Pagefind takes a result's picture from the first <img> of the page, ignored parts included: that one stays.
    if (!/<img\b/.test(out)) out += /<img\b[^>]*>/.exec(slice.slice(m.index, end))?.[0] ?? "";
    from = end;
    IGNORED.lastIndex = end;
  }
  return out + slice.slice(from);
}

/** The person a page belongs with: a profile page's own nickname, else the first profile it links to, else itself. */
export function shardKey(url: string, slice: string): string {
  const own = /^\/user\/([^/]+)$/.exec(url);
  const linked = own ? null : /href="\/user\/([^"?#/]+)"/.exec(slice);
  const raw = own?.[1] ?? linked?.[1];
  if (raw === undefined) return url;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

// The cut's constants and the page it cuts (scripts/search-shards-kept.ts, where the cut is made).
export { OLD_SHARD_FACTOR, type ShardPage };

/**
 * Cuts the searchable pages into shards by recency, a pure function of the pages (a full build and a series of
 * partial builds cut the same shards):
 * - dated pages (articles, media, events: their first `datetime`) in date order are cut into old-page chunks of
 *   about OLD_SHARD_FACTOR × `perShard` pages. Each chunk older than the recent part is one shard: old pages
 *   seldom change, and few large shards keep a search light on a phone (a query downloads about one index chunk
 *   per shard);
 * - the newest chunks, back to at least OLD_SHARD_FACTOR × `perShard` pages, are the recent part, cut into
 *   shards of about `perShard` pages: new work, and the edits that mostly follow it, land in a small shard;
 * - pages with no date of their own (member profiles) are cut into shards of about `perShard` pages, a person's
 *   pages together.
 * Every cut is content-defined (scripts/search-shards-kept.ts), so a change touches its own shard. A new chunk of
 * old pages closes once per ~OLD_SHARD_FACTOR × `perShard` new pages, the one larger re-index of the scheme; an
 * edit of an old page re-indexes its old chunk (at most 1.5 × OLD_SHARD_FACTOR × `perShard` pages at any site
 * size). Within a shard, pages go to Pagefind in address order (it numbers them as they arrive).
 */
export function assignShards(pages: ShardPage[], perShard = PAGES_PER_SHARD): string[][] {
  return new KeptShards(perShard, pages).members();
}

/** The date a page is filed under: the first `datetime` of an article, media or event; none for a profile page. */
export function pageDate(url: string, slice: string): string {
  if (/^\/user\/[^/]+$/.test(url)) return "";
  return /\bdatetime="([^"]*)"/.exec(slice)?.[1] ?? "";
}

/**
 * The first shard is Pagefind's main bundle at /pagefind/, the one the search page loads; the others sit inside
 * it, named by their first page by address (a name that stays while that page does, so an unchanged shard keeps
 * its files).
 */
export function shardDirs(shards: string[][]): string[] {
  const used = new Set<string>();
  return shards.map((pages, i) => {
    if (i === 0) return BUNDLE;
    let dir = `${BUNDLE}/shard-${Bun.hash(pages[0]!).toString(36)}`;
    // Two first pages with one hash (never seen, but a name must be unique): the later shard takes its position too.
    if (used.has(dir)) dir += `-${i}`;
    used.add(dir);
    return dir;
  });
}

/**
 * The last search manifest this thread wrote or read, by its file's identity (as scripts/partial-build.ts keeps the
 * pages manifest): a staged build's manifest keeps its inode when publication renames it into the live folder, so
 * the next build does not parse it again (1.1 MB at 5,000 articles, 6.7 MB at 50,000). Never modified once
 * written, only replaced; the object is only read, but by a staged change in a long-lived process, which forgets it
 * first and then takes its records over as its own (`buildSearchIndex`).
 */
let knownManifest: { dev: number; ino: number; mtimeMs: number; size: number; manifest: SearchManifest } | null = null;

function fileIdentity(path: string) {
  const st = statSync(path);
  return { dev: st.dev, ino: st.ino, mtimeMs: st.mtimeMs, size: st.size };
}

function readManifest(dir: string | undefined): SearchManifest | null {
  if (!dir) return null;
  const path = join(dir, SEARCH_MANIFEST);
  try {
    const id = fileIdentity(path);
    const k = knownManifest;
    if (k && k.dev === id.dev && k.ino === id.ino && k.mtimeMs === id.mtimeMs && k.size === id.size) return k.manifest;
    const manifest = JSON.parse(readFileSync(path, "utf8")) as SearchManifest;
    knownManifest = { ...id, manifest };
    return manifest;
  } catch {
    return null;
  }
}

function sameFile(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.ino === y.ino && x.dev === y.dev;
  } catch {
    return false;
  }
}

/** Hard-links the files of one shard (not the shards inside shard 0) from the previous build. */
function linkShard(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name.startsWith("shard-")) continue;
    if (entry.isDirectory()) linkShard(join(from, entry.name), join(to, entry.name));
    else if (entry.name !== SHARDS_FILE) linkSync(join(from, entry.name), join(to, entry.name));
  }
}

/** Pages handed to Pagefind's service at once: enough to keep it busy while the next files are read. */
const IN_FLIGHT = 16;

/** Pagefind's ready-made UIs (/recherche uses the search API only) and, outside shard 0, its runtime: not kept. */
function unwanted(name: string, shardZero: boolean): boolean {
  const ui = /^pagefind-(ui|component-ui|modular-ui|highlight)\./.test(name);
  const runtime = /^(pagefind\.js|pagefind-worker\.js|wasm\..*\.pagefind)$/.test(name);
  return ui || (!shardZero && runtime);
}

/**
 * The content-named files (fragments, index and filter chunks) of every shard of the live bundle but `live`'s, by
 * their path within a shard. `live` is a shard folder of that bundle, or the bundle itself (shard 0).
 */
function liveFilesByName(live: string): Map<string, string> {
  const bundle = basename(live) === BUNDLE ? live : dirname(live);
  const shards = [bundle];
  try {
    for (const entry of readdirSync(bundle, { withFileTypes: true })) if (entry.isDirectory() && entry.name.startsWith("shard-")) shards.push(join(bundle, entry.name));
  } catch {
    return new Map();
  }
  const found = new Map<string, string>();
  for (const shard of shards) {
    if (shard === live) continue;
    for (const folder of ["fragment", "index", "filter"]) {
      let names: string[];
      try {
        names = readdirSync(join(shard, folder));
      } catch {
        continue;
      }
      for (const name of names) if (!found.has(`${folder}/${name}`)) found.set(`${folder}/${name}`, join(shard, folder, name));
    }
  }
  return found;
}

function sameBytes(path: string, content: Uint8Array): boolean {
  try {
    if (statSync(path).size !== content.length) return false;
    return readFileSync(path).equals(content);
  } catch {
    return false;
  }
}

/**
 * Indexes `pages` (url -> slice) into one Pagefind bundle at `outputPath`. Returns the bundle's files (relative to
 * `outputPath`). With `live` (a build staged for publication in place: the live folder's copy of this shard), the
 * files are taken from Pagefind in memory and only those whose bytes the live shard lacks are written: Pagefind
 * names its files by their content, and an edit changes a handful of a shard's ~600 files, so the others are
 * neither written into staging nor compared and dropped there afterwards (scripts/staging.ts removes from the live
 * shard what the returned list does not name). Without `live`, Pagefind writes the bundle itself; returns null.
 */
export async function writeShard(pages: [string, string][], outputPath: string, shardZero: boolean, live?: string): Promise<string[] | null> {
  const t0 = performance.now();
  const { index, errors } = await pagefind.createIndex({ excludeSelectors: EXCLUDE, forceLanguage: "fr" });
  const t1 = performance.now();
  if (!index) throw new Error(`pagefind: ${errors.join("; ")}`);
  const sending = new Set<Promise<void>>();
  let failure: Error | null = null;
  for (const [url, slice] of pages) {
    const sent: Promise<void> = index.addHTMLFile({ url, content: slice }).then(
      (res) => {
        if (res.errors.length) failure ??= new Error(`pagefind ${url}: ${res.errors.join("; ")}`);
        sending.delete(sent);
      },
      (e: Error) => {
        failure ??= e;
        sending.delete(sent);
      },
    );
    sending.add(sent);
    if (sending.size >= IN_FLIGHT) await Promise.race(sending);
    if (failure) throw failure;
  }
  await Promise.all(sending);
  if (failure) throw failure;
  const t2 = performance.now();
  const kept: string[] = [];
  let written = 0;
  let linked = 0;
  if (live) {
    const got = await index.getFiles();
    if (got.errors.length) throw new Error(`pagefind: ${got.errors.join("; ")}`);
    const folders = new Set<string>();
    let elsewhere: Map<string, string> | null = null;
    for (const file of got.files) {
      const rel = file.path.split(sep).join("/");
      if (unwanted(rel, shardZero)) continue;
      kept.push(rel);
      if (sameBytes(join(live, rel), file.content)) continue;
      const target = join(outputPath, rel);
      const folder = dirname(target);
      if (!folders.has(folder)) mkdirSync(folder, { recursive: true });
      folders.add(folder);
      // Pages that moved from a neighbouring shard (a cut moved) keep their fragment, named by its content: the live
      // file is linked, not written again (creating ~300 files is most of such a shard's output time here).
      elsewhere ??= liveFilesByName(live);
      const same = elsewhere.get(rel);
      if (same !== undefined && sameBytes(same, file.content)) {
        linkSync(same, target);
        linked++;
        continue;
      }
      writeFileSync(target, file.content);
      written++;
    }
  } else {
    const out = await index.writeFiles({ outputPath });
    if (out.errors.length) throw new Error(`pagefind: ${out.errors.join("; ")}`);
    for (const entry of readdirSync(outputPath, { withFileTypes: true })) {
      if (!entry.isDirectory() && unwanted(entry.name, shardZero)) rmSync(join(outputPath, entry.name));
    }
  }
  await index.deleteIndex();
  console.log(
    `search shard ${outputPath.split(sep).slice(-1)[0]}: ${pages.length} pages, service ${Math.round(t1 - t0)} ms, adding ${Math.round(t2 - t1)} ms, ` +
      `output ${Math.round(performance.now() - t2)} ms${live ? ` (${written} of ${kept.length} files new, ${linked} from another shard)` : ""}`,
  );
  return live ? kept.sort() : null;
}

type Shard = { pages: [string, string][]; outputPath: string; shardZero: boolean; live?: string };

/**
 * Indexes shards on two Pagefind services at once: this thread's and a worker thread's (each module instance of
 * Pagefind's API runs its own service process, and a service indexes on one core). Each lane takes the next shard
 * when it is done with one; a shard's pages still arrive in their fixed order, so its files are the same bytes
 * whichever service wrote them. One shard (most partial builds) needs no worker. Returns each shard's files by
 * output path, for the shards staged against a live copy (`writeShard`).
 */
async function indexShards(shards: (() => Shard)[], keepServices = false): Promise<Map<string, string[]>> {
  let next = 0;
  let failure: Error | null = null;
  const files = new Map<string, string[]>();
  const take = () => (failure || next >= shards.length ? null : shards[next++]!());
  const here = async () => {
    for (let shard = take(); shard; shard = take()) {
      const path = shard.outputPath;
      await writeShard(shard.pages, path, shard.shardZero, shard.live).then(
        (kept) => void (kept && files.set(path, kept)),
        (e: Error) => void (failure ??= e),
      );
    }
  };
  // A long-lived build process keeps its services for the next build (a Pagefind start is 10-60 ms on the path
  // from a write to the site); a failure closes them, so the next build starts afresh.
  const closing = () => !keepServices || failure !== null;
  if (shards.length < 2) {
    try {
      await here();
    } finally {
      if (closing()) await pagefind.close();
    }
    if (failure) throw failure;
    return files;
  }
  const thread = searchThread();
  const there = async () => {
    for (let shard = take(), id = 0; shard; shard = take(), id++) {
      const done = await thread.ask({ type: "shard", id, ...shard });
      if (done.type === "done" && done.error) failure ??= new Error(done.error);
      else if (done.type === "done" && done.files) files.set(shard.outputPath, done.files);
    }
  };
  try {
    await Promise.all([here(), there()]);
  } finally {
    if (closing() || thread.broken()) await Promise.all([pagefind.close(), thread.ask({ type: "close" })]);
    if (thread.broken()) {
      thread.worker.terminate();
      shared = null;
    }
  }
  if (failure) throw failure;
  return files;
}

/** Messages to and from scripts/search-index-worker.ts, the thread of the second Pagefind service. */
export type ShardJob = { type: "shard"; id: number; pages: [string, string][]; outputPath: string; shardZero: boolean; live?: string };
export type ShardDone = { type: "done"; id: number; error?: string; files?: string[] } | { type: "closed" };

type SearchThread = { worker: Worker; ask: (m: ShardJob | { type: "close" }) => Promise<ShardDone>; broken: () => string | null };
let shared: SearchThread | null = null;

/**
 * The thread of the second Pagefind service, kept for the life of the process: a long-lived build worker
 * (scripts/build-worker.ts) indexes build after build, and a thread ended right after closing its service would
 * never collect that process's exit (one zombie process per build). Unref'd, so a one-shot build still exits.
 */
function searchThread(): SearchThread {
  if (shared) return shared;
  const worker = new Worker(new URL("./search-index-worker.ts", import.meta.url).href) as Worker & { ref(): void; unref(): void };
  // Holds the process open only while a question waits for its answer.
  worker.unref();
  let answer: ((done: ShardDone) => void) | null = null;
  // A worker that failed (it could not load, say) answers nothing more: every question gets its error at once.
  let broken: string | null = null;
  const answered = (done: ShardDone) => {
    worker.unref();
    answer?.(done);
  };
  worker.onmessage = (event: MessageEvent<ShardDone>) => answered(event.data);
  worker.onerror = (event) => {
    broken = `search worker: ${event.message}`;
    answered({ type: "done", id: -1, error: broken });
  };
  const ask = (message: ShardJob | { type: "close" }) =>
    new Promise<ShardDone>((resolve) => {
      if (broken) return resolve({ type: "done", id: -1, error: broken });
      answer = resolve;
      worker.ref();
      worker.postMessage(message);
    });
  shared = { worker, ask, broken: () => broken };
  return shared;
}

/**
 * In a long-lived build process (`keepServices`): the text Pagefind was given for each page of the shards indexed
 * by the last build, with its digest (as `.search.json` computes it). The next build indexing one of these shards
 * again takes a page's text from here when the page's digest is the same, instead of reading and cutting the page.
 */
let sentBefore = new Map<string, { digest: string; text: string }>();

/**
 * In a long-lived build process (`keepServices`): the cut into shards of the last manifest this thread wrote, and
 * that manifest. The next build whose live manifest is that very object (`knownManifest`, kept as it was) updates
 * the cut from its change (scripts/search-shards-kept.ts) instead of cutting every page again.
 */
let keptCut: { manifest: SearchManifest; cut: KeptShards } | null = null;

/** Beyond this many pages removed and added, a change is cut whole: each costs about a large chunk's pages. */
const KEPT_CUT_EDITS = 64;

/** Where the time went (ms), for the build log and bench/search-index.ts. */
export type SearchIndexTimings = { list: number; read: number; plan: number; index: number; write: number };
/**
 * `files`: in a staged build, the files of each shard indexed again, by shard folder (relative to the build), as
 * the new index has them, written or not (scripts/staging.ts removes the live shard's other files).
 */
export type SearchIndexStats = {
  pages: number;
  shards: number;
  indexed: number;
  reused: number;
  indexedPages: number;
  timings: SearchIndexTimings;
  files?: Record<string, string[]>;
};

/**
 * Indexes the build at `outDir`. With `previous` (the live build), shards whose pages are all unchanged are
 * hard-linked from it instead of being indexed again. `keepServices`: Pagefind's processes stay up for the next
 * call (a long-lived build process); else they are closed, so a one-shot build exits. `pages`: a staged build's
 * pages from memory (`stagedPagesLine`), instead of its `.pages.json`, or only what it changed (`stagedPagesDelta`).
 */
export async function buildSearchIndex(
  outDir: string,
  opts: { previous?: string; key?: string; pagesPerShard?: number; staged?: boolean; keepServices?: boolean; pages?: string } = {},
): Promise<SearchIndexStats> {
  const { previous, key = "", pagesPerShard = PAGES_PER_SHARD, staged = false, keepServices = false } = opts;
  let clock = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - clock);
    clock = now;
    return ms;
  };
  // Shards are reused only from a build made by the same code (the key covers this file,
  // scripts/search-shards-kept.ts and Pagefind's version).
  const manifest = readManifest(previous);
  const before = manifest?.key === key ? manifest : null;
  let pages: Record<string, PageRecord> = {};
  const slices = new Map<string, string>();
  const delta = staged ? readDelta(opts.pages) : null;
  // A staged change's records of its pages gone or rendered, as the live index had them (the rendered ones are read again).
  const removed = new Map<string, PageRecord>();
  // The live index's cut, to be updated from the change.
  let cut: KeptShards | null = null;
  let files: [string, string, boolean][];
  if (delta) {
    // The live index's records of the pages the build carried (all but those rendered or gone) are this build's:
    // the same files, whose records the build that made them wrote. The rendered pages are read below; one not
    // written yet is left out, as it would be from the whole list.
    if (!before) throw new Error("search index: a staged change without the live index's manifest (.search.json)");
    if (keepServices) {
      // This thread's own copy of the live manifest becomes this build's, its records updated in place instead of
      // copied (51,000 at 50,000 articles). From now until this build writes its manifest, neither that copy nor
      // the cut kept with it stands for the live file: a build that fails leaves the next one to read the live
      // manifest again (its file is never modified) and to cut it whole.
      cut = keptCut?.manifest === before && keptCut.cut.perShard === pagesPerShard ? keptCut.cut : null;
      keptCut = null;
      knownManifest = null;
      pages = before.pages;
    } else pages = { ...before.pages };
    for (const file of [...delta.gone, ...delta.rendered]) {
      const url = pageUrl(file);
      const record = pages[url];
      if (record === undefined) continue;
      removed.set(url, record);
      delete pages[url];
    }
    files = delta.rendered.filter((file) => existsSync(join(outDir, file))).map((file): [string, string, boolean] => [file, join(outDir, file), false]);
  } else {
    // A staged build's unchanged pages are read from the live folder.
    files = staged
      ? stagedHtmlFiles(outDir, previous!, opts.pages)
      : (await htmlFiles(outDir)).map((path): [string, string, boolean] => [relative(outDir, path).split(sep).join("/"), path, false]);
  }
  const where = new Map(files.map(([file, path]) => [file, path]));
  // Where a page not listed above is (a staged change lists only the rendered pages): the live folder.
  const unlistedIn = staged ? previous! : outDir;
  const list = lap();
  for (const [file, path, carried] of files) {
    const url = pageUrl(file);
    // A page carried over from the live build keeps its record without being read: staged, the live file itself;
    // else the same file, hard-linked.
    // A staged change's page as the live index had it (its record is no longer in `pages`).
    const known = delta ? removed.get(url) : before?.pages[url];
    if (before && (carried || sameFile(join(previous!, file), path))) {
      if (known && known.file === file) {
        pages[url] = known;
        continue;
      }
      // The live build's own file, which the build that made it read and found not searchable (a list, a form):
      // ~1,700 pages at 5,000 articles, read again by every build before this.
      if (!known) continue;
    }
    const slice = searchableSlice(await readFile(path, "utf8"));
    // French pages with searchable content only (every page of this site is French today; a page in another
    // language would need its own index and its own search page).
    if (slice === null) continue;
    const folded = foldApostrophes(slice);
    // A profile's shard follows its person; a dated page's its date (ignored parts included: a byline is one).
    const indexed = withoutIgnored(folded);
    slices.set(url, indexed);
    pages[url] = { file, key: shardKey(url, folded), date: pageDate(url, folded), digest: Bun.hash(indexed).toString(36) };
  }
  const read = lap();
  const shardPage = (url: string): ShardPage => ({ url, key: pages[url]!.key, date: pages[url]!.date ?? "" });
  const digestOf = (url: string) => pages[url]!.digest;
  if (cut) {
    // The change's pages read again: every rendered page in `pages` now (all were removed above).
    const added = [...new Set(files.map(([file]) => pageUrl(file)))].filter((url) => pages[url] !== undefined);
    const removedAll = removed.size + added.length <= KEPT_CUT_EDITS && [...removed].every(([url, r]) => cut!.remove({ url, key: r.key, date: r.date ?? "" }));
    if (removedAll) for (const url of added) cut.add(shardPage(url));
    // A large change, or a kept cut that does not hold a page it should (never seen): cut whole.
    else cut = null;
  }
  cut ??= new KeptShards(pagesPerShard, Object.keys(pages).map(shardPage));
  const members = cut.members();
  const dirs = shardDirs(members);
  const digests = cut.digests(digestOf);
  const shards = members.map((m, i): ShardRecord => ({ dir: dirs[i]!, digest: digests[i]! }));
  const previousShards = new Map((Array.isArray(before?.shards) ? before.shards : []).map((r) => [r.dir, r.digest]));
  let reused = 0;
  const toIndex: number[] = [];
  for (let shard = 0; shard < shards.length; shard++) {
    const { dir, digest } = shards[shard]!;
    const old = previous ? join(previous, dir) : null;
    if (previousShards.get(dir) === digest && old && existsSync(join(old, "pagefind-entry.json"))) {
      // Staged for publication in place: an unchanged shard stays where it is, in the live folder.
      if (!staged) linkShard(old, join(outDir, dir));
      reused++;
    } else toIndex.push(shard);
  }
  // Largest shards first, so that the two services finish at about the same time.
  toIndex.sort((a, b) => members[b]!.length - members[a]!.length || a - b);
  const plan = lap();
  // Texts read from disk for this build's shards, remembered below for the next one.
  const sentNow = new Map<string, string>();
  const written = await indexShards(
    toIndex.map((shard) => () => ({
      outputPath: join(outDir, dirs[shard]!),
      shardZero: shard === 0,
      // Staged: only the files the live copy of this shard lacks are written.
      ...(staged && previous ? { live: join(previous, dirs[shard]!) } : {}),
      pages: members[shard]!.map((url): [string, string] => {
        const fresh = slices.get(url);
        if (fresh !== undefined) return [url, fresh];
        // What Pagefind got for this page last time, if its digest still says the same (a recent shard is indexed
        // again at most changes: its ~500 unchanged pages are not read and cut again each time).
        const remembered = keepServices ? sentBefore.get(url) : undefined;
        if (remembered && remembered.digest === pages[url]!.digest) return [url, remembered.text];
        const slice = searchableSlice(readFileSync(where.get(pages[url]!.file) ?? join(unlistedIn, pages[url]!.file), "utf8"));
        const text = withoutIgnored(foldApostrophes(slice!));
        if (keepServices) sentNow.set(url, text);
        return [url, text];
      }),
    })),
    keepServices,
  );
  const indexed = toIndex.length;
  const index = lap();
  if (keepServices) {
    // Kept for the next build: what each page of the shards indexed now was given (a few MB for ~1,000 pages).
    const kept = new Map<string, { digest: string; text: string }>();
    for (const shard of toIndex) {
      for (const url of members[shard]!) {
        const text = slices.get(url) ?? sentNow.get(url);
        const before = sentBefore.get(url);
        // Its digest is computed from the text itself, never taken from a record.
        if (text !== undefined) kept.set(url, { digest: Bun.hash(text).toString(36), text });
        else if (before) kept.set(url, before);
      }
    }
    sentBefore = kept;
  }
  const others = dirs.slice(1).map((dir) => `/${dir}/`);
  mkdirSync(join(outDir, BUNDLE), { recursive: true });
  writeFileSync(join(outDir, BUNDLE, SHARDS_FILE), JSON.stringify(others));
  const searchManifest = { key, shards, pages } satisfies SearchManifest;
  writeFileSync(join(outDir, SEARCH_MANIFEST), JSON.stringify(searchManifest));
  // Kept for the next build in a long-lived process (its live manifest, once published), with its cut. A staged
  // change that touched no page's record wrote the live manifest's very bytes, which staging drops (the live file
  // stays): then it is the live file that this object stands for.
  if (keepServices) {
    const untouched = delta !== null && removed.size === 0 && files.every(([file]) => pages[pageUrl(file)] === undefined);
    knownManifest = { ...fileIdentity(join(untouched ? previous! : outDir, SEARCH_MANIFEST)), manifest: searchManifest };
    keptCut = { manifest: searchManifest, cut };
  }
  const indexedPages = toIndex.reduce((n, shard) => n + members[shard]!.length, 0);
  const shardFiles: Record<string, string[]> | undefined = staged ? {} : undefined;
  for (const shard of staged ? toIndex : []) {
    const kept = written.get(join(outDir, dirs[shard]!));
    // Never an empty list by default: staging would take it as a shard with no files and empty the live one.
    if (!kept) throw new Error(`search index: no file list for ${dirs[shard]}`);
    shardFiles![dirs[shard]!] = kept;
  }
  return {
    pages: members.reduce((n, m) => n + m.length, 0),
    shards: shards.length,
    indexed,
    reused,
    indexedPages,
    timings: { list, read, plan, index, write: lap() },
    ...(shardFiles ? { files: shardFiles } : {}),
  };
}
