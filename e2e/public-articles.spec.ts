import { expect, test, type Page } from "@playwright/test";
import { frenchTypography as fr } from "../site/src/lib/typography";
import { cutBetweenWords } from "./support/excerpt";

/** Article screens (spec §2 "Article screens"): theme sub-navigation, sorts, theme pages, one article. */

type Person = { nickname: string; firstname: string; name: string };
type ApiArticle = {
  title: string;
  url: string;
  createdAt: string;
  excerpt: string;
  articlePic: string | null;
  themes: { name: string; url: string }[];
  authors: Person[];
};
type ApiTheme = { name: string; url: string; count: number };

const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
const titles = async (page: Page) =>
  (await page.locator("#articles-table tbody tr:not([hidden]) td.title-cell .row-title").allTextContents()).map((t) => t.trim());
/**
 * Runs `visit` on the list shown, then on each next page, following « Suivante › »: a list is cut into pages where
 * its rows say (site/src/lib/article-pages.ts), so the articles other journeys leave online can make a second page.
 */
const forEveryPage = async (page: Page, visit: () => Promise<void>) => {
  const next = page.getByRole("navigation", { name: "Pages de la liste" }).getByRole("link", { name: "Suivante ›" });
  await visit();
  while (await next.count()) {
    await page.goto((await next.getAttribute("href"))!);
    await visit();
  }
};
/** The titles of every page of the list shown (see `forEveryPage`). */
const allTitles = async (page: Page) => {
  const all: string[] = [];
  await forEveryPage(page, async () => void all.push(...(await titles(page))));
  return all;
};
const get = async <T>(page: Page, path: string): Promise<T> => {
  const res = await page.request.get(path);
  expect(res.ok(), path).toBe(true);
  return res.json();
};

test.describe("the articles list", () => {
  test("offers every theme with its count, and lists articles most recent first", async ({ page }) => {
    const [articles, themes] = await Promise.all([
      get<ApiArticle[]>(page, "/api/public/articles"),
      get<ApiTheme[]>(page, "/api/public/themes-with-count"),
    ]);
    await page.goto("/articles");
    const nav = page.getByRole("navigation", { name: "Thèmes" });
    await expect(nav.getByRole("link", { name: `Tous les articles (${articles.length})` })).toHaveAttribute("aria-current", "page");
    for (const t of themes) await expect(nav.getByRole("link", { name: `${t.name} (${t.count})` })).toBeVisible();
    await expect(page.locator("[data-count]")).toHaveText(`${articles.length} article${articles.length < 2 ? "" : "s"}`);
    const recent = articles.slice().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    expect(await allTitles(page)).toEqual(recent.map((a) => fr(a.title)));
  });

  test("sorts by title and by author", async ({ page }) => {
    const articles = await get<ApiArticle[]>(page, "/api/public/articles");
    await page.goto("/articles");
    const sort = page.getByLabel("Trier");
    await expect(sort.locator("option")).toHaveText(["Plus récents", "Par titre", "Par auteur"]);
    // Each sort is a prerendered page of its own: choosing one goes there.
    await sort.selectOption({ label: "Par titre" });
    await page.waitForURL(/\/articles\/tri\/titre$/);
    await expect(page.getByLabel("Trier")).toHaveValue("/articles/tri/titre");
    expect(await allTitles(page)).toEqual(articles.map((a) => a.title).sort(collator.compare).map((t) => fr(t)));

    await page.goto("/articles/tri/titre");
    await page.getByLabel("Trier").selectOption({ label: "Par auteur" });
    await page.waitForURL(/\/articles\/tri\/auteur$/);
    const firstAuthors = (await page.locator("#articles-table tbody tr td[data-label=Auteurs]").allTextContents()).map(
      (t) => t.split(",")[0]!.trim(),
    );
    expect(firstAuthors).toEqual(firstAuthors.slice().sort(collator.compare));
  });

  test("theme badges lead to the theme page and author names to the author's profile", async ({ page }) => {
    const [article] = await get<ApiArticle[]>(page, "/api/public/articles");
    await page.goto("/articles");
    const row = page.locator("#articles-table tbody tr").filter({ has: page.getByRole("link", { name: fr(article!.title), exact: true }) });
    const author = article!.authors[0]!;
    await expect(row.getByRole("link", { name: `${author.firstname} ${author.name}` })).toHaveAttribute(
      "href",
      `/user/${encodeURIComponent(author.nickname)}`,
    );
    await row.getByRole("link", { name: article!.themes[0]!.name }).click();
    await page.waitForURL(`**/articles/${article!.themes[0]!.url}`);
  });
});

