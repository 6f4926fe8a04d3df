/**
 * Partial builds, as an Astro integration (astro.config.mjs). Every build, full or partial, records in
 * `<out>/.pages.json` each page it has: its file and, for pages made from one item, a hash of that item's data
 * (the `props` its getStaticPaths gave it). A partial build (BUILD_MODE=partial, BUILD_PREVIOUS_DIR = the live
 * build) asks Astro to render only:
 *  - pages whose data changed, or that did not exist, among the routes of ITEM_ROUTES below;
 *  - the other pages (home, lists, feeds, sitemap, static screens) whose reads changed: each build records what
 *    such a page read from the API while it rendered, with a digest of each answer (site/src/lib/page-reads.ts),
 *    and the next build renders it again only when one of those answers differs, or when what it computed from
 *    the clock (an event's status) no longer holds. A page with no record is rendered.
 * The pages it skipped keep the live build's file, hard-linked in by scripts/build-steps.ts (in a warm build, by
 * scripts/link-worker.ts). Which item changed is found from the data itself, not from the change kind, so a
 * member's new name reaches every article they signed.
 * A build whose code or configuration differs from the live build's (BUILD_KEY) renders everything.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration, AstroPrerenderer } from "astro";
import { eventDates, eventStatus } from "../site/src/lib/event-time";
import { objectDigest } from "../site/src/lib/object-digest";
import { beginListing, currentListing } from "../site/src/lib/listing-scope";
import { currentDigests, readsHold, recordReads, startReadsIndex } from "../site/src/lib/page-reads";
import { gatherScriptHashes, renderedPageScripts } from "./csp-hashes";
import { carriedPages } from "./pages-manifest-file";
import { RenderedPagesReport, renderedPagesReceiver } from "./rendered-pages";
import {
  type CapturedPrerenderer,
  keepingPrerenderer,
  loadAllPages,
  offerPrerenderer,
  type StaticPathsCache,
} from "./prerenderer-capture";
import { rendererSaver } from "./saved-renderer";

export const PAGES_MANIFEST = ".pages.json";

/**
 * Routes whose page is made from its props alone (the template reads nothing else at render time), with anything
 * else its output depends on. A route not listed is rendered by every build: adding a route never makes a partial
 * build wrong, only slower. Checked by scripts/partial-build.test.ts.
 */
export const ITEM_ROUTES: Record<string, ((props: Record<string, unknown>) => string) | null> = {
  "/article/[url]": null,
  "/media/[url]": null,
  "/mediatheque/audio/[url]": null,
  "/mediatheque/video/[url]": null,
  // The badge (past, ongoing, upcoming) is computed at build time from the clock.
  "/event/[url]": (props) => {
    const { start, end } = eventDates(props.event as Parameters<typeof eventDates>[0]);
    return eventStatus(start, end);
  },
  // DTSTAMP is the build's clock: a page carried over keeps the time it was made (ignored when comparing builds).
  "/event/[url].ics": null,
  // « Citer »: an article's BibTeX and RIS files (the citation's fields are props).
  "/article/[url].bib": null,
  "/article/[url].ris": null,
  "/cercle-impulsion/[fullname]": null,
  "/cercle-axiologique/[fullname]": null,
  "/user/[nickname]": null,
  "/articles/theme/[theme]": null,
  // The pages of the article lists (50 rows, a sort, a theme): their rows, counts and theme navigation are props.
  "/articles/[...list]": null,
  // A theme's feed: the theme and its latest articles are props.
  "/rss/[theme].xml": null,
  // A part of the sitemap: its addresses are props (site/src/lib/sitemap.ts).
  "/sitemap/[part].xml": null,
};

/**
 * Routes whose pages the search index reads (the pages that pass `searchKind` to Base.astro). A warm build renders
 * them first and starts indexing while it renders the rest (scripts/warm-renderer.ts); a searchable page from
 * another route is still indexed, only after everything is rendered.
 */
export const SEARCHABLE_ROUTES: ReadonlySet<string> = new Set([
  "/article/[url]",
  "/media/[url]",
  "/mediatheque/audio/[url]",
  "/mediatheque/video/[url]",
  "/event/[url]",
  "/user/[nickname]",
]);

/**
 * What the pages are made with besides the data: the site's sources (not the browser apps, bundled apart by
 * scripts/build-apps.ts) and shared/ (the HTML allow-list the pages clean bodies with), this file and the search indexer, the dependencies and the public address. A partial
 * build reuses pages and search shards only from a build with the same key.
 */
