/**
 * Answers to public GET endpoints, kept in memory until the content changes. Public answers do not depend on
 * who asks, so one copy serves everyone; any write through the API clears the cache (see `Deps.contentChanged`).
 * Each worker answering reads keeps its own, cleared by the primary over IPC (api/server.ts, api/lib/worker-api.ts).
 * Assumes one API process per database: a second process writing to the same libSQL server would not clear
 * this one (documented in docs/DECISIONS.md).
 */
import { promisify } from "node:util";
import { gzip } from "node:zlib";

/** Off the event loop: at 50,000 articles the list's 0.25 s of compression held every other request of the process. */
const gzipAsync = promisify(gzip);

type Bytes = Uint8Array<ArrayBuffer>;
/**
 * Bodies are Blobs, as the static site's (api/lib/static-site.ts): Bun copies a byte array into every Response made
 * of it, and sends a Blob's bytes as they are. The 384 KB article list at 5,000 spent two thirds of the API's CPU in
 * that copy under load (issue 34). `body` is null in an entry kept compressed only.
 */
type Entry = { body: Blob | null; gz: Blob | null; headers: [string, string][]; etag: string; size: number };

const BUDGET_BYTES = 48 * 1024 * 1024;
/** What an entry costs besides its body, key and headers (Map slot, objects, ETag): a generous estimate. */
const ENTRY_OVERHEAD = 256;
/**
 * Query parameters a public route reads. Any other one (`?cb=123`) cannot change the answer, so it must not make
 * a new entry: the key keeps only these. Add a parameter here when a public GET route starts reading it.
 */
const KEY_PARAMS: ReadonlySet<string> = new Set([]);

/**
 * Public routes never kept: the site build's change feed and the article bodies it reads by id (issue 31 §1) must
 * see a write made behind the API's back (a script, a timed job) as the database has it, like the whole list of
 * bodies always did (too big to keep).
 */
const UNCACHED_PATHS: ReadonlySet<string> = new Set([
  "/api/public/articles/changes",
  "/api/public/articles/full",
  "/api/public/articles/summaries",
  "/api/public/events-by-ids",
  "/api/public/media-by-ids",
]);

const acceptsGzip = (request: Request) => /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");

export class PublicCache {
  private entries = new Map<string, Entry>();
  /**
   * Answers being computed, by key, for the current generation: requests that miss while one is computed wait for
   * it instead of computing their own. Without it, the first moments after a start or a write under 64 connections
   * computed (and gzipped) the 4 MB article list 64 times at once: the p99 of `bench/public-under-writes.ts` was
   * that herd (issue 34).
   */
  private computing = new Map<string, Promise<Entry | null>>();
  private bytes = 0;
  private generation = 0;
  private readonly budget: number;

  constructor(opts: { budgetBytes?: number } = {}) {
    this.budget = opts.budgetBytes ?? BUDGET_BYTES;
  }

  /** The cache key of a request: its path and the parameters of KEY_PARAMS, sorted. */
  static keyOf(pathname: string, url: string): string {
    const q = url.indexOf("?");
    if (q < 0 || KEY_PARAMS.size === 0) return pathname;
    const kept = [...new URLSearchParams(url.slice(q + 1))].filter(([k]) => KEY_PARAMS.has(k)).sort();
    return kept.length ? `${pathname}?${new URLSearchParams(kept)}` : pathname;
  }

  /** Take this before computing an answer and hand it to store(): a write in between makes the answer stale. */
  get generationNow(): number {
    return this.generation;
  }

  clear() {
    this.entries.clear();
    // A request arriving after the write must not wait for an answer computed before it.
    this.computing.clear();
    this.bytes = 0;
    this.generation++;
  }

  /**
   * The answer to a public GET this cache may keep: the kept one, or `compute`'s, stored. Null for any other request
   * (a write, a HEAD, a path of UNCACHED_PATHS), which the caller answers itself. The one way in for the primary
   * (api/server.ts) and the workers answering reads (api/lib/worker-api.ts), each with its own cache.
   */
  answer(request: Request, pathname: string, compute: (request: Request) => Promise<Response>): Promise<Response> | null {
    if (request.method !== "GET" || !pathname.startsWith("/api/public/") || UNCACHED_PATHS.has(pathname)) return null;
    const key = PublicCache.keyOf(pathname, request.url);
    const hit = this.lookup(request, key);
    if (hit) return Promise.resolve(hit);
    const shared = this.computing.get(key);
    // An answer that cannot be shared (an error, not JSON) leaves each waiting request to compute its own.
    if (shared) return shared.then((entry) => (entry ? this.respond(request, entry) : compute(request)));
    const generation = this.generation;
    const made = compute(request).then(async (res) => {
      const entry = await this.entryOf(request, key, res, generation);
      return { res, entry };
    });
    const flight = made.then(
      ({ entry }) => entry,
      () => null,
    );
    this.computing.set(key, flight);
    void flight.then(() => {
      if (this.computing.get(key) === flight) this.computing.delete(key);
    });
    return made.then(({ res, entry }) => (entry ? this.respond(request, entry) : res));
  }

