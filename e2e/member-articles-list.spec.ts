import { expect, test, type Page } from "@playwright/test";
import { appViolations, authHeaders, islandsHydrated, MEMBER, memberArticles, openSignedIn, tag } from "./support/apps";

/**
 * /user/articles at scale (issue 19 §1): « Mes articles » and « Articles des membres » page in the database, each
 * with its count, search and sorts (the member's own list also by status: the dashboard links to
 * `?status=pending`), their states side by side in one address that survives a reload and the back button.
 * At 1280 px and on a 375 px phone.
 */

/** The table of one of the two lists, its pager and its count (each list's tools come just before its table). */
const list = (page: Page, name: "Mes articles" | "Articles des membres") => {
  const table = page.getByRole("table", { name, exact: true });
  return {
    titles: () => table.locator("tbody th[scope=row]").allTextContents(),
    pageSize: page.locator(".table-wrap", { has: table }).getByLabel("Lignes par page"),
    table,
  };
};

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`member article lists at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("both lists search, sort and page in the database, their states in one address", async ({ page, request }) => {
      test.setTimeout(120_000);
      const word = `Arbre${tag()}`;
      const headers = await authHeaders(request, MEMBER);
      const ids = await memberArticles(request, ["Baobab", "Acacia", "Caïlcédrat"].map((name) => `${word} ${name}`), "Un arbre du Sénégal.");
      const others = (await (await request.get("/api/user/articles?page=1&mine=0", { headers })).json()) as { total: number; items: { title: string }[] };
      expect(others.total, "the demo has other members' public articles").toBeGreaterThan(0);
      try {
        // The dashboard's link to the member's pending articles.
        await openSignedIn(page, MEMBER, "/user/articles?status=pending");
        const mine = list(page, "Mes articles");
        const theirs = list(page, "Articles des membres");
        await expect(page.getByLabel("Afficher")).toHaveValue("pending");
        await expect(page.locator(".list-count").nth(1)).toHaveText(`${others.total} ${others.total === 1 ? "article" : "articles"}`);

        await page.getByLabel("Rechercher dans mes articles").fill(word.toLowerCase());
        await expect(page).toHaveURL(new RegExp(`[?&]q=${word.toLowerCase()}`));
        await expect.poll(async () => (await mine.titles()).length).toBe(3);
        await expect(page.locator(".list-count").first()).toHaveText("3 articles");
        await page.getByLabel("Trier", { exact: true }).selectOption("title");
        await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
        await expect.poll(() => mine.titles()).toEqual([`${word} Acacia`, `${word} Baobab`, `${word} Caïlcédrat`]);
        await mine.pageSize.selectOption("25");
        await expect(page).toHaveURL(/[?&]pageSize=25(&|$)/);

        // The members' list: the member's own articles are not among them, whatever the search.
        await page.getByLabel("Rechercher dans les articles des membres").fill(word.toLowerCase());
        await expect(page).toHaveURL(new RegExp(`[?&]membres\\.q=${word.toLowerCase()}`));
        await expect(theirs.table).toContainText("Aucun article des membres ne correspond à cette recherche.");
        await expect(page.locator(".list-count").nth(1)).toHaveText("Aucun article");

        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByLabel("Rechercher dans mes articles")).toHaveValue(word.toLowerCase());
        await expect(page.getByLabel("Rechercher dans les articles des membres")).toHaveValue(word.toLowerCase());
        await expect(page.getByLabel("Afficher")).toHaveValue("pending");
        await expect(mine.pageSize).toHaveValue("25");
        await expect.poll(() => mine.titles()).toEqual([`${word} Acacia`, `${word} Baobab`, `${word} Caïlcédrat`]);
        expect(await appViolations(page), "member article lists").toEqual([]);

        // Back: the members' search goes, then the page size, then the sort; the rest stays.
        await page.goBack();
        await expect(page.getByLabel("Rechercher dans les articles des membres")).toHaveValue("");
        await expect.poll(() => theirs.titles()).toEqual(others.items.map((a) => a.title));
        await page.goBack();
        await expect(mine.pageSize).toHaveValue("50");
        await page.goBack();
        await expect(page.getByLabel("Trier", { exact: true })).toHaveValue("recent");
        await expect(page.getByLabel("Afficher")).toHaveValue("pending");
        await expect.poll(async () => (await mine.titles()).length).toBe(3);
      } finally {
        for (const id of ids) await request.delete(`/api/user/articles/${id}`, { headers });
      }
    });
    test("« foret » finds « Forêt », and 26 matches page to a second page that survives a reload", async ({ page, request }) => {
      test.setTimeout(120_000);
      const word = `Bois${tag()}`;
      const headers = await authHeaders(request, MEMBER);
      const titles = Array.from({ length: 26 }, (_, i) => `Forêt ${word} ${String(i).padStart(2, "0")}`);
      const ids = await memberArticles(request, titles, "Un article de la forêt classée.");
      try {
        await openSignedIn(page, MEMBER, "/user/articles");
        const mine = list(page, "Mes articles");
        await page.getByLabel("Rechercher dans mes articles").fill(`foret ${word.toLowerCase()}`);
        await expect(page).toHaveURL(new RegExp(`[?&]q=foret\\+${word.toLowerCase()}`));
        await expect(page.locator(".list-count").first()).toHaveText("26 articles");
        await page.getByLabel("Trier", { exact: true }).selectOption("title");
        await mine.pageSize.selectOption("25");
        await expect.poll(() => mine.titles()).toEqual(titles.slice(0, 25));
        await page.locator(".table-wrap", { has: mine.table }).getByRole("button", { name: "Page suivante" }).click();
        await expect(page).toHaveURL(/[?&]page=2(&|$)/);
        await expect.poll(() => mine.titles()).toEqual(titles.slice(25));

        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByText("Page 2 sur 2", { exact: true })).toBeVisible();
        await expect.poll(() => mine.titles()).toEqual(titles.slice(25));
        await page.goBack();
        await expect.poll(() => mine.titles()).toEqual(titles.slice(0, 25));
      } finally {
        for (const id of ids) await request.delete(`/api/user/articles/${id}`, { headers });
      }
    });
  });
}
