/**
 * Publishing builds to a bucket (PUBLISH_S3_BUCKET) against a real S3 server (Ceph's gateway,
 * api/testing/s3-server.ts). Builds are folders laid out as scripts/build-site.ts writes them; the second one is
 * made as a partial build makes it (unchanged pages hard-linked from the live build).
 */
import { linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../env";
import { startTestS3, type TestS3 } from "../testing/s3-server";
import { isEntry, SitePublisher, type PublishStep } from "./site-publish";
import { s3Client } from "./storage/s3";

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3({ buckets: ["site-public"] });
  dir = mkdtempSync(join(tmpdir(), "publish-"));
}, 180_000);
afterAll(async () => {
  await s3?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function write(root: string, files: Record<string, string>) {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

/** An object's headers as a CDN fetching it would get them. */
async function head(key: string) {
  const client = s3Client(readEnv(s3.env("site-public")).s3Uploads!);
  const res = await fetch(client.presign(key, { method: "HEAD", expiresIn: 60 }), { method: "HEAD" });
  return { status: res.status, type: res.headers.get("content-type"), encoding: res.headers.get("content-encoding"), cache: res.headers.get("cache-control") };
}

describe("publishing builds to a bucket", () => {
  const settings = () => readEnv({ ...s3.env(), S3_BUCKET: "", PUBLISH_S3_BUCKET: "site-public" }).s3Publish!;
  const steps: PublishStep[] = [];
  let publisher: SitePublisher;

  it("sends a full build with types, encodings and cache headers, leaving build bookkeeping out", async () => {
    publisher = new SitePublisher(settings(), (s) => steps.push(s));
    const first = join(dir, "builds", "1");
    write(first, {
      "index.html": "<a href=/article/a/>A</a>",
      "index.html.br": "br-bytes",
      "index.html.gz": "gz-bytes",
      "404.html": "Page introuvable",
      "article/a/index.html": "Article A",
      "article/old/index.html": "Ancien",
      "articles/index.html": "<a href=/article/a/>A</a>",
      "_astro/site.1a2b.css": "body{}",
      "rss.xml": "<rss/>",
      ".pages.json": "{}",
    });
    const report = await publisher.publish(first);
    expect(report).toMatchObject({ sent: 9, unchanged: 0, removed: 0, hashed: 9 });
    expect(await head("index.html")).toEqual({ status: 200, type: "text/html; charset=utf-8", encoding: null, cache: "public, max-age=0, must-revalidate" });
    expect(await head("index.html.br")).toMatchObject({ type: "text/html; charset=utf-8", encoding: "br" });
    expect(await head("index.html.gz")).toMatchObject({ type: "text/html; charset=utf-8", encoding: "gzip" });
    expect(await head("_astro/site.1a2b.css")).toMatchObject({ type: "text/css; charset=utf-8", cache: "public, max-age=31536000, immutable" });
    expect(await head("rss.xml")).toMatchObject({ type: "application/xml; charset=utf-8" });
    expect((await head(".pages.json")).status).toBe(404);
    // The new pages went before the entry pages, the home page last of all.
    const order = steps.map((s) => s.key);
    expect(order.indexOf("article/a/index.html")).toBeLessThan(order.indexOf("articles/index.html"));
    expect(order.at(-1)).toBe("index.html");
  });

  it("sends only what a partial rebuild changed: new pages, then changed ones, then entry pages, then removals", async () => {
    steps.length = 0;
    const first = join(dir, "builds", "1");
    const second = join(dir, "builds", "2");
    // As a partial build: the pages it did not render are hard links to the live build's files.
    for (const rel of ["404.html", "article/a/index.html", "_astro/site.1a2b.css", "index.html.br", "index.html.gz"]) {
      mkdirSync(dirname(join(second, rel)), { recursive: true });
      linkSync(join(first, rel), join(second, rel));
    }
    write(second, {
      "index.html": "<a href=/article/a/>A</a> <a href=/article/b/>B</a>",
      "articles/index.html": "<a href=/article/a/>A</a> <a href=/article/b/>B</a>",
      "article/b/index.html": "Article B",
      "article/a/image.txt": "nouvelle pièce jointe",
      "rss.xml": "<rss/>",
    });
    const report = await publisher.publish(second);
    // rss.xml was rendered again with the same bytes: read, compared, not sent.
    expect(report).toMatchObject({ sent: 4, unchanged: 6, removed: 1, hashed: 5 });
    // Phases in order; inside one, objects go in parallel (any order), except the home page, last.
    expect(steps.map((s) => s.phase)).toEqual(["new", "new", "entry", "entry", "remove"]);
    expect(steps.slice(0, 2).map((s) => s.key).sort()).toEqual(["article/a/image.txt", "article/b/index.html"]);
    expect(steps.slice(2).map((s) => s.key)).toEqual(["articles/index.html", "index.html", "article/old/index.html"]);
    expect((await head("article/old/index.html")).status).toBe(404);
    expect(await (await fetch(s3Client(settings()).presign("index.html", { expiresIn: 60 }))).text()).toContain("/article/b/");

    // The same build again: nothing to send or remove.
    expect(await publisher.publish(second)).toMatchObject({ sent: 0, removed: 0, unchanged: 10, hashed: 0 });
  });

  it("sends a generation published in place: only its files, in its order, then its removals, without listing the bucket", async () => {
    steps.length = 0;
    const second = join(dir, "builds", "2");
    // What api/lib/publish-in-place.ts renamed into the live folder and removed from it.
    write(second, { "article/c/index.html": "Article C", "articles/index.html": "A B C", "index.html": "A B C" });
    rmSync(join(second, "article", "b", "index.html"));
    const changes = {
      written: ["article/c/index.html", "articles/index.html", "index.html", ".pages.json"],
      removed: ["article/b/index.html"],
    };
    const report = await publisher.publish(second, changes);
    expect(report).toMatchObject({ sent: 3, removed: 1, unchanged: 0, hashed: 0 });
    expect(steps.map((s) => s.key)).toEqual(["article/c/index.html", "articles/index.html", "index.html", "article/b/index.html"]);
    expect((await head("article/b/index.html")).status).toBe(404);
    expect((await head("article/c/index.html")).status).toBe(200);
    expect((await head(".pages.json")).status).toBe(404);
    // The bucket now equals the folder: a whole comparison finds nothing to send.
    expect(await publisher.publish(second)).toMatchObject({ sent: 0, removed: 0 });
  });

  it("compares the whole build when it cannot know the bucket holds the previous generation (first publish of a process)", async () => {
    const fresh = new SitePublisher(settings());
    const second = join(dir, "builds", "2");
    write(second, { "article/d/index.html": "Article D" });
    // The changes name nothing about article d: a new process still sends it, from a whole comparison.
    const report = await fresh.publish(second, { written: [], removed: [] });
    expect(report).toMatchObject({ sent: 1, removed: 0 });
  });

  it("counts the home page, root files and section indexes as entry pages", () => {
    expect(["index.html", "index.html.br", "rss.xml", "sitemap-index.xml", "articles/index.html"].every(isEntry)).toBe(true);
    expect(["article/a/index.html", "_astro/x.css", "articles/page/2/index.html"].some(isEntry)).toBe(false);
  });
});
