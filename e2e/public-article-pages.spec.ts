import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type { ArticleSummary } from "../api/contract";
import { articleListPages } from "../site/src/lib/article-pages";
import { frenchTypography as fr } from "../site/src/lib/typography";
import { ADMIN, authHeaders, memberArticles, tag } from "./support/apps";

/**
 * The public article lists in pages of about 50 (issue 23; where a page ends: site/src/lib/article-pages.ts): with
 * more than 100 public articles, /articles shows the most recent first page and links to the next; every sort is
 * its own run of pages and together they hold every article once; a theme's list pages the same way. At 1280 and
 * 375 px, no serious axe violation, and the page's HTML stays small whatever the number of articles.
 */
type ApiArticle = ArticleSummary;

const REBUILD_WAIT = { timeout: 150_000, intervals: [1_000, 2_000] };
const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
const titles = async (page: Page) => (await page.locator("#articles-table tbody td.title-cell .row-title").allTextContents()).map((t) => t.trim());
const word = `Pagination${tag()}`;

/**
 * Serious axe violations of the page. Rows off screen are skipped by the browser (`content-visibility: auto`, their
 * size an estimate), so axe would measure targets against boxes that are not laid out: lay them all out first.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addStyleTag({ content: ".data-table tbody tr { content-visibility: visible !important; }" });
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")} ${n.failureSummary}`).join(" | ")}`);
}

test.describe.serial("paged article lists", () => {
  let articles: ApiArticle[] = [];

  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    // More than a page holds at most (100): two pages at least in every list, the first theme's included (they all
    // carry it).
    const count = 101;
    const ids = await memberArticles(request, Array.from({ length: count }, (_, i) => `${word} n°${String(i + 1).padStart(2, "0")}`));
    const admin = await authHeaders(request, ADMIN);
    const approved = await request.post("/api/admin/articles/bulk", { headers: admin, data: { action: "approve", ids } });
    expect(approved.status(), await approved.text()).toBe(200);
    articles = (await (await request.get("/api/public/articles")).json()) as ApiArticle[];
    // Live once /articles counts them all: a second page alone proves nothing, as the articles other journeys leave
    // online can make one already (a list is cut where its rows say: site/src/lib/article-pages.ts).
    await expect
      .poll(async () => (await (await request.get("/articles")).text()).includes(`>${articles.length} article`), REBUILD_WAIT)
      .toBe(true);
    expect((await request.get("/articles/page/2")).status()).toBe(200);
  });

  test.afterAll(async ({ request }) => {
    test.setTimeout(240_000);
    const admin = await authHeaders(request, ADMIN);
    await request.post("/api/admin/articles/bulk", { headers: admin, data: { action: "delete", filter: { q: word } } });
    // The next journeys count the articles on the built pages: wait until the site shows what is left (one page
    // again, unless what other journeys left is itself more than one page).
    const left = (await (await request.get("/api/public/articles")).json()) as ApiArticle[];
    if (articleListPages(left).length === 3) await expect.poll(async () => (await request.get("/articles/page/2")).status(), REBUILD_WAIT).toBe(404);
    // Every serving process shows the one page: asked on fresh connections (the kernel shares them between
    // processes), they must all agree (one generation for every process, issue 31 §2: api/site-generation.test.ts).
    const onePage = async () => {
      for (let i = 0; i < 6; i++) {
        const html = await (await request.get("/articles", { headers: { connection: "close" } })).text();
        if (!html.includes(`>${left.length} article`)) return false;
      }
      return true;
    };
    await expect.poll(onePage, REBUILD_WAIT).toBe(true);
  });

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 800 },
  ]) {
    test(`pages of about 50, most recent first, with page links, at ${viewport.width} px`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const recent = articleListPages(articles).filter((p) => p.sort === "recent");
      const expected = (n: number) => recent[n - 1]!.rows.map((a) => fr(a.title));

      await page.goto("/articles");
      await expect(page.locator("[data-count]")).toHaveText(`${articles.length} articles`);
      const pager = page.getByRole("navigation", { name: "Pages de la liste" });
      await expect(pager).toContainText(`Page 1 sur ${recent.length}`);
      await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
      expect(await titles(page)).toEqual(expected(1));
      expect(await seriousViolations(page)).toEqual([]);

      await pager.getByRole("link", { name: "Suivante ›" }).click();
      await page.waitForURL(/\/articles\/page\/2$/);
      await expect(page.getByRole("navigation", { name: "Pages de la liste" }).getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
      expect(await titles(page)).toEqual(expected(2));
      await expect(page).toHaveTitle(/^Articles \(page 2\)/);
      // Further pages leave the counts to the first one, so that a new article does not change them all.
      await expect(page.locator("[data-count]")).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);

      // The page a visitor downloads stays small: one page of rows, never the whole list.
      const html = await request.get("/articles", { headers: { "accept-encoding": "identity" } });
      expect((await html.body()).length).toBeLessThan(200_000);
    });

    test(`every sort is its own run of pages that holds every article once, at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const byTitle = articleListPages(articles).filter((p) => p.sort === "title");
      await page.goto("/articles/page/2");
      await page.getByLabel("Trier").selectOption({ label: "Par titre" });
      // A new sort starts at its first page.
      await page.waitForURL(/\/articles\/tri\/titre$/);
      expect(await titles(page)).toEqual(byTitle[0]!.rows.map((a) => fr(a.title)));
      // On a phone the rows are cards laid out as they near the screen (`content-visibility: auto`): scrolled to the
      // pager, the cards just above it take their real height, and a click can land where the link was a frame
      // earlier (once in CI: no navigation at all). The click is tried again until the page changes.
      const secondPage = page.getByRole("navigation", { name: "Pages de la liste" }).getByRole("link", { name: "Page 2" });
      await expect(secondPage).toHaveAttribute("href", /\/articles\/tri\/titre\/page\/2$/);
      await expect(async () => {
        await secondPage.click();
        await page.waitForURL(/\/articles\/tri\/titre\/page\/2$/, { timeout: 5_000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByLabel("Trier")).toHaveValue("/articles/tri/titre");
      expect(await titles(page)).toEqual(byTitle[1]!.rows.map((a) => fr(a.title)));

      // By author: the pages together hold every article exactly once.
      const byAuthor = articleListPages(articles).filter((p) => p.sort === "author");
      const all: string[] = [];
      for (let n = 1; n <= byAuthor.length; n++) {
        await page.goto(n === 1 ? "/articles/tri/auteur" : `/articles/tri/auteur/page/${n}`);
        all.push(...(await titles(page)));
      }
      expect(all.slice().sort(collator.compare)).toEqual(articles.map((a) => fr(a.title)).sort(collator.compare));
    });
  }

  test("a theme's list pages the same way, under its own address", async ({ page }) => {
    const theme = articles.find((a) => a.title.startsWith(word))!.themes[0]!.url;
    const inTheme = articles.filter((a) => a.themes.some((t) => t.url === theme));
    const pages = articleListPages(inTheme).filter((p) => p.sort === "recent");
    expect(pages.length).toBeGreaterThan(1);
    await page.goto(`/articles/${theme}`);
    await expect(page.locator("[data-count]")).toHaveText(`${inTheme.length} articles`);
    await page.getByRole("navigation", { name: "Pages de la liste" }).getByRole("link", { name: "Suivante ›" }).click();
    await page.waitForURL(new RegExp(`/articles/${theme}/page/2$`));
    expect(await titles(page)).toEqual(pages[1]!.rows.map((a) => fr(a.title)));
    await expect(page.getByRole("link", { name: "← Tous les articles" })).toBeVisible();
  });
});
