/**
 * One compression thread of scripts/compress.ts: receives a file's bytes (transferred, not copied), writes its
 * `.gz` and `.br` siblings, answers with the job id. Brotli and gzip are CPU-bound and synchronous, so each thread
 * keeps one core busy; the main thread only walks, hashes and reuses.
 */
import { writeFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type CompressJob = { id: number; path: string; body: ArrayBuffer; squeeze: boolean };
export type CompressDone = { id: number; error?: string };

declare const self: Worker;

self.onmessage = (event: MessageEvent<CompressJob>) => {
  const { id, path, body, squeeze } = event.data;
  try {
    const bytes = new Uint8Array(body);
    // Levels measured on the 5,000-article build (docs/PERFORMANCE.md): brotli 5 is within 0.6 % of brotli 9 on
    // pages for a third of the time, brotli 4 is 6.7 % larger; gzip 6 is within 0.3 % of gzip 9. Hashed assets are
    // few, cached for a year and reused from build to build, so they get the maximum.
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: squeeze ? 9 : 6 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: squeeze ? 11 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    self.postMessage({ id } satisfies CompressDone);
  } catch (e) {
    self.postMessage({ id, error: String(e) } satisfies CompressDone);
  }
};