export function buildKey(root: string): string {
  const hasher = new Bun.CryptoHasher("sha256");
  const add = (path: string) => {
    if (path === join(root, "site", "src", "apps")) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name));
    } else {
      hasher.update(relative(root, path));
      hasher.update(readFileSync(path));
    }
  };
  const files = ["site", "shared", "astro.config.mjs", "package-lock.json", "tsconfig.json", "scripts/partial-build.ts", "scripts/search-index.ts", "scripts/search-shards-kept.ts"];
  for (const path of files) {
    if (existsSync(join(root, path))) add(join(root, path));
  }
  // The footer's social links (site/src/lib/social.ts) are on every page, like the public address.
  hasher.update(`${process.env.PUBLIC_URL ?? ""}\0${process.env.SOCIAL_LINKEDIN_URL ?? ""}\0${process.env.SOCIAL_YOUTUBE_URL ?? ""}\0${Bun.version}`);
  return hasher.digest("hex").slice(0, 24);
}

/** `reads`: for a page not made from one item, what it read and the digest of each answer (none: render it). */
export type PageRecord = { file: string; route: string; data?: string; reads?: Record<string, string> };
export type PagesManifest = {
  key: string;
  mode: "full" | "partial";
  pages: Record<string, PageRecord>;
  /** Pages this build did not render: their file comes from the previous build. */
  carried: string[];
  /** The listing that made this build (site/src/lib/listing-scope.ts): the next one may list some routes in part. */
  listing?: string;
};

/**
 * The last manifests this process wrote or read, by their file's identity: at 50,000 articles a manifest is 25 MB
 * of JSON, read by several steps of each build (the plan, the check for missing pages, staging) and written by the
 * previous one. A staged manifest keeps its inode when publication renames it into the live folder, so the next
 * build finds it here. Two are kept: a staged build's own and the live one, which staging reads again after the
 * build wrote its own (a single entry made it parse the live one a second time per build). Manifests are never
 * modified once written.
 */
type Known = { dev: number; ino: number; mtimeMs: number; size: number; manifest: PagesManifest };
let known: Known[] = [];
const KNOWN_MANIFESTS = 2;

function identity(path: string) {
  const st = statSync(path);
  return { dev: st.dev, ino: st.ino, mtimeMs: st.mtimeMs, size: st.size };
}

function remember(entry: Known) {
  known = [entry, ...known.filter((k) => k.dev !== entry.dev || k.ino !== entry.ino)].slice(0, KNOWN_MANIFESTS);
}

/**
 * The pages a partial build rendered, by its manifest, when its plan named them. Its file then lists them in place
 * of the pages it carried (`rendered` instead of `carried`): ~50 names instead of 155,000 at 50,000 articles, which
 * cost every build 50-80 ms on its path to stringify and encode, and 8 MB of the file. Read back, `carried` is
 * made again from them.
 */
const renderedOf = new WeakMap<PagesManifest, string[]>();

/** Notes the pages a partial manifest's build renders (its plan; benchmarks and tests that make one by hand). */
export function noteRendered(manifest: PagesManifest, pathnames: string[]): void {
  renderedOf.set(manifest, pathnames);
}

/** What `.pages.json` holds for `manifest`: the manifest, or its pages rendered in place of those carried. */
export function manifestOnDisk(manifest: PagesManifest): object {
  const rendered = renderedOf.get(manifest);
  if (!rendered) return manifest;
  const { carried: _, ...rest } = manifest;
  return { ...rest, rendered };
}

function parsePagesManifest(text: string): PagesManifest {
  const parsed = JSON.parse(text) as PagesManifest & { rendered?: string[] };
  if (!parsed.rendered) return parsed;
  const { rendered, ...manifest } = parsed;
  manifest.carried = carriedPages(parsed);
  renderedOf.set(manifest, rendered);
  return manifest;
}

export function readPagesManifest(dir: string | undefined): PagesManifest | null {
  if (!dir) return null;
  const path = join(dir, PAGES_MANIFEST);
  try {
    const id = identity(path);
    const hit = known.find((k) => k.dev === id.dev && k.ino === id.ino && k.mtimeMs === id.mtimeMs && k.size === id.size);
    if (hit) return hit.manifest;
    const manifest = parsePagesManifest(readFileSync(path, "utf8"));
    remember({ ...id, manifest });
    return manifest;
  } catch {
    return null;
  }
}

