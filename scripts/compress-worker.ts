/**
 * One compression thread of scripts/compress.ts: receives a file's bytes (transferred, not copied), writes its
 * `.gz` and `.br` siblings, answers with the job id. Brotli and gzip are CPU-bound and synchronous, so each thread
 * keeps one core busy; the main thread only walks, hashes and reuses.
 */
import { writeFileSync } from "node:fs";
import { setPriority } from "node:os";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type CompressJob = { id: number; path: string; body: ArrayBuffer; squeeze: boolean };
/**
 * Sent once before any job: a lock shared by every thread of one Compressor (one Int32, 0 = free), and the nice
 * value this thread takes (Linux's is per thread: `0` names the calling one).
 */
export type CompressInit = { writeLock: SharedArrayBuffer; nice: number };
export type CompressDone = { id: number; error?: string };

declare const self: Worker;

let writeLock: Int32Array | null = null;

/**
 * One thread creates files at a time. Creating a file holds its directory's lock, and on this machine's ext4 an
 * inode allocation can take a millisecond (it skips over recently deleted inodes): the other thread spun in the
 * kernel on that lock instead of compressing. Waiting here sleeps instead.
 */
function whileLocked(write: () => void) {
  const lock = writeLock;
  if (!lock) return write();
  while (Atomics.compareExchange(lock, 0, 0, 1) !== 0) Atomics.wait(lock, 0, 1);
  try {
    write();
  } finally {
    Atomics.store(lock, 0, 0);
    Atomics.notify(lock, 0, 1);
  }
}

self.onmessage = (event: MessageEvent<CompressJob | CompressInit>) => {
  if ("writeLock" in event.data) {
    writeLock = new Int32Array(event.data.writeLock);
    try {
      setPriority(0, event.data.nice);
    } catch {
      // A system that refuses it: the thread runs at the process's priority.
    }
    return;
  }
  const { id, path, body, squeeze } = event.data;
  try {
    const bytes = new Uint8Array(body);
    // Levels measured on the 5,000-article build (docs/PERFORMANCE.md): brotli 5 is within 0.6 % of brotli 9 on
    // pages for a third of the time, brotli 4 is 6.7 % larger; gzip 6 is within 0.3 % of gzip 9. Hashed assets are
    // few, cached for a year and reused from build to build, so they get the maximum.
    const gz = gzipSync(bytes, { level: squeeze ? 9 : 6 });
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: squeeze ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    whileLocked(() => {
      writeFileSync(`${path}.gz`, gz);
      writeFileSync(`${path}.br`, br);
    });
    self.postMessage({ id } satisfies CompressDone);
  } catch (e) {
    self.postMessage({ id, error: String(e) } satisfies CompressDone);
  }
};
