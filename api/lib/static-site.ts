import { existsSync, readFileSync, statSync } from "node:fs";
import { join, normalize } from "node:path";
import { contentType } from "./content-types";
import { SECURITY_HEADERS } from "./security-headers";

type Entry = {
  body: Uint8Array;
  br: Uint8Array | null;
  gz: Uint8Array | null;
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
  private cache = new Map<string, Entry | null>();
  private bytes = 0;
  private generation = 0;

  /** Points at a new live build and forgets the old one's files. */
  setRoot(dir: string | null) {
    this.root = dir;
    this.cache.clear();
    this.bytes = 0;
    this.generation++;
  }

  get ready(): boolean {
    return this.root !== null;
  }

  /** A response for `pathname`, or null when nothing in the build matches (the caller answers 404). */
  serve(request: Request, pathname: string): Response | null {
    if (!this.root) return null;
    const entry = this.lookup(pathname);
    if (!entry) return null;
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
    return this.respond(request, { ...entry, cacheControl: "no-cache" }, 404);
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
        const body = readFileSync(path);
        const br = existsSync(`${path}.br`) ? readFileSync(`${path}.br`) : null;
        const gz = existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`) : null;
        const hashed = rel.startsWith("_astro/");
        entry = {
          body,
          br,
          gz,
          type: contentType(rel),
          etag: `"${this.generation.toString(36)}-${Bun.hash(body).toString(36)}"`,
          cacheControl: hashed ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
          size: body.length + (br?.length ?? 0) + (gz?.length ?? 0),
        };
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
    const headers: Record<string, string> = {
      ...SECURITY_HEADERS,
      "content-type": entry.type,
      "cache-control": entry.cacheControl,
      etag: entry.etag,
      vary: "accept-encoding",
    };
    if (status === 200 && request.headers.get("if-none-match") === entry.etag) {
      return new Response(null, { status: 304, headers });
    }
    const accept = request.headers.get("accept-encoding") ?? "";
    let body = entry.body;
    if (entry.br && /\bbr\b/.test(accept)) {
      body = entry.br;
      headers["content-encoding"] = "br";
    } else if (entry.gz && /\bgzip\b/.test(accept)) {
      body = entry.gz;
      headers["content-encoding"] = "gzip";
    }
    return new Response(request.method === "HEAD" ? null : body, { status, headers });
  }
}
