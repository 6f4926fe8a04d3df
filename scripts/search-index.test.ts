import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildSearchIndex, pageUrl } from "./search-index";

const page = (lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><header>Menu</header>${body}</body></html>`;

describe("search index", () => {
  const dir = mkdtempSync(join(tmpdir(), "search-index-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gives results the addresses visitors use", () => {
    expect(pageUrl("index.html")).toBe("/");
    expect(pageUrl("article/l-erosion.html")).toBe("/article/l-erosion");
    expect(pageUrl("cercle-impulsion/Aïssatou_Ndiaye.html")).toBe("/cercle-impulsion/A%C3%AFssatou_Ndiaye");
  });

  it("indexes only French pages whose content is marked searchable", async () => {
    mkdirSync(join(dir, "article"));
    writeFileSync(join(dir, "article", "a.html"), page("fr", '<main data-pagefind-body><h1>L’économie</h1></main>'));
    writeFileSync(join(dir, "article", "b.html"), page("fr", '<main data-pagefind-body><h1>Écologie</h1></main>'));
    writeFileSync(join(dir, "articles.html"), page("fr", "<main><h1>Tous les articles</h1></main>"));
    writeFileSync(join(dir, "en.html"), page("en", '<main data-pagefind-body><h1>English</h1></main>'));
    const { pages } = await buildSearchIndex(dir);
    expect(pages).toBe(2);
    const bundle = readdirSync(join(dir, "pagefind"));
    expect(bundle).toContain("pagefind.js");
    expect(bundle.some((f) => f.startsWith("pagefind-ui"))).toBe(false);
  });
});
