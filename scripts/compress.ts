/**
 * Writes `.br` and `.gz` siblings of the text files of a build, so the server never compresses on the request path
 * (nginx's gzip_static, in effect). Compression runs on worker threads, one per core. A file whose bytes are the
 * same as a file of the previous build reuses that build's compressed copies by hard link (no bytes written): the
 * manifest `.compressed.json` at the root of each build maps every compressed file to the hash of its bytes.
 */
import { existsSync, linkSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative, sep } from "node:path";
import type { CompressDone, CompressJob } from "./compress-worker";

export const MANIFEST = ".compressed.json";
const COMPRESSIBLE = /\.(html|css|js|mjs|json|svg|xml|txt|ics|webmanifest)$/;
/** Below this, compression saves less than a TCP packet and costs two files: such files are served as they are. */
export const MIN_BYTES = 1024;
/** Jobs handed to each thread ahead of time: enough to keep it busy, few enough to bound memory. */
const AHEAD = 4;

type Manifest = { files: Record<string, string> };

export type CompressStats = { compressed: number; reused: number; small: number };

function readManifest(dir: string | undefined): Manifest | null {
  if (!dir) return null;
  try {
    return JSON.parse(readFileSync(join(dir, MANIFEST), "utf8")) as Manifest;
  } catch {
    return null;
  }
}

/** Removes a file if it exists (a sibling left by a hard-linked copy of the previous build must not be written through). */
function unlinkIfAny(path: string) {
  try {
    unlinkSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
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

function* walk(dir: string, root: string, include: (rel: string) => boolean): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path, root, include);
    else if (COMPRESSIBLE.test(entry.name) && include(relative(root, path).split(sep).join("/"))) yield path;
  }
}

export class Compressor {
  private readonly threads: Worker[] = [];
  private readonly waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private readonly inFlight: number[] = [];
  private nextId = 0;
  /** Wakes run() when a thread finishes a job while every thread had its share queued. */
  private onFreed: (() => void) | null = null;
  private readonly previousByHash = new Map<string, string>();
  private previousFiles: Record<string, string> = {};
  private readonly files: Record<string, string> = {};
  readonly stats: CompressStats = { compressed: 0, reused: 0, small: 0 };

  /**
   * @param root the build to compress
   * @param previous the live build, whose compressed copies are reused for unchanged bytes
   */
  constructor(
    private readonly root: string,
    private readonly previous?: string,
    threads = Math.max(1, Math.min(availableParallelism(), 4)),
  ) {
    this.previousFiles = readManifest(previous)?.files ?? {};
    for (const [rel, hash] of Object.entries(this.previousFiles)) this.previousByHash.set(hash, rel);
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(new URL("./compress-worker.ts", import.meta.url).href);
      worker.onmessage = (event: MessageEvent<CompressDone>) => {
        const { id, error } = event.data;
        const job = this.waiting.get(id);
        this.waiting.delete(id);
        this.inFlight[i]!--;
        if (error) job?.reject(new Error(error));
        else job?.resolve();
        this.onFreed?.();
        this.onFreed = null;
      };
      this.threads.push(worker);
      this.inFlight.push(0);
    }
  }

  /** Compresses (or reuses) every text file of the build whose relative path passes `include`. */
  async run(include: (rel: string) => boolean = () => true): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const path of walk(this.root, this.root, include)) {
      const rel = relative(this.root, path).split(sep).join("/");
      // A page a partial build carried over is the live build's file itself (hard link): its hash is known and its
      // compressed copies are linked without reading it.
      const known = this.previousFiles[rel];
      if (known !== undefined && this.previous && sameFile(join(this.previous, rel), path) && this.reuse(path, known)) {
        this.files[rel] = known;
        this.stats.reused++;
        continue;
      }
      const body = readFileSync(path);
      if (body.length < MIN_BYTES) {
        unlinkIfAny(`${path}.br`);
        unlinkIfAny(`${path}.gz`);
        this.stats.small++;
        continue;
      }
      const hash = `${body.length.toString(36)}-${Bun.hash(body).toString(36)}`;
      this.files[rel] = hash;
      if (this.reuse(path, hash)) {
        this.stats.reused++;
        continue;
      }
      unlinkIfAny(`${path}.br`);
      unlinkIfAny(`${path}.gz`);
      pending.push(this.compress(path, rel, body));
      this.stats.compressed++;
      // Backpressure: wait while every thread has its share queued.
      while (this.inFlight.every((n) => n >= AHEAD)) await new Promise<void>((resolve) => (this.onFreed = resolve));
    }
    await Promise.all(pending);
  }

  /** Writes the manifest the next build reuses from, and stops the threads. */
  finish() {
    writeFileSync(join(this.root, MANIFEST), JSON.stringify({ files: this.files } satisfies Manifest));
    this.close();
  }

  close() {
    for (const t of this.threads) t.terminate();
    this.threads.length = 0;
  }

  private reuse(path: string, hash: string): boolean {
    const from = this.previousByHash.get(hash);
    if (!this.previous || from === undefined) return false;
    const source = join(this.previous, from);
    if (!existsSync(`${source}.br`) || !existsSync(`${source}.gz`)) return false;
    for (const ext of [".br", ".gz"]) {
      if (sameFile(`${source}${ext}`, `${path}${ext}`)) continue;
      unlinkIfAny(`${path}${ext}`);
      linkSync(`${source}${ext}`, `${path}${ext}`);
    }
    return true;
  }

  private compress(path: string, rel: string, body: Buffer): Promise<void> {
    let best = 0;
    for (let i = 1; i < this.threads.length; i++) if (this.inFlight[i]! < this.inFlight[best]!) best = i;
    this.inFlight[best]!++;
    const id = this.nextId++;
    // A plain ArrayBuffer copy, transferred to the thread (transferring the buffer readFileSync returned costs far
    // more system time than this copy: measured 0.6 s vs 0.08 s for 600 pages).
    const buffer = body.buffer.slice(body.byteOffset, body.byteOffset + body.length) as ArrayBuffer;
    const job: CompressJob = { id, path, body: buffer, squeeze: rel.startsWith("_astro/") || rel.startsWith("pagefind/") };
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.threads[best]!.postMessage(job, [job.body]);
    });
  }
}