/**
 * Forgets every remembered manifest but `dir`'s (a build's end): between builds the process keeps the manifest the
 * next build starts from, not the one before it too (~100 MB of objects at 50,000 articles).
 */
export function keepOnlyManifestOf(dir: string): void {
  try {
    const id = identity(join(dir, PAGES_MANIFEST));
    known = known.filter((k) => k.dev === id.dev && k.ino === id.ino);
  } catch {
    known = [];
  }
}

/**
 * Where each page record's `"pathname":{...}` JSON sits, as UTF-8, in a buffer this process wrote: by the record's
 * identity. A warm build carries most records as the previous manifest's own objects (150,000 of 155,000 at 50,000
 * articles), laid out in the same order as before, so their bytes are copied in runs and only the records this build
 * made are serialized. JSON.stringify of the whole 25 MB manifest, then its encoding, cost each build 120-150 ms
 * on its critical path (bench/pages-manifest.ts). Sound because a record is never changed once its manifest is
 * written (see `known`); the pathname is checked all the same.
 */
type Placed = { pathname: string; bytes: Buffer; start: number; end: number };
const placedRecords = new WeakMap<PageRecord, Placed>();

/** Stands for the pages in the JSON of the manifest's other fields: its quotes cannot appear unescaped inside a value. */
const PAGES_SLOT = "\u0000pages\u0000";
const COMMA = Buffer.from(",");

/**
 * The manifest as UTF-8 bytes, exactly JSON.stringify's output of `manifestOnDisk` (scripts/pages-manifest-bytes.test.ts checks it): the
 * pages from the records' bytes, the other fields by JSON.stringify in the manifest's own key order. `remember`:
 * note where the new records' bytes are (not for a manifest that will still change).
 */
export function serializePagesManifest(manifest: PagesManifest, remember = true): Buffer {
  // Runs of bytes, a comma between two runs; a run is one buffer's bytes from `start` to `end`.
  const runs: Placed[] = [];
  const add = (placed: Placed) => {
    const last = runs[runs.length - 1];
    // The next record in the same buffer, after its comma: the run grows.
    if (last !== undefined && last.bytes === placed.bytes && last.end + 1 === placed.start) last.end = placed.end;
    else runs.push({ ...placed });
  };
  // Records not placed yet, serialized together into one buffer when a placed record (or the end) comes.
  let fresh: { pathname: string; record: PageRecord; text: string }[] = [];
  const placeFresh = () => {
    if (fresh.length === 0) return;
    const bytes = Buffer.from(fresh.map((f) => f.text).join(","), "utf8");
    let start = 0;
    for (const { pathname, record, text } of fresh) {
      const placed = { pathname, bytes, start, end: start + Buffer.byteLength(text, "utf8") };
      if (remember) placedRecords.set(record, placed);
      add(placed);
      start = placed.end + 1;
    }
    fresh = [];
  };
  const pages = manifest.pages;
  // A plain object (from JSON.parse or the plan): for…in gives its own keys, in JSON.stringify's order.
  for (const pathname in pages) {
    const record = pages[pathname]!;
    const placed = placedRecords.get(record);
    if (placed !== undefined && placed.pathname === pathname) {
      placeFresh();
      add(placed);
    } else fresh.push({ pathname, record, text: `${JSON.stringify(pathname)}:${JSON.stringify(record)}` });
  }
  placeFresh();
  const rest = JSON.stringify({ ...manifestOnDisk(manifest), pages: PAGES_SLOT });
  const slot = `"pages":${JSON.stringify(PAGES_SLOT)}`;
  const at = rest.indexOf(slot);
  const parts: Buffer[] = [Buffer.from(`${rest.slice(0, at)}"pages":{`, "utf8")];
  runs.forEach((run, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(run.bytes.subarray(run.start, run.end));
  });
  parts.push(Buffer.from(`}${rest.slice(at + slot.length)}`, "utf8"));
  const out = Buffer.concat(parts);
  // A buffer lives as long as one of its records: a build's new records share one, and an article edited once keeps
  // that build's whole buffer (its list pages' records too) for as long as it is carried. Past a few buffers, every
  // record is pointed at this output instead, which frees the others (one pass, every few builds).
  if (remember && new Set(runs.map((run) => run.bytes)).size > KEPT_BUFFERS) {
    let start = parts[0]!.length;
    for (const pathname in pages) {
      const record = pages[pathname]!;
      const was = placedRecords.get(record)!;
      const length = was.end - was.start;
      placedRecords.set(record, { pathname, bytes: out, start, end: start + length });
      start += length + 1;
    }
  }
  return out;
}

