import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { niceByThread } from "../api/testing/thread-nice";
import { buildHashIndex, COMPRESSION_NICE, CompressionThreads, Compressor, hashIndex, mergeManifest } from "./compress";

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
    expect(stats).toEqual({ compressed: 2, reused: 0, small: 1, handed: 0 });
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
    expect(stats).toEqual({ compressed: 1, reused: 2, small: 0, handed: 0 });
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
    expect(await compress(root)).toEqual({ compressed: 1, reused: 0, small: 0, handed: 0 });
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

  it("gives the same copies with threads kept from one build to the next, which a build's end leaves running", async () => {
    const threads = new CompressionThreads(2);
    try {
      for (const name of ["k1", "k2"]) {
        const root = join(dir, name);
        mkdirSync(root);
        writeFileSync(join(root, "index.html"), page(`Accueil ${name}`));
        const c = new Compressor(root, undefined, threads);
        await c.run();
        c.finish();
        c.close();
        expect(c.stats).toEqual({ compressed: 1, reused: 0, small: 0, handed: 0 });
        expect(brotliDecompressSync(readFileSync(join(root, "index.html.br")))).toEqual(readFileSync(join(root, "index.html")));
        expect(threads.size).toBe(2);
      }
      const fresh = join(dir, "k3");
      mkdirSync(fresh);
      writeFileSync(join(fresh, "index.html"), page("Accueil k2"));
      await compress(fresh);
      expect(readFileSync(join(fresh, "index.html.br"))).toEqual(readFileSync(join(dir, "k2", "index.html.br")));
      expect(readFileSync(join(fresh, "index.html.gz"))).toEqual(readFileSync(join(dir, "k2", "index.html.gz")));
    } finally {
      threads.close();
    }
  });

  it("compresses the pages handed over while a build renders once, and its walk leaves them to it", async () => {
    const before = join(dir, "a");
    const root = join(dir, "handed");
    mkdirSync(join(root, "article"), { recursive: true });
    const threads = new CompressionThreads(2);
    try {
      const c = new Compressor(root, before, threads);
      // Rendered pages, written then handed over: one new, one with the live home page's bytes, one small, one
      // not compressible, one dot file.
      const handed: [string, string | Buffer][] = [
        ["article/deux.html", page("Deux")],
        ["article/accueil.html", readFileSync(join(before, "index.html"))],
        ["robots.txt", "User-agent: *"],
        ["article/deux.bib", "@article{deux}".repeat(200)],
        [".pages.json", JSON.stringify({ pages: "x".repeat(2000) })],
      ];
      for (const [rel, body] of handed) {
        const bytes = typeof body === "string" ? Buffer.from(body) : body;
        writeFileSync(join(root, rel), bytes);
        await c.page(rel, bytes);
      }
      await c.settle();
      expect(c.stats).toEqual({ compressed: 1, reused: 1, small: 1, handed: 3 });
      const body = readFileSync(join(root, "article", "deux.html"));
      expect(brotliDecompressSync(readFileSync(join(root, "article", "deux.html.br")))).toEqual(body);
      expect(gunzipSync(readFileSync(join(root, "article", "deux.html.gz")))).toEqual(body);
      expect(statSync(join(root, "article", "accueil.html.br")).ino).toBe(statSync(join(before, "index.html.br")).ino);
      // A file written later (the CSP hashes, a search file) is found by the walk; the handed ones are not
      // compressed, counted or linked a second time.
      writeFileSync(join(root, "trois.html"), page("Trois"));
      const copy = statSync(join(root, "article", "deux.html.br")).ino;
      await c.run();
      c.finish();
      expect(c.stats).toEqual({ compressed: 2, reused: 1, small: 1, handed: 3 });
      expect(statSync(join(root, "article", "deux.html.br")).ino).toBe(copy);
      expect(existsSync(join(root, "article", "deux.bib.br"))).toBe(false);
      expect(existsSync(join(root, ".pages.json.br"))).toBe(false);
      // The next build reuses every copy through the manifest, the handed pages' included.
      const manifest = JSON.parse(readFileSync(join(root, ".compressed.json"), "utf8")) as { files: Record<string, string> };
      expect(Object.keys(manifest.files).sort()).toEqual(["article/accueil.html", "article/deux.html", "trois.html"]);
    } finally {
      threads.close();
    }
  });

  it("runs its threads below the process's priority, the calling thread's left as it was", async () => {
    const before = niceByThread();
    const threads = new CompressionThreads(2);
    try {
      const root = join(dir, "nice");
      mkdirSync(root);
      // Enough pages for a job on each thread (each has taken its priority before its first job).
      for (let i = 0; i < 4; i++) writeFileSync(join(root, `p${i}.html`), page(`Priorité ${i}`));
      const c = new Compressor(root, undefined, threads);
      await c.run();
      c.close();
      // The two threads started since run at the lower priority (and so do the helper threads they start, which
      // inherit it); the runtime's other new threads keep theirs.
      const started = [...niceByThread()].filter(([tid]) => !before.has(tid));
      expect(started.filter(([, nice]) => nice === COMPRESSION_NICE).length).toBeGreaterThanOrEqual(2);
      expect(getPriority(0)).toBe(0);
    } finally {
      threads.close();
    }
  });

  it("stops walking an abandoned build when it is closed, leaving kept threads running, and fails the jobs of a thread that ends", async () => {
    const threads = new CompressionThreads(1);
    try {
      const root = join(dir, "abandoned");
      mkdirSync(root);
      for (let i = 0; i < 20; i++) writeFileSync(join(root, `p${i}.html`), page(`Page ${i}`));
      const c = new Compressor(root, undefined, threads);
      const running = c.run();
      // The build gave up (its search failed) while the walk was under way: the walk ends at its next file.
      c.close();
      await running;
      expect(c.stats.compressed).toBe(1);
      expect(threads.broken).toBe(false);
    } finally {
      threads.close();
    }
    // A thread that ends on its own (not closed) fails what it was given instead of leaving it unanswered.
    // (Ended before the job is handed over, so the job can never run: whether the end is seen before or after it is
    // queued, the job fails.)
    const dying = new CompressionThreads(1);
    (dying as unknown as { threads: Worker[] }).threads[0]!.terminate();
    const job = dying.run({ path: join(dir, "missing", "never.html"), body: new ArrayBuffer(8), squeeze: false });
    await expect(job).rejects.toThrow(/exited|stopped/);
    expect(dying.broken).toBe(true);
    dying.close();
  });
});

