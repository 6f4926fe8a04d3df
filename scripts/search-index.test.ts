import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as pagefind from "pagefind";
import { foldApostrophes } from "../site/src/lib/search-text";
import { assignShards, buildSearchIndex, OLD_SHARD_FACTOR, pageDate, pageUrl, searchableSlice, type ShardPage, stagedPagesDelta, withoutIgnored } from "./search-index";

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
      "article/a.html": whole(
        "L’économie bleue",
        '<div class="meta" data-pagefind-ignore><a href="/user/awa">Awa Ndiaye</a> · 3 min</div>' +
          "<h2 id=\"peche\">La pêche</h2><p>Les pirogues de Gorée.</p>" +
          // Nested elements of the same name inside an ignored one: the whole of it goes.
          '<section class="section" data-pagefind-ignore><h2>À lire aussi</h2><ul><li><section><a href="/article/z">Zinc</a>' +
          '</section></li></ul><section><p>Océan</p></section></section><p>Fin de l’article.</p>',
      ),
      "article/b.html": whole(
        "Portrait",
        '<p data-pagefind-ignore><img src="/uploads/article_pics/ignored.webp" alt="Non"></p>' +
          '<img src="/uploads/article_pics/x.webp" alt="Awa"><p>Awa Ndiaye, chercheuse.</p>',
      ),
      // A profile: its lists (and their counts) are excluded by class; its first picture is a teaser's.
      "article/c.html": whole(
        "Awa Ndiaye",
        '<p>Chercheuse en économie.</p><section><div class="section-head"><h2>Articles</h2><span class="badge">2 articles</span></div>' +
          '<ul class="teaser-list"><li><img src="/uploads/article_pics/t.webp" alt="Une"><h3><a href="/article/a">L’économie bleue</a></h3></li></ul></section>' +
          '<div class="empty-state"><p>Aucun média disponible</p></div>',
      ),
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

  it("leaves out of a page what Pagefind ignores, nested elements of the same name included", () => {
    const html = '<main><p>Garder</p><div data-pagefind-ignore><div><div>a</div></div>b</div><p>aussi</p><section class="x" data-pagefind-ignore="all"><section>c</section></section></main>';
    expect(withoutIgnored(html)).toBe("<main><p>Garder</p><p>aussi</p></main>");
    // An element whose end is missing stays; an attribute merely naming the marker is not one.
    expect(withoutIgnored("<main><div data-pagefind-ignore><p>x</p></main>")).toBe("<main><div data-pagefind-ignore><p>x</p></main>");
    expect(withoutIgnored('<p title="data-pagefind-ignore">t</p>')).toBe('<p title="data-pagefind-ignore">t</p>');
  });

  it("splits a large index into shards the search page merges, a person's pages in one shard", async () => {
    const site = join(dir, "sharded");
    mkdirSync(join(site, "article"), { recursive: true });
    mkdirSync(join(site, "user"), { recursive: true });
    const people = ["awa", "moussa", "fatou", "cheikh", "khady", "ousmane"];
    for (const p of people) {
      writeFileSync(join(site, "user", `${p}.html`), page("fr", `<main data-pagefind-body><h1>Profil de ${p}</h1></main>`));
      writeFileSync(
        join(site, "article", `${p}.html`),
        page("fr", `<main data-pagefind-body><h1>Article de ${p}</h1><p>Par <a href="/user/${p}">${p}</a></p></main>`),
      );
    }
    const stats = await buildSearchIndex(site, { pagesPerShard: 4 });
    expect(stats.pages).toBe(12);
    expect(stats.shards).toBeGreaterThan(1);
    expect(stats).toMatchObject({ indexed: stats.shards, reused: 0, indexedPages: 12 });
    const others = JSON.parse(readFileSync(join(site, "pagefind", "shards.json"), "utf8")) as string[];
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((o) => /^\/pagefind\/shard-[0-9a-z]+\/$/.test(o))).toBe(true);
    // Only the main bundle carries Pagefind's script; the other shards are index files merged into it.
    expect(readdirSync(join(site, "pagefind"))).toContain("pagefind.js");
    expect(readdirSync(join(site, others[0]!.slice(1)))).not.toContain("pagefind.js");
    const manifest = JSON.parse(readFileSync(join(site, ".search.json"), "utf8"));
    expect(manifest.pages["/article/awa"].key).toBe(manifest.pages["/user/awa"].key);
  });

  it("indexes again only the shards whose pages changed, with the same result as indexing everything", async () => {
    const live = join(dir, "sharded");
    const next = join(dir, "sharded-next");
    const fresh = join(dir, "sharded-fresh");
    for (const d of [next, fresh]) {
      mkdirSync(join(d, "article"), { recursive: true });
      mkdirSync(join(d, "user"), { recursive: true });
    }
    for (const rel of readdirSync(live, { recursive: true }) as string[]) {
      if (!rel.endsWith(".html") || rel.startsWith("pagefind")) continue;
      // The next build as a partial build makes it: unchanged pages are the live files themselves.
      linkSync(join(live, rel), join(next, rel));
      writeFileSync(join(fresh, rel), readFileSync(join(live, rel)));
    }
    const changed = page("fr", `<main data-pagefind-body><h1>Article corrigé</h1><p>Par <a href="/user/awa">awa</a></p></main>`);
    for (const d of [next, fresh]) {
      rmSync(join(d, "article", "awa.html"));
      writeFileSync(join(d, "article", "awa.html"), changed);
    }
    const stats = await buildSearchIndex(next, { previous: live, pagesPerShard: 4 });
    expect(stats).toMatchObject({ indexed: 1, reused: stats.shards - 1 });
    await buildSearchIndex(fresh, { pagesPerShard: 4 });
    const files = (d: string) =>
      (readdirSync(join(d, "pagefind"), { recursive: true }) as string[]).filter((f) => /\.(pf_\w+|json)$/.test(f)).sort();
    expect(files(next)).toEqual(files(fresh));
    for (const f of files(fresh)) expect(readFileSync(join(next, "pagefind", f)), f).toEqual(readFileSync(join(fresh, "pagefind", f)));
  });

  // A site's pages as the indexer sees them: dated articles, media and events (their date grows with their
  // number), one profile per person (no date). Deterministic, so that each test's figures are the same every run.
  const date = (i: number) => new Date(Date.UTC(2015, 0, 1) + i * 3_600_000).toISOString();
  const sitePages = (n: number): ShardPage[] => {
    const people = Math.max(1, Math.round(n / 17));
    return Array.from({ length: n }, (_, i) =>
      i < people ? { url: `/user/membre${i}`, key: `membre${i}`, date: "" } : { url: `/article/a${i}`, key: `membre${(i * 7919) % people}`, date: date(i) },
    );
  };
  const cut = (pages: ShardPage[], perShard: number) => new Set(assignShards(pages, perShard).map((s) => s.join(" ")));
  /** The shards of `after` that `before` does not have: the ones a build would index again. */
  const changed = (before: Set<string>, after: Set<string>) => [...after].filter((s) => !before.has(s)).map((s) => s.split(" "));

  it("files a page under its own date, a profile under none", () => {
    const article = '<main><div class="meta"><time datetime="2025-11-28T04:54:42.972Z">28 novembre</time></div></main>';
    expect(pageDate("/article/x", article)).toBe("2025-11-28T04:54:42.972Z");
    expect(pageDate("/user/awa", '<main><ul class="teaser-list"><li><time datetime="2026-01-01">1er</time></li></ul></main>')).toBe("");
    expect(pageDate("/event/y", "<main><p>Sans date</p></main>")).toBe("");
  });

  it("cuts small shards for recent pages and profiles, larger ones for old pages, whatever the site's size", () => {
    for (const n of [2_000, 20_000]) {
      const pages = sitePages(n);
      const shards = assignShards(pages, 50);
      expect(shards.flat().sort()).toEqual(pages.map((p) => p.url).sort());
      const newest = shards.find((s) => s.includes(`/article/a${n - 1}`))!;
      const profile = shards.find((s) => s.includes("/user/membre0"))!;
      // Twice the target at most for recent pages and profiles; 1.5 × OLD_SHARD_FACTOR times it for old ones.
      expect(newest.length).toBeLessThanOrEqual(100);
      expect(profile.length).toBeLessThanOrEqual(100);
      expect(Math.max(...shards.map((s) => s.length))).toBeLessThanOrEqual(1.5 * 50 * OLD_SHARD_FACTOR);
      // Old pages in large shards: far fewer shards (fewer requests per search) than small shards everywhere.
      expect(shards.length).toBeLessThan((n / 50) * 0.6);
      const oldest = shards.find((s) => s.includes(`/article/a${Math.round(n / 17)}`))!;
      if (n === 20_000) expect(oldest.length).toBeGreaterThan(100);
    }
  });

  it("cuts the same shards from the same pages in any order (a full build and a series of partial builds agree)", () => {
    const pages = sitePages(3_000);
    expect(assignShards([...pages].reverse(), 40)).toEqual(assignShards(pages, 40));
  });

  it("changes one small shard for a new page or a new profile, one old shard for an old page gone, at 2,000 pages as at 20,000", () => {
    for (const n of [2_000, 20_000]) {
      const pages = sitePages(n);
      const before = cut(pages, 50);
      const newPage = changed(before, cut([...pages, { url: "/article/nouveau", key: "membre3", date: date(n + 5) }], 50));
      expect(newPage.length).toBe(1);
      expect(newPage[0]!.length).toBeLessThanOrEqual(100);
      const newProfile = changed(before, cut([...pages, { url: "/user/nouveau", key: "nouveau", date: "" }], 50));
      expect(newProfile.length).toBe(1);
      expect(newProfile[0]!.length).toBeLessThanOrEqual(100);
      const oldGone = changed(before, cut(pages.filter((p) => p.url !== `/article/a${Math.round(n / 10)}`), 50));
      expect(oldGone.length).toBeGreaterThan(0);
      expect(oldGone.length).toBeLessThanOrEqual(2);
      for (const s of oldGone) expect(s.length).toBeLessThanOrEqual(1.5 * 50 * OLD_SHARD_FACTOR);
    }
  });

  it("indexes again one small shard for a change to a recent page where capped shard counts would index a large one", async () => {
    // 1,500 pages with shards of about 10: sixteen shards at most (the layout before) would hold ~94 pages each.
    const live = join(dir, "many");
    const next = join(dir, "many-next");
    const fresh = join(dir, "many-fresh");
    const people = 60;
    const article = (i: number, title: string) =>
      page(
        "fr",
        `<main data-pagefind-body><h1>${title}</h1><p data-pagefind-ignore><time datetime="${date(i)}">${i}</time> Par <a href="/user/p${i % people}">p${i % people}</a></p><p>Océan ${i}</p></main>`,
      );
    mkdirSync(join(live, "article"), { recursive: true });
    mkdirSync(join(live, "user"), { recursive: true });
    for (let i = 0; i < 1_500; i++) writeFileSync(join(live, "article", `a${i}.html`), article(i, `Étude n°${i}`));
    for (let p = 0; p < people; p++) writeFileSync(join(live, "user", `p${p}.html`), page("fr", `<main data-pagefind-body><h1>Profil p${p}</h1></main>`));
    const full = await buildSearchIndex(live, { pagesPerShard: 10 });
    expect(full.pages).toBe(1_560);
    expect(full.shards).toBeGreaterThan(16);
    const copy = (d: string) => {
      for (const sub of ["article", "user"]) {
        mkdirSync(join(d, sub), { recursive: true });
        for (const name of readdirSync(join(live, sub))) {
          if (d === next) linkSync(join(live, sub, name), join(d, sub, name));
          else writeFileSync(join(d, sub, name), readFileSync(join(live, sub, name)));
        }
      }
    };
    copy(next);
    copy(fresh);
    // The newest article corrected, and an old one.
    for (const d of [next, fresh]) {
      for (const [i, title] of [[1_499, "Étude corrigée"], [30, "Étude ancienne corrigée"]] as const) {
        rmSync(join(d, "article", `a${i}.html`));
        writeFileSync(join(d, "article", `a${i}.html`), article(i, title));
      }
    }
    const stats = await buildSearchIndex(next, { previous: live, pagesPerShard: 10 });
    expect(stats.indexed).toBe(2);
    expect(stats.reused).toBe(stats.shards - 2);
    // The recent page's shard (at most 20 pages) and the old page's (at most 120), not a sixteenth of the site.
    expect(stats.indexedPages).toBeLessThanOrEqual(20 + 1.5 * 10 * OLD_SHARD_FACTOR);
    const shards = (JSON.parse(readFileSync(join(next, ".search.json"), "utf8")) as { shards: { dir: string }[] }).shards;
    expect(shards.length).toBe(stats.shards);
    // The same index as a whole build of the same pages, file for file.
    await buildSearchIndex(fresh, { pagesPerShard: 10 });
    const files = (d: string) =>
      (readdirSync(join(d, "pagefind"), { recursive: true }) as string[]).filter((f) => /\.(pf_\w+|json)$/.test(f)).sort();
    expect(files(next)).toEqual(files(fresh));
    for (const f of files(fresh)) expect(readFileSync(join(next, "pagefind", f)), f).toEqual(readFileSync(join(fresh, "pagefind", f)));
  });

  it("does not index a profile again when only its lists change (an article of theirs published or withdrawn)", async () => {
    const live = join(dir, "profile");
    const next = join(dir, "profile-next");
    const profile = (n: number) =>
      page(
        "fr",
        `<main data-pagefind-body><h1>Awa Ndiaye</h1><p>Chercheuse.</p><div class="section-head"><h2>Articles</h2><span>${n} articles</span></div>` +
          `<ul class="teaser-list">${Array.from({ length: n }, (_, i) => `<li><a href="/article/a${i}">Article ${i}</a></li>`).join("")}</ul></main>`,
      );
    for (const [d, n] of [[live, 2], [next, 3]] as const) {
      mkdirSync(join(d, "user"), { recursive: true });
      writeFileSync(join(d, "user", "awa.html"), profile(n));
    }
    await buildSearchIndex(live);
    expect(await buildSearchIndex(next, { previous: live })).toMatchObject({ indexed: 0, reused: 1 });
    // Its own text is still what counts.
    writeFileSync(join(next, "user", "awa.html"), profile(3).replace("Chercheuse.", "Économiste."));
    expect(await buildSearchIndex(next, { previous: live })).toMatchObject({ indexed: 1, reused: 0 });
  });
  it("a staged build's change alone gives the index the list of every page gives (issue 31: no pass over the site)", async () => {
    const live = join(dir, "staged-live");
    const article = (i: number, title: string) =>
      page("fr", `<main data-pagefind-body><h1>${title}</h1><p data-pagefind-ignore><time datetime="${date(i)}">${i}</time></p><p>Océan ${i}</p></main>`);
    mkdirSync(join(live, "article"), { recursive: true });
    for (let i = 0; i < 120; i++) writeFileSync(join(live, "article", `a${i}.html`), article(i, `Étude n°${i}`));
    writeFileSync(join(live, "articles.html"), page("fr", "<main><h1>Tous les articles</h1></main>"));
    await buildSearchIndex(live, { pagesPerShard: 10 });
    // The change: the newest article corrected, an old one gone, a new one, and the list rendered again (not
    // searchable); a rendered page not written yet is left out by both.
    const rendered = ["article/a119.html", "article/a120.html", "articles.html", "article/a121.html"];
    const gone = ["article/a3.html"];
    const stage = (out: string) => {
      mkdirSync(join(out, "article"), { recursive: true });
      writeFileSync(join(out, "article", "a119.html"), article(119, "Étude corrigée"));
      writeFileSync(join(out, "article", "a120.html"), article(120, "Étude nouvelle"));
      writeFileSync(join(out, "articles.html"), page("fr", "<main><h1>Tous les articles</h1></main>"));
    };
    const whole = join(dir, "staged-whole");
    const changed = join(dir, "staged-change");
    stage(whole);
    stage(changed);
    const every = [
      ...Array.from({ length: 120 }, (_, i) => `article/a${i}.html`).filter((f) => f !== "article/a3.html" && !rendered.includes(f)).map((f) => `c${f}`),
      ...rendered.map((f) => `r${f}`),
    ].join("\n");
    const fromWhole = await buildSearchIndex(whole, { previous: live, pagesPerShard: 10, staged: true, pages: every });
    const fromChange = await buildSearchIndex(changed, { previous: live, pagesPerShard: 10, staged: true, pages: stagedPagesDelta(rendered, gone) });
    expect(fromWhole.pages).toBe(120);
    expect(fromWhole.indexed).toBeGreaterThan(0);
    expect({ ...fromChange, timings: null }).toEqual({ ...fromWhole, timings: null });
    const manifest = (d: string) => JSON.parse(readFileSync(join(d, ".search.json"), "utf8"));
    expect(manifest(changed)).toEqual(manifest(whole));
    const files = (d: string) => (readdirSync(join(d, "pagefind"), { recursive: true }) as string[]).sort();
    expect(files(changed)).toEqual(files(whole));
    for (const f of files(whole).filter((f) => /\.(pf_\w+|json)$/.test(f))) expect(readFileSync(join(changed, "pagefind", f)), f).toEqual(readFileSync(join(whole, "pagefind", f)));
  });
});