/** Buffers a manifest's records may be spread over before they are all pointed at the last output (see above). */
export const KEPT_BUFFERS = 8;

/** The buffers `manifest`'s records keep alive (tests: the bound above holds build after build). */
export function buffersKeptBy(manifest: PagesManifest): number {
  const buffers = new Set<Buffer>();
  for (const pathname in manifest.pages) {
    const placed = placedRecords.get(manifest.pages[pathname]!);
    if (placed) buffers.add(placed.bytes);
  }
  return buffers.size;
}

/**
 * Writes a build's pages manifest, and remembers it for the next read (see `known`) unless the object will still
 * change (`final: false`: a first copy, written again at the end).
 */
export function writePagesManifest(dir: string, manifest: PagesManifest, final = true): void {
  const path = join(dir, PAGES_MANIFEST);
  writeFileSync(path, serializePagesManifest(manifest, final));
  if (final) remember({ ...identity(path), manifest });
}

/** The file Astro writes for a path with `build.format: "file"`: / -> index.html, /a/b -> a/b.html, /rss.xml as is. */
export function outputFile(pathname: string, routeType: string): string {
  const path = pathname.replace(/^\/+/, "").replace(/\/+$/, "");
  if (routeType === "endpoint") return path;
  return path === "" ? "index.html" : `${path}.html`;
}

type RouteLike = { route: string; type: string; params: string[] };
export type PathWithRoute = { pathname: string; route: RouteLike };

/**
 * Hash of what a page is made from (its props); undefined when Astro's route cache does not give them. Each prop
 * object's digest comes from the memo by identity (site/src/lib/object-digest.ts): the list pages share the same
 * article summaries and the article pages their authors and related teasers, so each is serialized once.
 */
function dataHash(route: RouteLike, pathname: string, cache: StaticPathsCache | undefined): string | undefined {
  const props = cache?.get(route)?.staticPaths?.keyed?.get(pathname)?.props as Record<string, unknown> | undefined;
  if (!props) return undefined;
  const extra = ITEM_ROUTES[route.route]?.(props) ?? "";
  const parts = Object.keys(props).map((key) => `${key}:${objectDigest(props[key])}`);
  return Bun.hash(`${parts.join(",")}\u0000${extra}`).toString(36);
}

/**
 * The answers a manifest's pages read, for the manifests this process made (`planBuild` and `keepReads` gather
 * them from the pages they handle: going over the 155,000 records of a manifest at 50,000 articles cost a pass per
 * build). Not written: a manifest read from disk is gone over once.
 */
const readsOfManifest = new WeakMap<PagesManifest, Set<string>>();

/** The answers the previous build's pages read (their digests are compared with this build's: `currentDigests`). */
function readsOf(previous: PagesManifest | null): Set<string> {
  if (!previous) return new Set();
  const known = readsOfManifest.get(previous);
  if (known) return known;
  const paths = new Set<string>();
  for (const page of Object.values(previous.pages)) for (const path of Object.keys(page.reads ?? {})) paths.add(path);
  return paths;
}

type PlanOptions = { key: string; partial: boolean; previous: PagesManifest | null; previousDir?: string };

/**
 * Starts the routes' listing: a route may list only the pages a change touched when the previous build is this
 * build's base and was listed by this process (site/src/lib/listing-scope.ts).
 */
export function startListing(previous: PagesManifest | null, key: string, partial: boolean): void {
  beginListing(partial && previous?.key === key ? previous.listing : null);
}

/** `planBuild` with this build's digest of every answer the previous build's pages read (fetching those not read yet). */
export async function planWithReads(paths: PathWithRoute[], cache: StaticPathsCache | undefined, opts: PlanOptions) {
  const base = opts.partial && opts.previous?.key === opts.key ? opts.previous : null;
  return planBuild(paths, cache, { ...opts, digests: await currentDigests(readsOf(base)) });
}

/**
 * Splits the paths of a build into those to render and those to carry over from the previous build. `digests`:
 * this build's digest of every answer the previous build's pages read.
 */
