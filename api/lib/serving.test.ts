import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StaticSite } from "./static-site";
import { serveUpload } from "./uploads-serve";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "serve-"));
  const site = join(dir, "site");
  mkdirSync(join(site, "_astro"), { recursive: true });
  mkdirSync(join(site, "article"), { recursive: true });
  writeFileSync(join(site, "index.html"), "<h1>Accueil</h1>");
  writeFileSync(join(site, "articles.html"), "<h1>Articles</h1>");
  writeFileSync(join(site, "article", "l-economie.html"), "<h1>L'économie</h1>");
  writeFileSync(join(site, "404.html"), "<h1>Page introuvable</h1>");
  writeFileSync(join(site, "_astro", "app.abc123.js"), "console.log(1)");
  writeFileSync(join(site, "articles.html.gz"), gzipSync("<h1>Articles</h1>"));
  writeFileSync(join(site, ".compressed.json"), "{}");
  writeFileSync(join(site, "article", ".hidden"), "x");
  writeFileSync(join(dir, "secret.txt"), "top secret");
  const up = join(dir, "uploads");
  mkdirSync(join(up, "media"), { recursive: true });
  writeFileSync(join(up, "media", "son.wav"), Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)));
  writeFileSync(join(up, ".env"), "hidden");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("static site serving", () => {
  const site = () => {
    const s = new StaticSite();
    s.setRoot(join(dir, "site"));
    return s;
  };
  const get = (s: StaticSite, path: string, headers: Record<string, string> = {}) =>
    s.serve(new Request(`http://x${path}`, { headers }), path);

  it("drops from memory only the files a generation published in place changed", async () => {
    const folder = mkdtempSync(join(tmpdir(), "serve-generation-"));
    try {
      writeFileSync(join(folder, "a.html"), "A1");
      writeFileSync(join(folder, "b.html"), "B1");
      const s = new StaticSite();
      s.setRoot(folder);
      expect(await get(s, "/a")!.text()).toBe("A1");
      expect(await get(s, "/b")!.text()).toBe("B1");
      expect(get(s, "/c")).toBeNull();
      // The publication renames new files into the folder served (new inodes under the same names).
      for (const [name, text] of [["a.html", "A2"], ["b.html", "B2"], ["c.html", "C2"]]) {
        writeFileSync(join(folder, `${name}.tmp`), text!);
        renameSync(join(folder, `${name}.tmp`), join(folder, name!));
      }
      s.refresh(["a.html", "c.html"]);
      expect(await get(s, "/a")!.text()).toBe("A2");
      // A page that had no file before answers now.
      expect(await get(s, "/c")!.text()).toBe("C2");
      // Not in the generation's list: still the bytes in memory (the list is what makes every process agree).
      expect(await get(s, "/b")!.text()).toBe("B1");
      s.refresh(null);
      expect(await get(s, "/b")!.text()).toBe("B2");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("maps clean URLs to the built files", async () => {
    const s = site();
    expect(await get(s, "/")!.text()).toContain("Accueil");
    expect(await get(s, "/articles")!.text()).toContain("Articles");
    expect(await get(s, "/article/l-economie")!.text()).toContain("économie");
  });

  it("refuses to climb out of the build folder and hides the build's dot files", () => {
    const s = site();
    for (const p of ["/../secret.txt", "/%2e%2e/secret.txt", "/article/../../secret.txt", "/%00", "/.compressed.json", "/article/.hidden"]) {
      expect(get(s, p)).toBeNull();
    }
  });

  it("marks hashed assets immutable and HTML as revalidated with an ETag", () => {
    const s = site();
    expect(get(s, "/_astro/app.abc123.js")!.headers.get("cache-control")).toContain("immutable");
    const html = get(s, "/articles")!;
    expect(html.headers.get("cache-control")).toContain("must-revalidate");
    const etag = html.headers.get("etag")!;
    expect(get(s, "/articles", { "if-none-match": etag })!.status).toBe(304);
  });

  it("sends the precompressed copy to clients that accept it", () => {
    const s = site();
    expect(get(s, "/articles", { "accept-encoding": "gzip, deflate" })!.headers.get("content-encoding")).toBe("gzip");
    expect(get(s, "/articles")!.headers.get("content-encoding")).toBeNull();
  });

  it("gives a file the same ETag in every process and after a rebuild that left it unchanged", () => {
    const etag = get(site(), "/articles")!.headers.get("etag");
    const other = site();
    other.setRoot(join(dir, "site"));
    expect(get(other, "/articles")!.headers.get("etag")).toBe(etag);
    expect(get(other, "/")!.headers.get("etag")).not.toBe(etag);
  });

  it("says Vary: Accept-Encoding only for files that have compressed copies", () => {
    const s = site();
    expect(get(s, "/articles")!.headers.get("vary")).toBe("accept-encoding");
    expect(get(s, "/")!.headers.get("vary")).toBeNull();
    expect(get(s, "/", { "accept-encoding": "br, gzip" })!.headers.get("content-encoding")).toBeNull();
  });

  it("answers a byte range of a file, and 416 for a range past its end", async () => {
    const s = site();
    const res = get(s, "/article/l-economie", { range: "bytes=0-3" })!;
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 0-3/${Buffer.byteLength("<h1>L'économie</h1>")}`);
    expect(await res.text()).toBe("<h1>");
    expect(get(s, "/article/l-economie", { range: "bytes=900-" })!.status).toBe(416);
  });

  it("answers HEAD with the headers and length of GET and no body, through a real server", async () => {
    const s = site();
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (r) => s.serve(r, new URL(r.url).pathname) ?? s.notFound(r) });
    try {
      const head = await fetch(`http://127.0.0.1:${server.port}/articles`, { method: "HEAD", headers: { "accept-encoding": "identity" } });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String("<h1>Articles</h1>".length));
      expect(head.headers.get("etag")).toBeTruthy();
      expect(await head.text()).toBe("");
    } finally {
      server.stop(true);
    }
  });

  it("answers unknown paths with the French 404 page and status 404", async () => {
    const s = site();
    const res = s.notFound(new Request("http://x/nope"));
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toContain("Page introuvable");
    expect(await s.notFound(new Request("http://x/encore")).text()).toContain("Page introuvable");
  });

  it("sets security headers on pages", () => {
    const res = get(site(), "/")!;
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("uploads serving", () => {
  const up = () => join(dir, "uploads");
  const get = (path: string, headers: Record<string, string> = {}) =>
    serveUpload(new Request(`http://x${path}`, { headers }), up(), path);

  it("serves a file with its content type", () => {
    const res = get("/uploads/media/son.wav")!;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
  });

  it("answers byte ranges with 206 for seeking in audio and video", async () => {
    const res = get("/uploads/media/son.wav", { range: "bytes=10-19" })!;
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 10-19/1000");
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(get("/uploads/media/son.wav", { range: "bytes=-5" })!.headers.get("content-range")).toBe("bytes 995-999/1000");
    expect(get("/uploads/media/son.wav", { range: "bytes=5000-" })!.status).toBe(416);
  });

  it("lists no directory, hides dot files and refuses traversal", () => {
    for (const p of ["/uploads/media", "/uploads/media/", "/uploads/", "/uploads/.env", "/uploads/../secret.txt", "/uploads/%2e%2e/secret.txt"]) {
      expect(get(p)).toBeNull();
    }
  });
});
