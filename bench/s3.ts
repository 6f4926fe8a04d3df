/**
 * Uploads and the published site on a bucket against disk, on a real one-host S3 server (Ceph's RADOS Gateway,
 * api/testing/s3-server.ts; Debian's radosgw, ceph-mon and ceph-osd must be installed: scripts/test.sh does it).
 *
 *   bun bench/s3.ts [videoMB=100] [pages=2000]
 *
 * 1. The cluster's start time.
 * 2. Upload: one video through the real media route (multipart to a temp file, then kept), UPLOADS_DIR vs bucket.
 * 3. Download: the same video read whole, and 200 sequential GETs of a 60 KB picture: from disk, streamed by the
 *    app from the bucket, and through a presigned redirect (the app's 302, then the client's GET to the bucket).
 * 4. Publish: a full build of `pages` pages (each with .br and .gz copies) to an empty bucket, then a partial
 *    rebuild (40 pages rendered again, as scripts/partial-build.ts renders about forty list pages, the rest
 *    hard-linked), then the same build again (nothing to send).
 */
import { linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { formData, person } from "../api/modules/articles/test-kit";
import { SitePublisher } from "../api/lib/site-publish";
import { useBucketForUploads } from "../api/lib/storage/s3";
import { serveUpload } from "../api/lib/uploads-serve";
import * as sample from "../api/lib/uploads/samples";
import { createHarness } from "../api/testing/harness";
import { startTestS3 } from "../api/testing/s3-server";
import { readEnv } from "../api/env";

const videoMb = Number(process.argv[2] ?? 100);
const pages = Number(process.argv[3] ?? 2000);
const fmt = (n: number, d = 1) => n.toFixed(d);

const s3 = await startTestS3({ buckets: ["uploads", "site-public"] });
console.log(`S3 cluster (monitor, OSD, gateway) up in ${fmt(s3.startSeconds)} s`);
const work = mkdtempSync(join(tmpdir(), "bench-s3-"));
try {
  const video = sample.mp4(videoMb * 1024 * 1024);
  const picture = await sample.picture("jpeg", 1200, 800);
  const results: Record<string, Record<string, string>> = {};
  for (const where of ["disk", "bucket"] as const) {
    const h = await createHarness({ UPLOAD_MAX_MB: String(videoMb + 10), ...(where === "bucket" ? s3.env("uploads") : {}) });
    if (where === "bucket") useBucketForUploads(h.deps.env.uploadsDir, h.deps.env.s3Uploads!);
    const admin = await person(h, "chef", "admin");
    const post = async (file: File, type: string) => {
      const res = await h.app.handle(new Request("http://localhost/api/admin/media", { method: "POST", headers: admin.auth, body: formData({ title: `Bench ${Math.random()}`, type, description: "x", file }) }));
      const json = (await res.json()) as { path: string };
      if (res.status !== 200) throw new Error(JSON.stringify(json));
      return json.path;
    };
    let t = performance.now();
    const videoPath = await post(new File([video], "v.mp4"), "video");
    const upload = (performance.now() - t) / 1000;
    const picPath = await post(new File([picture], "p.jpg"), "image");
    const get = async (path: string) => {
      const res = (await serveUpload(new Request(`http://localhost${path}`), h.deps.env.uploadsDir, path))!;
      return (await res.arrayBuffer()).byteLength;
    };
    t = performance.now();
    const got = await get(videoPath);
    const download = (performance.now() - t) / 1000;
    if (got !== video.length) throw new Error("short read");
    t = performance.now();
    for (let i = 0; i < 200; i++) await get(picPath);
    const small = (performance.now() - t) / 200;
    results[where] = { upload: `${fmt(videoMb / upload, 0)} MB/s`, download: `${fmt(videoMb / download, 0)} MB/s`, picture: `${fmt(small, 2)} ms` };
    if (where === "bucket") {
      // A presigned redirect: the app answers 302 (no bucket request), the client then GETs the bucket itself.
      const client = (await import("../api/lib/storage/s3")).s3Client(h.deps.env.s3Uploads!);
      const key = picPath.replace("/uploads/", "");
      t = performance.now();
      for (let i = 0; i < 200; i++) {
        const redirect = new Response(null, { status: 302, headers: { location: client.presign(key, { expiresIn: 3600 }) } });
        await (await fetch(redirect.headers.get("location")!)).arrayBuffer();
      }
      const viaRedirect = (performance.now() - t) / 200;
      t = performance.now();
      await (await fetch(client.presign(videoPath.replace("/uploads/", ""), { expiresIn: 3600 }))).arrayBuffer();
      results.redirect = { upload: "—", download: `${fmt(videoMb / ((performance.now() - t) / 1000), 0)} MB/s`, picture: `${fmt(viaRedirect, 2)} ms` };
    }
    h.close();
  }
  console.log(`\nUploads (${videoMb} MB video through POST /api/admin/media; download = read whole; picture = mean of 200 GETs of ${Math.round(picture.length / 1024)} KB)`);
  console.table(results);

  // Publishing: a synthetic build laid out like scripts/build-site.ts's (pages, .br/.gz copies, hashed assets).
  const settings = readEnv({ ...s3.env(), S3_BUCKET: "", PUBLISH_S3_BUCKET: "site-public" }).s3Publish!;
  const page = (i: number, v = 0) => `<!doctype html><html lang="fr"><title>Page ${i}</title><main>${"Texte de l'article. ".repeat(400)} ${v}</main></html>`;
  const build1 = join(work, "1");
  const writePage = (root: string, rel: string, html: string) => {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), html);
    writeFileSync(join(root, `${rel}.gz`), gzipSync(html));
    writeFileSync(join(root, `${rel}.br`), Bun.gzipSync(html));
  };
  const rels = Array.from({ length: pages }, (_, i) => (i === 0 ? "index.html" : i < 40 ? `section${i}/index.html` : `article/a${i}/index.html`));
  rels.forEach((rel, i) => writePage(build1, rel, page(i)));
  mkdirSync(join(build1, "_astro"), { recursive: true });
  for (let i = 0; i < 20; i++) writeFileSync(join(build1, `_astro/asset${i}.css`), "body{}".repeat(2000));
  const publisher = new SitePublisher(settings);
  let t = performance.now();
  const full = await publisher.publish(build1);
  const fullS = (performance.now() - t) / 1000;
  const build2 = join(work, "2");
  rels.forEach((rel, i) => {
    if (i < 40) writePage(build2, rel, page(i, 1));
    else
      for (const f of [rel, `${rel}.gz`, `${rel}.br`]) {
        mkdirSync(dirname(join(build2, f)), { recursive: true });
        linkSync(join(build1, f), join(build2, f));
      }
  });
  mkdirSync(join(build2, "_astro"), { recursive: true });
  for (let i = 0; i < 20; i++) linkSync(join(build1, `_astro/asset${i}.css`), join(build2, `_astro/asset${i}.css`));
  t = performance.now();
  const partial = await publisher.publish(build2);
  const partialS = (performance.now() - t) / 1000;
  t = performance.now();
  const again = await publisher.publish(build2);
  const againS = (performance.now() - t) / 1000;
  console.log(`\nPublish (${pages} pages, ${full.sent} objects)`);
  console.table({
    "full build, empty bucket": { seconds: fmt(fullS, 2), sent: full.sent, unchanged: full.unchanged, read: full.hashed },
    "partial rebuild (40 pages)": { seconds: fmt(partialS, 2), sent: partial.sent, unchanged: partial.unchanged, read: partial.hashed },
    "same build again": { seconds: fmt(againS, 2), sent: again.sent, unchanged: again.unchanged, read: again.hashed },
  });
} finally {
  rmSync(work, { recursive: true, force: true });
  await s3.close();
}