  /** A cached answer for this request, or null. */
  lookup(request: Request, key: string): Response | null {
    const e = this.entries.get(key);
    if (!e) return null;
    this.entries.delete(key);
    this.entries.set(key, e);
    return this.respond(request, e);
  }

  /** Stores a fresh 200 JSON answer and returns an equivalent response for the current request. */
  async store(request: Request, key: string, res: Response, generation: number): Promise<Response> {
    const entry = await this.entryOf(request, key, res, generation);
    return entry ? this.respond(request, entry) : res;
  }

  /**
   * The entry made of a fresh 200 JSON answer, kept when no write happened meanwhile and it fits; null for any other
   * answer (an error is never kept nor shared).
   */
  private async entryOf(request: Request, key: string, res: Response, generation: number): Promise<Entry | null> {
    if (res.status !== 200 || !res.headers.get("content-type")?.includes("application/json")) return null;
    const body = new Uint8Array(await res.arrayBuffer());
    const current = generation === this.generation;
    const wantsGzip = acceptsGzip(request);
    const limit = this.budget / 4;
    // Compressed once for everyone when the answer may be kept: JSON lists shrink about tenfold, so one up to four
    // budgets may fit compressed (the article list at 50,000: 42 MB, 3.8 MB compressed, 2 s to make). An answer that
    // cannot be kept is compressed only when the request that made it asks for it; the requests sharing it get the
    // same bytes (plain ones are a valid answer to any Accept-Encoding).
    const gz = body.length > 1024 && ((current && body.length < this.budget * 4) || wantsGzip) ? ((await gzipAsync(body, { level: 6 })) as unknown as Bytes) : null;
    const headers = [...res.headers.entries()].filter(([k]) => k !== "content-length" && k !== "content-encoding");
    // Everything the entry holds counts: thousands of tiny answers under long keys once grew past the budget.
    const fixed = key.length * 2 + headers.reduce((n, [k, v]) => n + k.length + v.length, 0) + ENTRY_OVERHEAD;
    const withBody = body.length + (gz?.length ?? 0) + fixed;
    // Too big with its plain bytes, kept compressed only: a request without gzip (rare: browsers, curl --compressed
    // and fetch all ask for it) gets it decompressed on the way out.
    const compressedOnly = withBody >= limit && gz !== null && gz.length + fixed < limit;
    const entry: Entry = {
      body: new Blob([body]),
      gz: gz && new Blob([gz]),
      headers,
      etag: `W/"${Bun.hash(body).toString(36)}"`,
      size: compressedOnly ? gz!.length + fixed : withBody,
    };
    // A write that happened while this answer was computed (or compressed, off the event loop) makes it stale: serve
    // it once, do not keep it.
    if (generation === this.generation && entry.size < limit) {
      const old = this.entries.get(key);
      if (old) {
        this.entries.delete(key);
        this.bytes -= old.size;
      }
      // The requests that shared this computation still get the plain bytes; the kept copy lets them go.
      this.entries.set(key, compressedOnly ? { ...entry, body: null } : entry);
      this.bytes += entry.size;
      while (this.bytes > this.budget) {
        const [k, old] = this.entries.entries().next().value!;
        this.entries.delete(k);
        this.bytes -= old.size;
      }
    }
    return entry;
  }

  private respond(request: Request, e: Entry): Response {
    const headers = new Headers(e.headers);
    headers.set("etag", e.etag);
    headers.set("vary", "accept-encoding");
    // Browsers and the static build must see changes at once: revalidate every time (cheap: 304 by ETag).
    headers.set("cache-control", "public, no-cache");
    if (request.headers.get("if-none-match") === e.etag) return new Response(null, { status: 304, headers });
    if (e.gz && acceptsGzip(request)) {
      headers.set("content-encoding", "gzip");
      return new Response(e.gz, { status: 200, headers });
    }
    if (e.body) return new Response(e.body, { status: 200, headers });
    return new Response(e.gz!.stream().pipeThrough(new DecompressionStream("gzip")), { status: 200, headers });
  }
}
