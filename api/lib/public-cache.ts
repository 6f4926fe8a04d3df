/**
 * Answers to public GET endpoints, kept in memory until the content changes. Public answers do not depend on
 * who asks, so one copy serves everyone; any write through the API clears the cache (see `Deps.contentChanged`).
 * Assumes one API process per database: a second process writing to the same libSQL server would not clear
 * this one (documented in docs/DECISIONS.md).
 */
import { gzipSync } from "node:zlib";

type Bytes = Uint8Array<ArrayBuffer>;
type Entry = { body: Bytes; gz: Bytes | null; headers: [string, string][]; etag: string; size: number };

const BUDGET_BYTES = 48 * 1024 * 1024;

export class PublicCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  private generation = 0;

  /** Take this before computing an answer and hand it to store(): a write in between makes the answer stale. */
  get generationNow(): number {
    return this.generation;
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
    this.generation++;
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
    if (res.status !== 200 || !res.headers.get("content-type")?.includes("application/json")) return res;
    const body = new Uint8Array(await res.arrayBuffer());
    const gz = body.length > 1024 ? (gzipSync(body, { level: 6 }) as unknown as Bytes) : null;
    const headers = [...res.headers.entries()].filter(([k]) => k !== "content-length" && k !== "content-encoding");
    const entry: Entry = { body, gz, headers, etag: `W/"${Bun.hash(body).toString(36)}"`, size: body.length + (gz?.length ?? 0) };
    // A write that happened while this answer was computed makes it stale: serve it once, do not keep it.
    if (generation === this.generation && entry.size < BUDGET_BYTES / 4) {
      this.entries.set(key, entry);
      this.bytes += entry.size;
      while (this.bytes > BUDGET_BYTES) {
        const [k, old] = this.entries.entries().next().value!;
        this.entries.delete(k);
        this.bytes -= old.size;
      }
    }
    return this.respond(request, entry);
  }

  private respond(request: Request, e: Entry): Response {
    const headers = new Headers(e.headers);
    headers.set("etag", e.etag);
    headers.set("vary", "accept-encoding");
    // Browsers and the static build must see changes at once: revalidate every time (cheap: 304 by ETag).
    headers.set("cache-control", "public, no-cache");
    if (request.headers.get("if-none-match") === e.etag) return new Response(null, { status: 304, headers });
    if (e.gz && /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")) {
      headers.set("content-encoding", "gzip");
      return new Response(e.gz, { status: 200, headers });
    }
    return new Response(e.body, { status: 200, headers });
  }
}
