/**
 * A second Pagefind service for scripts/search-index.ts: Pagefind's Node API keeps one service process per module
 * instance, and that process indexes on one core, so shards are indexed on this thread's own instance (its own
 * process) beside the main thread's. Receives one shard at a time, answers when its files are written.
 */
import * as pagefind from "pagefind";
import { type ShardDone, type ShardJob, writeShard } from "./search-index";

declare const self: Worker;

self.onmessage = async (event: MessageEvent<ShardJob | { type: "close" }>) => {
  const job = event.data;
  if (job.type === "close") {
    await pagefind.close();
    self.postMessage({ type: "closed" } satisfies ShardDone);
    return;
  }
  try {
    const files = await writeShard(job.pages, job.outputPath, job.shardZero, job.live);
    self.postMessage({ type: "done", id: job.id, ...(files ? { files } : {}) } satisfies ShardDone);
  } catch (e) {
    self.postMessage({ type: "done", id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies ShardDone);
  }
};
