/**
 * The floor under a JSON read's latency on this machine: a Bun server that does nothing but send the bytes of one
 * answer (gzip-compressed, read from a file). Started once per serving process of the real server, on one shared
 * port, so wrk meets the same number of listeners. Used by bench/public-under-writes.ts.
 * Usage: bun bench/bare-bytes-server.ts <file of gzip bytes> <port>
 */
import { readFileSync } from "node:fs";

const [file, port] = process.argv.slice(2);
// A Blob: Bun sends it without copying it into each response (the API keeps its answers so too).
const body = new Blob([readFileSync(file!)]);
Bun.serve({
  port: Number(port),
  hostname: "127.0.0.1",
  reusePort: true,
  fetch: () => new Response(body, { headers: { "content-type": "application/json", "content-encoding": "gzip", "cache-control": "public, no-cache" } }),
});
process.send?.("ready");