test.describe("rows that read like a publication (issue 13, item 1)", () => {
  test("every article row has its picture and an excerpt cut between words, at both widths", async ({ page }) => {
    const articles = await get<ApiArticle[]>(page, "/api/public/articles");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      // Every page of the list: the articles other journeys leave online can make a second one.
      const seen: string[] = [];
      await page.goto("/articles");
      await forEveryPage(page, async () => {
        const shownTitles = new Set(await titles(page));
        for (const a of articles.filter((x) => shownTitles.has(fr(x.title)))) {
          seen.push(a.url);
          const row = page.locator("#articles-table tbody tr").filter({ has: page.getByRole("link", { name: fr(a.title), exact: true }) });
          await expect(row.locator(".row-thumb")).toHaveCount(1);
          if (a.articlePic) await expect(row.locator(".row-thumb img")).toHaveAttribute("src", new RegExp(a.articlePic.replace(/\./g, "\\.")));
          if (!a.excerpt) continue;
          const excerpt = row.locator(".row-excerpt");
          await expect(excerpt).toBeVisible();
          const shown = await excerpt.innerText();
          expect(cutBetweenWords(shown, a.excerpt.replace(/…$/, "")), `${width} px: « ${shown} »`).toBe(true);
        }
      });
      expect(seen.sort(), `${width} px: every article has its row`).toEqual(articles.map((a) => a.url).sort());
    }
  });

  test("on a phone a row is a compact card: the list is at most 250 px an article", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const articles = await get<ApiArticle[]>(page, "/api/public/articles");
    await page.goto("/articles");
    const table = (await page.locator("#articles-table").boundingBox())!;
    // The rows of this page (the list may have more than one).
    const rows = await page.locator("#articles-table tbody tr:not([hidden])").count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(articles.length);
    expect(table.height / rows).toBeLessThanOrEqual(250);
    // Long theme names wrap inside the card rather than running past its edge.
    const overflow = await page.locator("#articles-table .badge").evaluateAll((badges) =>
      badges.filter((b) => b.getBoundingClientRect().right > b.closest("tr")!.getBoundingClientRect().right + 0.5).length,
    );
    expect(overflow).toBe(0);
  });
});

test.describe("a theme page", () => {
  test("names the theme, lists its articles only, and links back with '← Tous les articles'", async ({ page }) => {
    const [articles, themes] = await Promise.all([
      get<ApiArticle[]>(page, "/api/public/articles"),
      get<ApiTheme[]>(page, "/api/public/themes-with-count"),
    ]);
    const theme = themes.find((t) => t.count > 1) ?? themes[0]!;
    const inTheme = articles.filter((a) => a.themes.some((t) => t.url === theme.url));
    await page.goto(`/articles/${theme.url}`);
    await expect(page.locator("h1")).toHaveText(theme.name);
    await expect(page.getByRole("navigation", { name: "Thèmes" }).getByRole("link", { name: `${theme.name} (${theme.count})` })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect((await allTitles(page)).sort()).toEqual(inTheme.map((a) => fr(a.title)).sort());
    await page.goto(`/articles/${theme.url}`);
    await page.getByLabel("Trier").selectOption({ label: "Par titre" });
    await page.waitForURL(new RegExp(`/articles/${theme.url}/tri/titre$`));
    expect(await allTitles(page)).toEqual(inTheme.map((a) => a.title).sort(collator.compare).map((t) => fr(t)));
    await page.goto(`/articles/${theme.url}/tri/titre`);

    await page.getByRole("link", { name: "← Tous les articles" }).click();
    await page.waitForURL(/\/articles$/);
  });
});

test.describe("an article page", () => {
  test("shows title, date, authors as links, picture, body and its media", async ({ page }) => {
    const list = await get<ApiArticle[]>(page, "/api/public/articles");
    const withMedia = list.find((a) => (a as unknown as { mediaCount: number }).mediaCount > 0) ?? list[0]!;
    const article = await get<ApiArticle & { html_content: string; media: { title: string }[]; articlePic: string | null }>(
      page,
      `/api/public/article/${withMedia.url}`,
    );
    await page.goto(`/article/${article.url}`);
    await expect(page.locator("h1")).toHaveText(fr(article.title));
    await expect(page.locator("main")).toContainText("Publié le");
    for (const a of article.authors) {
      await expect(page.locator("article header").getByRole("link", { name: `${a.firstname} ${a.name}` })).toHaveAttribute(
        "href",
        `/user/${encodeURIComponent(a.nickname)}`,
      );
    }
    if (article.articlePic) await expect(page.locator(".article-figure img")).toBeVisible();
    await expect(page.locator(".html-content")).not.toBeEmpty();
    for (const m of article.media) await expect(page.getByRole("heading", { name: fr(m.title), level: 3 })).toBeVisible();
    await page.getByRole("link", { name: "← Tous les articles" }).click();
    await page.waitForURL(/\/articles$/);
  });
});
