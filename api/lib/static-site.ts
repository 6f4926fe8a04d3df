import { existsSync, readFileSync, statSync } from "node:fs";
import { join, normalize } from "node:path";
import { contentType } from "./content-types";
import { PAGE_HEADERS, SECURITY_HEADERS } from "./security-headers";

/** Bytes held in memory; Node's Buffer is one, typed loosely (ArrayBufferLike), so loads are narrowed once here. */
type Bytes = Uint8Array<ArrayBuffer>;
const bytes = (b: Buffer): Bytes => b as unknown as Bytes;

/** Which files never change under their name (cached for a year), and the Cache-Control of the others. */
export type CachePolicy = { immutable: (rel: string) => boolean; revalidate: string };

type Entry = {
  /**
   * Headers built once per file and encoding, as Headers objects: Bun copies those natively, while a plain object
   * is converted header by header on every response (measured: a third of the throughput on small pages).
   */
  headers: { identity: Headers; br: Headers; gzip: Headers };
  /**
   * Blobs, not byte arrays: Bun sends a Blob's bytes without copying them into each response (measured: a quarter
   * less CPU per answer for a 39 KB page).
   */
  body: Blob;
  br: Blob | null;
  gz: Blob | null;
  etag: string;
  size: number;
};

// Hot files stay in memory (bounded) so a page is served without touching the disk, as nginx's open file cache
// and page cache would. 96 MB holds thousands of pages with their compressed copies.
const BUDGET_BYTES = 96 * 1024 * 1024;

/** The build's table of moved pages (site/src/pages/moved.json.ts). */
export const MOVED_FILE = "moved.json";

/**
 * Serves the live static build. Paths map like Astro's `build.format: "file"`: /articles -> articles.html,
 * / -> index.html; hashed assets under /_astro/ are immutable, HTML revalidates with an ETag.
 */
/** How a built file may be cached: hashed assets for a year, everything else checked at each visit (ETag). */
export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "public, max-age=0, must-revalidate";
/** Astro's bundled assets carry a content hash in their name. */
export const isHashedAsset = (rel: string) => rel.startsWith("_astro/");

export class StaticSite {
  private dir: string | null = null;
  private readonly policy: CachePolicy;
  private cache = new Map<string, Entry | null>();
  /** Request pathname -> entry, so a hot page skips decoding and candidate lookups entirely. */
  private byPath = new Map<string, Entry>();
  private bytes = 0;
  /** The 404 page with its own Cache-Control, built once per build (undefined: not looked up yet). */
  private notFoundEntry: Entry | null | undefined = undefined;
  /** The build's moved pages (undefined: not read yet), see `movedTo`. */
  private moved: Map<string, string> | undefined = undefined;

  constructor(policy: Partial<CachePolicy> = {}) {
    this.policy = {
      immutable: policy.immutable ?? isHashedAsset,
      revalidate: policy.revalidate ?? REVALIDATE,
    };
  }

  /** The build folder served. */
  get root(): string | null {
    return this.dir;
  }

  /** Points at a new live build and forgets the old one's files. */
  setRoot(dir: string | null) {
    this.dir = dir;
    this.cache.clear();
    this.byPath.clear();
    this.bytes = 0;
    this.notFoundEntry = undefined;
    this.moved = undefined;
  }

  /**
   * A generation published in place into the folder served (api/lib/publish-in-place.ts): only the files it
   * changed (relative paths, compressed copies included) are dropped from memory; every other page keeps its entry.
   * `files` null: everything may have changed.
   */
  refresh(files: readonly string[] | null) {
    if (files === null) return this.setRoot(this.dir);
    for (const file of files) {
      const rel = file.replace(/\.(br|gz)$/, "");
      const old = this.cache.get(rel);
      if (old !== undefined) {
        this.cache.delete(rel);
        this.bytes -= old?.size ?? 0;
      }
      if (rel === "404.html") this.notFoundEntry = undefined;
      if (rel === MOVED_FILE) this.moved = undefined;
    }
    // Request paths point at entries, some now dropped (and a new page may answer a path that had none).
    this.byPath.clear();
  }

  get ready(): boolean {
    return this.dir !== null;
  }

  /** A response for `pathname`, or null when nothing in the build matches (the caller answers 404). */
  serve(request: Request, pathname: string): Response | null {
    if (!this.dir) return null;
    let entry = this.byPath.get(pathname);
    if (!entry) {
      const found = this.lookup(pathname);
      if (!found) return null;
      entry = found;
      if (this.byPath.size > 20_000) this.byPath.clear();
      this.byPath.set(pathname, entry);
    }
    return this.respond(request, entry, 200);
  }

  /**
   * Where a page that moved lives now, or null: the build writes `moved.json` (old path, decoded and lower-cased
   * -> new path, encoded), e.g. a renamed member's profile (api/modules/members/old-slugs.ts). Read once per build;
   * asked only when no file answers the path, so a live page always wins.
   */
  movedTo(pathname: string): string | null {
    if (!this.dir) return null;
    if (this.moved === undefined) {
      this.moved = new Map();
      try {
        const table = JSON.parse(readFileSync(join(this.dir, MOVED_FILE), "utf8")) as Record<string, unknown>;
        for (const [from, to] of Object.entries(table)) if (typeof to === "string" && to.startsWith("/") && !to.startsWith("//")) this.moved.set(from, to);
      } catch {
        // No table in this build (or an unreadable one): nothing moved.
      }
    }
    if (this.moved.size === 0) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    return this.moved.get(decoded.normalize("NFC").toLowerCase().replace(/(.)\/+$/, "$1").replace(/\.html$/, "")) ?? null;
  }

