import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as pagefind from "pagefind";
import { foldApostrophes } from "../site/src/lib/search-text";
import { buildSearchIndex, pageUrl, searchableSlice } from "./search-index";

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

  it("indexes the cut-down pages exactly as it would the whole pages", async () => {
    const site = join(dir, "site");
    mkdirSync(join(site, "article"), { recursive: true });
    const whole = (h1: string, body: string) =>
      `<!doctype html><html lang="fr" dir="ltr"><head><meta charset="utf-8"><title>${h1} — L’Institut</title></head>` +
      `<body><header data-pagefind-ignore><img src="/logo.svg" alt=""><nav><a href="/articles">Articles</a></nav></header>` +
      `<main id="contenu" data-pagefind-body data-pagefind-filter="kind:Article" data-pagefind-meta="kind:Article">` +
      `<a class="back-link" href="/articles">Tous les articles</a><h1>${h1}</h1>${body}</main>` +
      `<footer><img src="/logo.svg" alt="" loading="lazy"><p>Pied de page</p></footer></body></html>`;
    const pages = {
      "article/a.html": whole("L’économie bleue", "<h2 id=\"peche\">La pêche</h2><p>Les pirogues de Gorée.</p>"),
      "article/b.html": whole("Portrait", '<img src="/uploads/article_pics/x.webp" alt="Awa"><p>Awa Ndiaye, chercheuse.</p>'),
    };
    for (const [rel, html] of Object.entries(pages)) writeFileSync(join(site, rel), html);
    expect(searchableSlice(pages["article/a.html"])).not.toContain("<nav>");

    const { index } = await pagefind.createIndex({ excludeSelectors: [".back-link", ".section-head", ".teaser-list", ".empty-state"], forceLanguage: "fr" });
    for (const [rel, html] of Object.entries(pages)) await index!.addHTMLFile({ url: pageUrl(rel), content: foldApostrophes(html) });
    const expected = (await index!.getFiles()).files.filter((f) => /\.pf_(fragment|index|meta|filter)$/.test(f.path));
    await pagefind.close();

    await buildSearchIndex(site);
    expect(expected.length).toBeGreaterThan(3);
    for (const f of expected) expect(readFileSync(join(site, "pagefind", f.path)), f.path).toEqual(Buffer.from(f.content));
  });
});