describe("the index by hash kept with a compression manifest", () => {
  /** Staging's merge as it was written before the index was kept: the reference for the key order. */
  const mergedAsBefore = (files: Record<string, string>, drop: string[], add: Record<string, string>) => {
    const copy = { ...files };
    for (const rel of drop) delete copy[rel];
    return Object.assign(copy, add);
  };

  it("equals the index made from scratch after each merge, same bytes under several names included", () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 50; i++) files[`article/a${i}.html`] = `h${i % 20}`;
    files["pagefind/shard-1/wasm.fr.pagefind"] = "wasm";
    files["pagefind/shard-2/wasm.fr.pagefind"] = "wasm";
    const index = hashIndex(files);
    const merges: [string[], Record<string, string>][] = [
      // A page changed, a page gone, a new page with bytes another page has.
      [["article/a3.html", "article/a7.html", "article/a60.html"], { "article/a3.html": "h99", "article/a60.html": "h5" }],
      // The last name of a shared hash goes: the one before it is reused from now on.
      [["pagefind/shard-2/wasm.fr.pagefind", "article/a45.html"], { "pagefind/shard-3/wasm.fr.pagefind": "wasm" }],
      // An entry of the staged manifest that was not dropped moves to the end, as a dropped one does.
      [[], { "article/a10.html": "h10", "article/a11.html": "h3" }],
      [["article/a60.html", "article/a3.html"], {}],
    ];
    for (const [drop, add] of merges) {
      const expected = mergedAsBefore(files, drop, add);
      mergeManifest(files, drop, add);
      expect(Object.entries(files)).toEqual(Object.entries(expected).sort((a, b) => (Object.hasOwn(add, a[0]) ? 1 : 0) - (Object.hasOwn(add, b[0]) ? 1 : 0)));
      expect(hashIndex(files)).toBe(index);
      expect(index).toEqual(buildHashIndex(files));
    }
    // The compressor reuses the copies of the last name in the manifest's order, as a map filled from every entry.
    const lastByHash = new Map(Object.entries(files).map(([rel, hash]) => [hash, rel]));
    for (const [hash, rel] of lastByHash) expect(index.get(hash)!.at(-1)).toBe(rel);
  });
});