export function planBuild(
  paths: PathWithRoute[],
  cache: StaticPathsCache | undefined,
  opts: PlanOptions & { digests?: Map<string, string> },
): { render: PathWithRoute[]; manifest: PagesManifest } {
  const previous = opts.partial && opts.previous?.key === opts.key && opts.previousDir ? opts.previous : null;
  const listing = currentListing();
  const manifest: PagesManifest = { key: opts.key, mode: previous ? "partial" : "full", pages: {}, carried: [], listing: listing.token ?? undefined };
  const render: PathWithRoute[] = [];
  const now = Date.now();
  // Routes listed in part: their pages the change did not touch keep the previous record (and file) as they are;
  // a touched page that was not listed is gone. Only on top of the previous build (else every route lists all).
  const reads = new Set<string>();
  readsOfManifest.set(manifest, reads);
  // The previous pages this listing may have dropped (those of routes listed whole, those a route listed in part
  // touched): the others are carried below.
  const mayGo: string[] | null = previous && listing.partial.size > 0 ? [] : null;
  if (previous && mayGo) {
    // for…in rather than Object.entries: no pair made per record (155,000 at 50,000 articles).
    for (const pathname in previous.pages) {
      const before = previous.pages[pathname]!;
      if (listing.partial.get(before.route)?.has(pathname) !== false) {
        mayGo.push(pathname);
        continue;
      }
      manifest.pages[pathname] = before;
      manifest.carried.push(pathname);
      if (before.reads) for (const path in before.reads) reads.add(path);
    }
  }
  for (const path of paths) {
    const item = path.route.route in ITEM_ROUTES && path.route.params.length > 0;
    const record: PageRecord = { file: outputFile(path.pathname, path.route.type), route: path.route.route };
    if (path.route.params.length > 0) {
      const data = dataHash(path.route, path.pathname, cache);
      if (data) record.data = data;
    }
    manifest.pages[path.pathname] = record;
    const before = previous?.pages[path.pathname];
    // An item page is what its props say; another page, its props (if any) and what it read.
    const same =
      before !== undefined &&
      before.data === record.data &&
      (item ? record.data !== undefined : before.reads !== undefined && readsHold(before.reads, opts.digests ?? new Map(), now)) &&
      before.file === record.file &&
      existsSync(join(opts.previousDir!, before.file));
    if (same) {
      if (!item) {
        record.reads = before.reads;
        for (const path in before.reads) reads.add(path);
      }
      manifest.carried.push(path.pathname);
    } else render.push(path);
  }
  if (previous && mayGo) {
    const files = new Set(paths.map((p) => manifest.pages[p.pathname]!.file));
    const gone = mayGo.filter((p) => !Object.hasOwn(manifest.pages, p) && !files.has(previous.pages[p]!.file)).map((p) => previous.pages[p]!.file);
    goneOf.set(manifest, { previous: new WeakRef(previous), gone });
  }
  if (previous) noteRendered(manifest, render.map((p) => p.pathname));
  return { render, manifest };
}

/**
 * For a manifest planned on top of another: the files of the other's pages it no longer has (see `gonePages`). The
 * other is held weakly: an entry's value lives as long as its key, so a strong one kept the previous manifest, whose
 * own entry kept the one before it, and so on: every manifest the process ever planned (2 MB of heap per build at
 * 5,000 articles, without end; scripts/partial-build-memory.test.ts).
 */
const goneOf = new WeakMap<PagesManifest, { previous: WeakRef<PagesManifest>; gone: string[] }>();

/**
 * The files of `before`'s pages that `now` no longer has, when this process planned `now` on top of `before` (the
 * plan knows them without a pass over every record); null otherwise (scripts/staging.ts then compares the two).
 */
export function gonePages(now: PagesManifest, before: PagesManifest): string[] | null {
  const known = goneOf.get(now);
  return known?.previous.deref() === before ? known.gone : null;
}

