/**
 * Memory while a large video is uploaded: starts the real server (demo content, its static workers), signs in as
 * `membre` and streams a generated MP4-looking file (a valid `ftyp` box, then filler) to `POST /api/user/media`
 * as multipart, sampling the resident memory of the server's processes meanwhile. The upload reader writes the
 * file to disk as it arrives (api/lib/uploads/form.ts): the target is a peak growth under 64 MB.
 *
 * Usage: bun bench/upload.ts [sizeMB=200] [uploads=3] [port=4410]
 */
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { mp4Head } from "../api/lib/uploads/samples";
import { fmt, memoryMb, startServer } from "./lib";

const sizeMb = Number(process.argv[2] ?? 200);
const uploads = Number(process.argv[3] ?? 3);
const port = Number(process.argv[4] ?? 4410);
const size = sizeMb * 1024 * 1024;

/** The server and its static workers (the kernel may hand the upload to any of them). */
function serverPids(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return [pid, ...children.filter((c) => readFileSync(`/proc/${c}/cmdline`, "utf8").includes("web-worker"))];
}

/** A multipart body of known length, generated 1 MB at a time as the connection takes it. */
function multipartBody(fields: Record<string, string>, fileBytes: number) {
  const boundary = `----bench${Date.now().toString(16)}`;
  const enc = new TextEncoder();
  let head = "";
  for (const [k, v] of Object.entries(fields)) head += `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="video.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  const headBytes = enc.encode(head);
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(1024 * 1024).fill(0x2e);
  const first = new Uint8Array(1024 * 1024).fill(0x2e);
  first.set(mp4Head());
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(headBytes);
    },
    pull(c) {
      if (sent >= fileBytes) {
        c.enqueue(tail);
        return c.close();
      }
      const n = Math.min(chunk.length, fileBytes - sent);
      c.enqueue((sent === 0 ? first : chunk).subarray(0, n));
      sent += n;
    },
  });
  return { stream, length: headBytes.length + fileBytes + tail.length, contentType: `multipart/form-data; boundary=${boundary}` };
}

// The pending quota (500 MB by default) would refuse the third 200 MB video: this measures memory, not quotas.
const server = await startServer({
  port,
  env: { SITE_BUILD: "off", UPLOAD_MAX_MB: String(Math.max(200, sizeMb + 1)), UPLOAD_PENDING_QUOTA_MB: String(sizeMb * uploads + 1) },
});
try {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ nickname: "membre", password: "Membre-Demo-2025!" }),
  });
  const { token } = (await login.json()) as { token: string };
  if (!token) throw new Error(`sign-in failed: ${login.status}`);

  const pids = serverPids(server.pid);
  // Let start-up work (seed child, first requests) settle before the baseline.
  await Bun.sleep(1000);
  const before = pids.map((p) => memoryMb(p).rss);
  const peak = before.slice();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      pids.forEach((p, i) => (peak[i] = Math.max(peak[i]!, memoryMb(p).rss)));
      await Bun.sleep(20);
    }
  })();

  // Several uploads, each on a new connection: the kernel hands each to the primary or to a static worker (which
  // streams it on to the primary), so both paths are usually measured.
  for (let i = 1; i <= uploads; i++) {
    const body = multipartBody({ title: `Vidéo de ${sizeMb} Mo`, type: "video", description: "Banc d'essai d'envoi.", tags: "bench" }, size);
    const started = performance.now();
    const res = await fetch(`${server.url}/api/user/media`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": body.contentType,
        "content-length": String(body.length),
        connection: "close",
      },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    const answer = (await res.json()) as { path?: string; message?: string };
    const seconds = (performance.now() - started) / 1000;
    if (res.status !== 200 || !answer.path) throw new Error(`upload answered ${res.status}: ${JSON.stringify(answer)}`);
    const stored = statSync(join(server.dir, "uploads", answer.path.replace(/^\/uploads\//, ""))).size;
    console.log(
      `upload ${i}/${uploads} of ${sizeMb} MB to POST /api/user/media: ${res.status} in ${fmt(seconds)} s (${fmt(sizeMb / seconds, 0)} MB/s), stored ${stored === size ? "complete" : `${stored} bytes (expected ${size})`}`,
    );
  }
  sampling = false;
  await sampler;
  const temp = readdirSync(join(server.dir, "uploads", ".tmp")).length;
  const growth = peak.map((p, i) => p - before[i]!);
  console.log(
    `server RSS (primary${pids.length > 1 ? " / workers" : ""}): before ${before.join(" / ")} MB, peak ${peak.join(" / ")} MB, peak growth ${growth.map((g) => fmt(g, 0)).join(" / ")} MB (target < 64); ${temp} temp files left`,
  );
} finally {
  await server.stop();
  rmSync(server.dir, { recursive: true, force: true });
}
