/**
 * Publishes each successful site build to a bucket (PUBLISH_S3_BUCKET), for a CDN or the bucket's website endpoint
 * to serve the public pages. In an order that never shows a reader a link to a missing page:
 *  1. objects that are new in this build (a new page exists before any page links to it),
 *  2. objects that changed, except the entry pages,
 *  3. the entry pages (the home page, section indexes, feeds, sitemaps: where readers come in),
 *  4. the removal of objects no longer in the build (nothing links to them any more).
 * An object whose bytes the bucket already has (same MD5 as its ETag) is not sent again. A partial build hard-links
 * the pages it did not render from the live build: their digest is remembered by inode, so only the pages a
 * partial build rendered are even read.
 *
 * A generation published in place (issue 31 §2, api/lib/publish-in-place.ts) names the files it wrote, in its own
 * safe order, and those it removed: `publish(dir, changes)` then sends only those and deletes the removed ones,
 * without listing the bucket or reading the site, as long as the bucket is known to hold the previous generation
 * (a publish that failed, or none yet since this process started, makes the next one a whole comparison again).
 *
 * Each text file goes with its `.br` and `.gz` siblings (scripts/compress.ts) as objects of their own, typed like
 * the page and marked with their Content-Encoding, for a CDN rule that picks one by Accept-Encoding. Cache headers
 * are the app's own (api/lib/static-site.ts): hashed assets immutable for a year, everything else revalidated.
 */
import { statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { S3Client } from "bun";
import { contentType } from "./content-types";
import { IMMUTABLE, isHashedAsset, REVALIDATE } from "./static-site";
import { listObjects, s3Client, type S3Settings } from "./storage/s3";

export type PublishReport = { sent: number; unchanged: number; removed: number; hashed: number; ms: number };
export type PublishStep = { phase: "new" | "changed" | "entry" | "remove"; key: string };

/** Objects sent at once: small pages, so the round trips dominate. */
const PARALLEL = 8;

/** Where readers come in: root files (home, 404, feeds, sitemaps, robots.txt) and section indexes. */
export function isEntry(key: string): boolean {
  const base = key.replace(/\.(br|gz)$/, "");
  return !base.includes("/") || /^[^/]+\/index\.html$/.test(base);
}

type Local = { key: string; path: string; md5: string; type: string; encoding?: string; cacheControl: string };

export class SitePublisher {
  private readonly client: S3Client;
  /** MD5 by `dev:inode:size:mtime`: a page carried over by a partial build is the same inode as before. */
  private digests = new Map<string, string>();
  private chain: Promise<unknown> = Promise.resolve();
  /** The bucket holds what the last publish sent: a generation's changes alone bring it up to date. */
  private inStep = false;

  constructor(
    private readonly settings: S3Settings,
    private readonly onStep?: (step: PublishStep) => void,
  ) {
    this.client = s3Client(settings);
  }

  /**
   * Publishes `dir` after the publishes asked before it (one at a time, in order); with `changes`, only the files a
   * publication in place wrote (in its order) and removed.
   */
  publish(dir: string, changes?: { written: string[]; removed: string[] }): Promise<PublishReport> {
    const run = this.chain
      .then(() => (changes && this.inStep ? this.runChanges(dir, changes) : this.run(dir)))
      .then(
        (report) => {
          this.inStep = true;
          return report;
        },
        (e: unknown) => {
          this.inStep = false;
          throw e;
        },
      );
    this.chain = run.catch(() => {});
    return run;
  }

  private async runChanges(dir: string, changes: { written: string[]; removed: string[] }): Promise<PublishReport> {
    const started = performance.now();
    const site = (key: string) => !key.split("/").some((p) => p.startsWith("."));
    const files: Local[] = [];
    for (const key of changes.written.filter(site)) {
      const path = join(dir, key);
      const encoded = /\.(br|gz)$/.exec(key);
      const page = encoded ? key.slice(0, -3) : key;
      files.push({
        key,
        path,
        md5: "",
        type: contentType(page),
        ...(encoded ? { encoding: encoded[1] === "br" ? "br" : "gzip" } : {}),
        cacheControl: isHashedAsset(page) ? IMMUTABLE : REVALIDATE,
      });
    }
    // In the generation's order (new pages first): the entry pages only once the pages they link to are sent, the
    // home page last (sendAll).
    await this.sendAll(
      files.filter((f) => !isEntry(f.key)),
      "new",
    );
    await this.sendAll(
      files.filter((f) => isEntry(f.key)),
      "entry",
    );
    const gone = changes.removed.filter(site);
    for (let i = 0; i < gone.length; i += PARALLEL) {
      await Promise.all(
        gone.slice(i, i + PARALLEL).map(async (key) => {
          await this.client.delete(key);
          this.onStep?.({ phase: "remove", key });
        }),
      );
    }
    return { sent: files.length, unchanged: 0, removed: gone.length, hashed: 0, ms: Math.round(performance.now() - started) };
  }

  private async run(dir: string): Promise<PublishReport> {
    const started = performance.now();
    const [{ locals, hashed }, remote] = await Promise.all([this.readBuild(dir), this.listBucket()]);
    const fresh: Local[] = [];
    const changed: Local[] = [];
    const entries: Local[] = [];
    let unchanged = 0;
    for (const l of locals) {
      const etag = remote.get(l.key);
      if (etag === l.md5) unchanged++;
      else if (isEntry(l.key)) entries.push(l);
      else (etag === undefined ? fresh : changed).push(l);
    }
    const keep = new Set(locals.map((l) => l.key));
    const gone = [...remote.keys()].filter((k) => !keep.has(k));
    await this.sendAll(fresh, "new");
    await this.sendAll(changed, "changed");
    await this.sendAll(entries, "entry");
    for (let i = 0; i < gone.length; i += PARALLEL) {
      await Promise.all(
        gone.slice(i, i + PARALLEL).map(async (key) => {
          await this.client.delete(key);
          this.onStep?.({ phase: "remove", key });
        }),
      );
    }
    return { sent: fresh.length + changed.length + entries.length, unchanged, removed: gone.length, hashed, ms: Math.round(performance.now() - started) };
  }

  /** The build's files with their digests, and how many files had to be read to get them. */
  private async readBuild(dir: string): Promise<{ locals: Local[]; hashed: number }> {
    const out: Local[] = [];
    let hashed = 0;
    const seen = new Map<string, string>();
    for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (!e.isFile()) continue;
      const path = join(e.parentPath, e.name);
      const key = relative(dir, path);
      // Build bookkeeping (`.pages.json`, ...) is not part of the site.
      if (key.split("/").some((p) => p.startsWith("."))) continue;
      const st = statSync(path);
      const id = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
      let md5 = this.digests.get(id);
      if (!md5) {
        md5 = new Bun.CryptoHasher("md5").update(await Bun.file(path).arrayBuffer()).digest("hex");
        hashed++;
      }
      seen.set(id, md5);
      const encoded = /\.(br|gz)$/.exec(key);
      const page = encoded ? key.slice(0, -3) : key;
      out.push({
        key,
        path,
        md5,
        type: contentType(page),
        ...(encoded ? { encoding: encoded[1] === "br" ? "br" : "gzip" } : {}),
        cacheControl: isHashedAsset(page) ? IMMUTABLE : REVALIDATE,
      });
    }
    // Only the digests of this build are kept: the map never outgrows the site.
    this.digests = seen;
    return { locals: out, hashed };
  }

  /** Key to MD5 (the ETag of an object sent in one part, as every object here is). */
  private async listBucket(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for await (const o of listObjects(this.client)) out.set(o.key, o.eTag);
    return out;
  }

  private async sendAll(files: Local[], phase: PublishStep["phase"]): Promise<void> {
    const isHome = (f: Local) => f.key === "index.html" || f.key.startsWith("index.html.");
    const rest = files.filter((f) => !isHome(f));
    for (let i = 0; i < rest.length; i += PARALLEL) {
      await Promise.all(
        rest.slice(i, i + PARALLEL).map(async (f) => {
          await this.send(f);
          this.onStep?.({ phase, key: f.key });
        }),
      );
    }
    // The home page last, alone, its encoded copies first: it links to all the others.
    for (const f of files.filter(isHome).sort((a, b) => b.key.length - a.key.length)) {
      await this.send(f);
      this.onStep?.({ phase, key: f.key });
    }
  }

  /**
   * One PUT through a presigned URL: Bun's client sets no Cache-Control, and a presigned PUT takes any header
   * (only the host is signed). Pages are small: one part each, so the ETag stays the MD5 compared above.
   */
  private async send(f: Local): Promise<void> {
    const url = this.client.presign(f.key, { method: "PUT", expiresIn: 600 });
    const headers: Record<string, string> = { "content-type": f.type, "cache-control": f.cacheControl };
    if (f.encoding) headers["content-encoding"] = f.encoding;
    const res = await fetch(url, { method: "PUT", headers, body: Bun.file(f.path) });
    if (!res.ok) throw new Error(`publishing ${f.key} to ${this.settings.bucket} failed: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer().catch(() => {});
  }
}