/** The page a prerender request asks for, as getStaticPaths names it: "/index.html" -> "/", "/a/b.html" -> "/a/b". */
function routePathname(pathname: string): string {
  const path = pathname.replace(/(^|\/)index\.html$/, "/").replace(/\.html$/, "");
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** Puts the reads recorded while rendering into the records of the pages rendered (item pages need none). */
export function keepReads(manifest: PagesManifest, rendered: Map<string, Record<string, string>>): void {
  // The rendered pages only (a page rendered is never carried): not a pass over every record.
  const known = readsOfManifest.get(manifest);
  for (const [pathname, reads] of rendered) {
    const record = Object.hasOwn(manifest.pages, pathname) ? manifest.pages[pathname]! : undefined;
    if (!record || (record.route in ITEM_ROUTES && record.data !== undefined)) continue;
    record.reads = reads;
    if (known) for (const path in reads) known.add(path);
  }
}

/** The files under `dir`, relative, with "/" (none if it does not exist). */
function filesUnder(dir: string): Set<string> {
  try {
    const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
    return new Set(entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/")));
  } catch {
    return new Set();
  }
}

/** The Astro integration: no effect unless the build script sets BUILD_KEY. */
export function partialBuild(): AstroIntegration {
  let manifest: PagesManifest | null = null;
  /** What each page rendered by this build read, by pathname. */
  const rendered = new Map<string, Record<string, string>>();
  let publicDir = "";
  let outDir = "";
  let astroConfig: { root: URL; outDir: URL } | null = null;
  /** Follows the rendering for the process running Astro, when it asks to (scripts/rendered-pages.ts). */
  let report: RenderedPagesReport | null = null;
  return {
    name: "partial-build",
    hooks: {
      "astro:config:done": ({ config }) => {
        publicDir = fileURLToPath(config.publicDir);
        outDir = fileURLToPath(config.outDir);
        astroConfig = config;
      },
      "astro:build:start": ({ setPrerenderer, logger }) => {
        const key = process.env.BUILD_KEY;
        if (!key) return;
        gatherScriptHashes();
        const receiver = renderedPagesReceiver();
        report = receiver ? new RenderedPagesReport(receiver, outDir, filesUnder(publicDir)) : null;
        const previousDir = process.env.BUILD_PREVIOUS_DIR || undefined;
        const partial = process.env.BUILD_MODE === "partial";
        // A renderer this process keeps is also saved for the build workers after it (scripts/saved-renderer.ts).
        const saver = keepingPrerenderer() && astroConfig ? rendererSaver(astroConfig, key) : null;
        setPrerenderer((base: CapturedPrerenderer) => ({
          name: "partial-build",
          setup: async () => {
            await saver?.beforeSetup();
            await base.setup?.();
            offerPrerenderer(base);
          },
          teardown: async () => {
            if (keepingPrerenderer()) {
              await loadAllPages(base);
              saver?.afterLoad(base.app);
            }
            await base.teardown?.();
          },
          // Each page's reads are recorded while it renders, its body read inside the record (Astro would read it after).
          render: async (request, options) => {
            let page: { body: ArrayBuffer | null; status: number } = { body: null, status: 0 };
            const { result, reads } = await recordReads(async () => {
              const out = await base.render(request, options);
              const response = out instanceof Response ? out : out.response;
              page = { body: response.body ? await response.arrayBuffer() : null, status: response.status };
              const copy = new Response(page.body, { status: response.status, statusText: response.statusText, headers: response.headers });
              return out instanceof Response ? copy : { ...out, response: copy };
            });
            const pathname = new URL(request.url).pathname;
            rendered.set(routePathname(pathname), reads);
            // The body Astro writes: none for a redirect (it writes a page of its own, without a script).
            const written = page.status < 300 || page.status >= 400 ? page.body : null;
            // Pages only, as the warm renderer does: feeds, calendars and citation files run no script.
            if (written && options.routeData.type === "page") renderedPageScripts(written);
            await report?.rendered(pathname, SEARCHABLE_ROUTES.has(options.routeData.route), written);
            return result;
          },
          ...(base.collectStaticImages ? { collectStaticImages: () => base.collectStaticImages!() } : {}),
          async getStaticPaths() {
            // The « Aperçu » process (scripts/preview-worker.ts) only wants the code bundled and the renderer kept.
            if (process.env.BUILD_MODE === "preview") return [];
            const listed = performance.now();
            startReadsIndex();
            const previous = readPagesManifest(previousDir);
            startListing(previous, key, partial);
            const paths = (await base.getStaticPaths()) as unknown as PathWithRoute[];
            const planned = performance.now();
            const plan = await planWithReads(paths, base.app?.routeCache, { key, partial, previous, previousDir });
            manifest = plan.manifest;
            const ms = (a: number, b: number) => Math.round(b - a);
            logger.info(
              `${manifest.mode} build: rendering ${plan.render.length} of ${paths.length} pages ` +
                `(listing pages ${ms(listed, planned)} ms, comparing their data ${ms(planned, performance.now())} ms)`,
            );
            const render = report ? report.order(plan.render, (p) => SEARCHABLE_ROUTES.has(p.route.route)) : plan.render;
            return render as unknown as Awaited<ReturnType<AstroPrerenderer["getStaticPaths"]>>;
          },
        }));
      },
      "astro:build:done": ({ dir }) => {
        if (!manifest) return;
        keepReads(manifest, rendered);
        writePagesManifest(fileURLToPath(dir), manifest);
      },
    },
  };
}
