import { existsSync, readFileSync, statSync } from "node:fs";
import { join, normalize } from "node:path";
import { contentType } from "./content-types";
import { SECURITY_HEADERS } from "./security-headers";

/** Bytes held in memory; Node's Buffer is one, typed loosely (ArrayBufferLike), so loads are narrowed once here. */
type Bytes = Uint8Array<ArrayBuffer>;
const bytes = (b: Buffer): Bytes => b as unknown as Bytes;

/** Which files never change under their name (cached for a year), and the Cache-Control of the others. */
export type CachePolicy = { immutable: (rel: string) => boolean; revalidate: string };

type Entry = {
  /** Headers built once per file and encoding: the request path then only picks one. */
  headers: { identity: Record<string, string>; br: Record<string, string>; gzip: Record<string, string> };
  body: Bytes;
  br: Bytes | null;
  gz: Bytes | null;
  type: string;
  etag: string;
  cacheControl: string;
  size: number;
};

// Hot files stay in memory (bounded) so a page is served without touching the disk, as nginx's open file cache
// and page cache would. 96 MB holds thousands of pages with their compressed copies.
const BUDGET_BYTES = 96 * 1024 * 1024;

/**
 * Serves the live static build. Paths map like Astro's `build.format: "file"`: /articles -> articles.html,
 * / -> index.html; hashed assets under /_astro/ are immutable, HTML revalidates with an ETag.
 */
export class StaticSite {
  private root: string | null = null;
  private readonly policy: CachePolicy;
  private cache = new Map<string, Entry | null>();
  /** Request pathname -> entry, so a hot page skips decoding and candidate lookups entirely. */
  private byPath = new Map<string, Entry>();
  private bytes = 0;
  private generation = 0;

  constructor(policy: Partial<CachePolicy> = {}) {
    this.policy = {
      immutable: policy.immutable ?? ((rel) => rel.startsWith("_astro/")),
      revalidate: policy.revalidate ?? "public, max-age=0, must-revalidate",
    };
  }

  /** Points at a new live build and forgets the old one's files. */
  setRoot(dir: string | null) {
    this.root = dir;
    this.cache.clear();
    this.byPath.clear();
    this.bytes = 0;
    this.generation++;
  }

  get ready(): boolean {
    return this.root !== null;
  }

  /** A response for `pathname`, or null when nothing in the build matches (the caller answers 404). */
  serve(request: Request, pathname: string): Response | null {
    if (!this.root) return null;
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

  /** The site's own 404 page with status 404. */
  notFound(request: Request): Response {
    const entry = this.root ? this.load("404.html") : null;
    if (!entry) {
      return new Response("Page introuvable", {
        status: 404,
        headers: { "content-type": "text/plain; charset=utf-8", ...SECURITY_HEADERS },
      });
    }
    return this.respond(request, makeEntry(entry.body, entry.br, entry.gz, entry.type, entry.etag, "no-cache"), 404);
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
    const path = join(this.root!, rel);
    let entry: Entry | null = null;
    try {
      const st = statSync(path);
      if (st.isFile() && !rel.endsWith(".br") && !rel.endsWith(".gz")) {
        const body = bytes(readFileSync(path));
        const br = existsSync(`${path}.br`) ? bytes(readFileSync(`${path}.br`)) : null;
        const gz = existsSync(`${path}.gz`) ? bytes(readFileSync(`${path}.gz`)) : null;
        const hashed = this.policy.immutable(rel);
        entry = makeEntry(
          body,
          br,
          gz,
          contentType(rel),
          `"${this.generation.toString(36)}-${Bun.hash(body).toString(36)}"`,
          hashed ? "public, max-age=31536000, immutable" : this.policy.revalidate,
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
    const head = request.method === "HEAD";
    if (status === 200 && request.headers.get("if-none-match") === entry.etag) {
      return new Response(null, { status: 304, headers: entry.headers.identity });
    }
    const accept = request.headers.get("accept-encoding");
    if (accept) {
      if (entry.br && accept.includes("br")) return new Response(head ? null : entry.br, { status, headers: entry.headers.br });
      if (entry.gz && accept.includes("gzip")) return new Response(head ? null : entry.gz, { status, headers: entry.headers.gzip });
    }
    return new Response(head ? null : entry.body, { status, headers: entry.headers.identity });
  }
}

function makeEntry(
  body: Bytes,
  br: Bytes | null,
  gz: Bytes | null,
  type: string,
  etag: string,
  cacheControl: string,
): Entry {
  const identity = { ...SECURITY_HEADERS, "content-type": type, "cache-control": cacheControl, etag, vary: "accept-encoding" };
  return {
    headers: { identity, br: { ...identity, "content-encoding": "br" }, gzip: { ...identity, "content-encoding": "gzip" } },
    body,
    br,
    gz,
    type,
    etag,
    cacheControl,
    size: body.length + (br?.length ?? 0) + (gz?.length ?? 0),
  };
}
