import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { Compressor } from "./compress";

const page = (text: string) => `<!doctype html><html lang="fr"><body>${`<p>${text}</p>`.repeat(200)}</body></html>`;

async function compress(root: string, previous?: string) {
  const c = new Compressor(root, previous, 2);
  try {
    await c.run();
    c.finish();
  } finally {
    c.close();
  }
  return c.stats;
}

describe("precompression", () => {
  const dir = mkdtempSync(join(tmpdir(), "compress-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes brotli and gzip copies that decode to the file, and leaves small files as they are", async () => {
    const root = join(dir, "a");
    mkdirSync(join(root, "article"), { recursive: true });
    writeFileSync(join(root, "index.html"), page("Accueil"));
    writeFileSync(join(root, "article", "un.html"), page("Un"));
    writeFileSync(join(root, "robots.txt"), "User-agent: *");
    writeFileSync(join(root, "logo.png"), Buffer.alloc(4096));
    const stats = await compress(root);
    expect(stats).toEqual({ compressed: 2, reused: 0, small: 1 });
    const body = readFileSync(join(root, "article", "un.html"));
    expect(brotliDecompressSync(readFileSync(join(root, "article", "un.html.br")))).toEqual(body);
    expect(gunzipSync(readFileSync(join(root, "article", "un.html.gz")))).toEqual(body);
    expect(existsSync(join(root, "robots.txt.br"))).toBe(false);
    expect(existsSync(join(root, "logo.png.br"))).toBe(false);
  });

  it("reuses the previous build's copies of unchanged bytes by hard link, and never writes through a shared file", async () => {
    const before = join(dir, "a");
    const after = join(dir, "b");
    mkdirSync(join(after, "article"), { recursive: true });
    // The next build as a partial build makes it: every file a hard link of the live one, then the changed page
    // replaced by a new file.
    for (const rel of ["index.html", "index.html.br", "index.html.gz", "article/un.html", "article/un.html.br", "article/un.html.gz"]) {
      linkSync(join(before, rel), join(after, rel));
    }
    writeFileSync(join(after, "articles.html"), page("Accueil"));
    rmSync(join(after, "article", "un.html"));
    writeFileSync(join(after, "article", "un.html"), page("Un, corrigé"));
    const liveBr = readFileSync(join(before, "article", "un.html.br"));

    const stats = await compress(after, before);
    expect(stats).toEqual({ compressed: 1, reused: 2, small: 0 });
    // Same bytes under another name reuse too (articles.html has the home page's bytes).
    expect(statSync(join(after, "articles.html.br")).ino).toBe(statSync(join(before, "index.html.br")).ino);
    expect(statSync(join(after, "index.html.gz")).ino).toBe(statSync(join(before, "index.html.gz")).ino);
    expect(brotliDecompressSync(readFileSync(join(after, "article", "un.html.br"))).toString()).toContain("corrigé");
    // The live build's copy is untouched.
    expect(readFileSync(join(before, "article", "un.html.br"))).toEqual(liveBr);
  });

  it("rewrites a build's own stale copies in place when its files are compressed again", async () => {
    const root = join(dir, "d");
    mkdirSync(root);
    writeFileSync(join(root, "index.html"), page("Avant"));
    await compress(root);
    const inode = statSync(join(root, "index.html.br")).ino;
    writeFileSync(join(root, "index.html"), page("Après, plus long que le texte d'avant"));
    // The manifest the first run wrote is a dot file, the build's bookkeeping: never compressed.
    expect(await compress(root)).toEqual({ compressed: 1, reused: 0, small: 0 });
    expect(existsSync(join(root, ".compressed.json.br"))).toBe(false);
    const body = readFileSync(join(root, "index.html"));
    expect(brotliDecompressSync(readFileSync(join(root, "index.html.br")))).toEqual(body);
    expect(gunzipSync(readFileSync(join(root, "index.html.gz")))).toEqual(body);
    // The same file, not a new one: no inode freed and allocated again.
    expect(statSync(join(root, "index.html.br")).ino).toBe(inode);
  });

  it("removes a compressed copy left from the previous build when the file became small", async () => {
    const before = join(dir, "a");
    const after = join(dir, "c");
    mkdirSync(after);
    linkSync(join(before, "index.html.br"), join(after, "index.html.br"));
    linkSync(join(before, "index.html.gz"), join(after, "index.html.gz"));
    writeFileSync(join(after, "index.html"), "<p>court</p>");
    await compress(after, before);
    expect(existsSync(join(after, "index.html.br"))).toBe(false);
    expect(existsSync(join(after, "index.html.gz"))).toBe(false);
    expect(existsSync(join(before, "index.html.br"))).toBe(true);
  });
});
