import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  buffersKeptBy,
  KEPT_BUFFERS,
  manifestOnDisk,
  noteRendered,
  PAGES_MANIFEST,
  type PageRecord,
  type PagesManifest,
  readPagesManifest,
  serializePagesManifest,
  writePagesManifest,
} from "./partial-build";

const article = (i: number, data = `d${i}`): PageRecord => ({ file: `article/réforme-${i}.html`, route: "/article/[url]", data });

/** A first build's manifest, as the build process has it after a restart: parsed from its file. */
function firstManifest(n: number): PagesManifest {
  const pages: Record<string, PageRecord> = {};
  for (let i = 0; i < n; i++) pages[`/article/réforme-${i}`] = article(i);
  pages["/"] = { file: "index.html", route: "/", reads: { "/api/public/articles/summaries": "x1", 'derived:"home"': "x2" } };
  return JSON.parse(JSON.stringify({ key: "k1", mode: "full", pages, carried: [], listing: "t1" })) as PagesManifest;
}

/** The next build's manifest as `planBuild` makes it: the previous records carried as they are, the listed ones new. */
function nextManifest(previous: PagesManifest, changed: Set<number>, gone: Set<number>, build: number): PagesManifest {
  const manifest: PagesManifest = { key: "k1", mode: "partial", pages: {}, carried: [], listing: `t${build}` };
  for (const pathname in previous.pages) {
    const i = Number(/-(\d+)$/.exec(pathname)?.[1] ?? -1);
    if (changed.has(i) || gone.has(i) || pathname === "/") continue;
    manifest.pages[pathname] = previous.pages[pathname]!;
    manifest.carried.push(pathname);
  }
  for (const i of changed) manifest.pages[`/article/réforme-${i}`] = article(i, `d${i}-${build}`);
  manifest.pages["/"] = { file: "index.html", route: "/", reads: { "/api/public/articles/summaries": `x${build}` } };
  return manifest;
}

describe("the pages manifest's bytes", () => {
  const dir = mkdtempSync(join(tmpdir(), "pages-manifest-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("are JSON.stringify's output, build after build, with records carried, changed, gone and made again", () => {
    let manifest = firstManifest(300);
    writePagesManifest(dir, manifest);
    expect(readFileSync(join(dir, PAGES_MANIFEST), "utf8")).toBe(JSON.stringify(manifest));
    const series: [number[], number[]][] = [
      [[5, 6, 299], []],
      [[0], [7, 150]],
      [[150, 7, 3], [299]],
      [[], []],
      [[42, 5], [0, 1, 2]],
    ];
    series.forEach(([changed, gone], build) => {
      manifest = nextManifest(manifest, new Set(changed), new Set(gone), build + 2);
      writePagesManifest(dir, manifest);
      expect(readFileSync(join(dir, PAGES_MANIFEST), "utf8")).toBe(JSON.stringify(manifest));
    });
  });

  it("name a partial build's rendered pages instead of its carried ones, which a read makes again", () => {
    let manifest = firstManifest(300);
    writePagesManifest(dir, manifest);
    const series: [number[], number[]][] = [
      [[5, 6, 299], []],
      [[0], [7, 150]],
      [[], []],
    ];
    series.forEach(([changed, gone], build) => {
      manifest = nextManifest(manifest, new Set(changed), new Set(gone), build + 2);
      noteRendered(manifest, ["/", ...changed.map((i) => `/article/réforme-${i}`)]);
      writePagesManifest(dir, manifest);
      const text = readFileSync(join(dir, PAGES_MANIFEST), "utf8");
      expect(text).toBe(JSON.stringify(manifestOnDisk(manifest)));
      const onDisk = JSON.parse(text) as Record<string, unknown>;
      expect(onDisk.carried).toBeUndefined();
      expect(onDisk.rendered).toEqual(["/", ...changed.map((i) => `/article/réforme-${i}`)]);
      // Read back by a process that did not write it (another file, so not the one remembered).
      const copy = join(dir, `read-${build}`);
      mkdirSync(copy);
      copyFileSync(join(dir, PAGES_MANIFEST), join(copy, PAGES_MANIFEST));
      const read = readPagesManifest(copy)!;
      expect(read).not.toBe(manifest);
      expect(read.pages).toEqual(manifest.pages);
      expect([...read.carried].sort()).toEqual([...manifest.carried].sort());
      // And written again as it was.
      expect(serializePagesManifest(read, false).toString("utf8")).toBe(text);
    });
  });

  it("keep a bounded number of buffers alive when every build changes a record that is then carried", () => {
    let manifest = firstManifest(200);
    writePagesManifest(dir, manifest);
    let most = 0;
    for (let build = 2; build < 2 + 3 * KEPT_BUFFERS; build++) {
      // Each build edits one article (carried afterwards as the same object, holding its build's buffer).
      manifest = nextManifest(manifest, new Set([build * 7]), new Set(), build);
      writePagesManifest(dir, manifest);
      expect(readFileSync(join(dir, PAGES_MANIFEST), "utf8")).toBe(JSON.stringify(manifest));
      most = Math.max(most, buffersKeptBy(manifest));
    }
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(KEPT_BUFFERS + 1);
  });

  it("are JSON.stringify's output when a record known from one page is found under another, or the manifest has no listing", () => {
    const a = article(1);
    const first: PagesManifest = { key: "k", mode: "full", pages: { "/article/réforme-1": a }, carried: [] };
    serializePagesManifest(first);
    const moved: PagesManifest = { key: "k", mode: "partial", pages: { "/x": { file: "x.html", route: "/x" }, "/article/autre": a }, carried: ["/article/autre"] };
    expect(serializePagesManifest(moved).toString("utf8")).toBe(JSON.stringify(moved));
    expect(serializePagesManifest(first).toString("utf8")).toBe(JSON.stringify(first));
  });

  it("do not keep the records of a manifest written before it is final", () => {
    const record: PageRecord = { file: "articles.html", route: "/articles/[...list]" };
    const manifest: PagesManifest = { key: "k", mode: "full", pages: { "/articles": record }, carried: [] };
    writePagesManifest(dir, manifest, false);
    // The reads recorded while rendering, put in after the first copy (as keepReads does).
    record.reads = { "/api/public/articles/summaries": "x" };
    writePagesManifest(dir, manifest);
    expect(readFileSync(join(dir, PAGES_MANIFEST), "utf8")).toBe(JSON.stringify(manifest));
  });
});