  /** The site's own 404 page with status 404. */
  notFound(request: Request): Response {
    if (this.notFoundEntry === undefined) {
      const page = this.dir ? this.load("404.html") : null;
      this.notFoundEntry = page && makeEntry(page.body, page.br, page.gz, contentType("404.html"), page.etag, "no-cache");
    }
    if (!this.notFoundEntry) {
      return new Response("Page introuvable", {
        status: 404,
        headers: { "content-type": "text/plain; charset=utf-8", ...SECURITY_HEADERS },
      });
    }
    return this.respond(request, this.notFoundEntry, 404);
  }

  private lookup(pathname: string): Entry | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes("\0")) return null;
    const clean = normalize(decoded).replace(/^\/+/, "");
    // normalize() resolves "..": anything still climbing out of the root is refused.
    if (clean.startsWith("..")) return null;
    // Dot files are the build's own bookkeeping (the compression manifest), never pages.
    if (/(^|\/)\.(?!well-known\/)[^/]/.test(clean)) return null;
    const candidates =
      clean === "" || clean === "."
        ? ["index.html"]
        : clean.endsWith("/")
          ? [`${clean}index.html`, `${clean.slice(0, -1)}.html`]
          : [clean, `${clean}.html`, `${clean}/index.html`];
    for (const c of candidates) {
      const e = this.load(c);
      if (e) return e;
    }
    return null;
  }

  private load(rel: string): Entry | null {
    const cached = this.cache.get(rel);
    if (cached !== undefined) {
      // Refresh recency for the LRU order (Map keeps insertion order).
      this.cache.delete(rel);
      this.cache.set(rel, cached);
      return cached;
    }
    const path = join(this.dir!, rel);
    let entry: Entry | null = null;
    try {
      const st = statSync(path);
      if (st.isFile() && !rel.endsWith(".br") && !rel.endsWith(".gz")) {
        const body = bytes(readFileSync(path));
        const br = existsSync(`${path}.br`) ? new Blob([bytes(readFileSync(`${path}.br`))]) : null;
        const gz = existsSync(`${path}.gz`) ? new Blob([bytes(readFileSync(`${path}.gz`))]) : null;
        const hashed = this.policy.immutable(rel);
        entry = makeEntry(
          new Blob([body]),
          br,
          gz,
          contentType(rel),
          // From the bytes alone: every process (primary and static workers) gives the same ETag, and a page a
          // rebuild did not change keeps it, so browsers revalidate it with a 304.
          `"${body.length.toString(36)}-${Bun.hash(body).toString(36)}"`,
          hashed ? IMMUTABLE : this.policy.revalidate,
          PAGE_HEADERS[rel],
        );
      }
    } catch {
      entry = null;
    }
    this.remember(rel, entry);
    return entry;
  }

  private remember(rel: string, entry: Entry | null) {
    this.cache.set(rel, entry);
    this.bytes += entry?.size ?? 0;
    while (this.bytes > BUDGET_BYTES && this.cache.size > 1) {
      const [oldest, old] = this.cache.entries().next().value!;
      this.cache.delete(oldest);
      this.bytes -= old?.size ?? 0;
    }
  }

  private respond(request: Request, entry: Entry, status: number): Response {
    const headers = request.headers;
    if (status === 200) {
      const match = headers.get("if-none-match");
      if (match !== null && (match === entry.etag || match.split(/\s*,\s*/).includes(entry.etag))) {
        return new Response(null, { status: 304, headers: entry.headers.identity });
      }
    }
    // The encoding is chosen only for files that have compressed copies (the Vary header says so once per file).
    if (entry.br !== null || entry.gz !== null) {
      const accept = headers.get("accept-encoding");
      if (accept !== null) {
        if (entry.br !== null && accept.includes("br")) return new Response(entry.br, { status, headers: entry.headers.br });
        if (entry.gz !== null && accept.includes("gzip")) return new Response(entry.gz, { status, headers: entry.headers.gzip });
      }
    }
    const range = status === 200 ? headers.get("range") : null;
    if (range !== null) return rangeResponse(range, entry);
    // Bun answers HEAD itself from this response: same headers and Content-Length, no body.
    return new Response(entry.body, { status, headers: entry.headers.identity });
  }
}

/** A single `bytes=` range of the identity body (206), or 416; anything else gets the whole file, as RFC 9110 allows. */
function rangeResponse(range: string, entry: Entry): Response {
  const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  const size = entry.body.size;
  if (!m || (m[1] === "" && m[2] === "")) return new Response(entry.body, { headers: entry.headers.identity });
  const start = m[1] === "" ? Math.max(0, size - Number(m[2])) : Number(m[1]);
  const end = m[1] === "" || m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start > end || start >= size) {
    const headers = new Headers(entry.headers.identity);
    headers.set("content-range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const headers = new Headers(entry.headers.identity);
  headers.set("content-range", `bytes ${start}-${end}/${size}`);
  return new Response(entry.body.slice(start, end + 1), { status: 206, headers });
}

function makeEntry(
  body: Blob,
  br: Blob | null,
  gz: Blob | null,
  type: string,
  etag: string,
  cacheControl: string,
  pageHeaders?: Record<string, string>,
): Entry {
  const identity: Record<string, string> = { ...SECURITY_HEADERS, "content-type": type, "cache-control": cacheControl, etag, ...pageHeaders };
  if (br !== null || gz !== null) identity.vary = "accept-encoding";
  else identity["accept-ranges"] = "bytes";
  return {
    headers: {
      identity: new Headers(identity),
      br: new Headers({ ...identity, "content-encoding": "br" }),
      gzip: new Headers({ ...identity, "content-encoding": "gzip" }),
    },
    body,
    br,
    gz,
    etag,
    size: body.size + (br?.size ?? 0) + (gz?.size ?? 0),
  };
}
