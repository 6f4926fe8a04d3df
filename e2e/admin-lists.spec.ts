import { expect, test, type Page } from "@playwright/test";
import { ADMIN, apiToken, islandsHydrated, MEMBER, signIn } from "./support/apps";

/**
 * The back office's lists at scale (issue 19), first the articles: paging with 25 / 50 / 100 rows, sorting by the
 * column headers and the « Trier » choice, a search that ignores accents (« ecole » finds « École »), and the
 * whole state in the address, so a reload and the back button show the same list. At 1280 px and on a 375 px
 * phone, where rows become cards and the sort is chosen from the select.
 */

const tag = () => Date.now().toString(36);

const rowTitles = (page: Page) => page.getByRole("table").locator("tbody th[scope=row]").allTextContents();

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`admin article list at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("pages, sorts and searches in the database, with the whole state in the address", async ({ page, request }) => {
      test.setTimeout(120_000);
      // A pending article of the member's, found by its accented title.
      const title = `École des listes ${tag()}`;
      const member = { authorization: `Bearer ${await apiToken(request, MEMBER)}` };
      const admin = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
      const themes = (await (await request.get("/api/user/themes", { headers: member })).json()) as { _id: string }[];
      const created = await request.post("/api/user/articles", { headers: member, data: { title, txt_content: "Un texte de test.", themes: [themes[0]!._id] } });
      expect(created.ok(), await created.text()).toBe(true);
      const id = ((await created.json()) as { _id: string })._id;
      try {
        const all = (await (await request.get("/api/admin/articles?page=1&pageSize=25", { headers: admin })).json()) as { total: number };
        expect(all.total).toBeGreaterThan(25);
        const pages = Math.ceil(all.total / 25);

        await signIn(page, ADMIN);
        await page.goto("/admin/articles");
        await islandsHydrated(page);
        await expect(page.locator(".list-count")).toHaveText(`${all.total} articles`);

        // 25 rows a page, then the second page: each a new address.
        await page.getByLabel("Lignes par page").selectOption("25");
        await expect(page).toHaveURL(/[?&]pageSize=25(&|$)/);
        await expect(page.getByText(`Page 1 sur ${pages}`, { exact: true })).toBeVisible();
        // The pager's text follows the address at once; the rows follow the server's answer.
        await expect.poll(async () => (await rowTitles(page)).length).toBe(25);
        const next = page.getByRole("button", { name: "Page suivante" });
        await next.focus();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(/[?&]page=2(&|$)/);
        await expect(page.getByText(`Page 2 sur ${pages}`, { exact: true })).toBeVisible();
        // Keyboard focus stays on the pager.
        await expect(next).toBeFocused();

        // A reload shows the same page; the back button the previous one.
        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByText(`Page 2 sur ${pages}`, { exact: true })).toBeVisible();
        await expect(page.getByLabel("Lignes par page")).toHaveValue("25");
        await page.goBack();
        await expect(page.getByText(`Page 1 sur ${pages}`, { exact: true })).toBeVisible();
        await expect(page).not.toHaveURL(/[?&]page=/);

        // Sorting by title in French order, then the other way round.
        const byTitle = (await (await request.get("/api/admin/articles?page=1&pageSize=25&sort=title", { headers: admin })).json()) as { items: { title: string }[] };
        const reversed = (await (await request.get("/api/admin/articles?page=1&pageSize=25&sort=title&dir=desc", { headers: admin })).json()) as { items: { title: string }[] };
        if (viewport.width >= 768) {
          await page.getByRole("button", { name: "Titre" }).click();
          await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
          await expect.poll(() => rowTitles(page)).toEqual(byTitle.items.map((a) => a.title));
          await page.getByRole("button", { name: "Titre" }).click();
          await expect(page).toHaveURL(/[?&]dir=desc(&|$)/);
          await expect.poll(() => rowTitles(page)).toEqual(reversed.items.map((a) => a.title));
        } else {
          await page.getByLabel("Trier").selectOption("title");
          await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
          await expect.poll(() => rowTitles(page)).toEqual(byTitle.items.map((a) => a.title));
        }

        // « ecole » finds « École », as you type; the search survives a reload.
        await page.getByLabel("Rechercher un article").fill(`ecole des listes ${title.split(" ").at(-1)}`);
        await expect.poll(() => rowTitles(page)).toEqual([title]);
        await expect(page.locator(".list-count")).toHaveText("1 article");
        await expect(page).toHaveURL(/[?&]q=ecole/);
        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByLabel("Rechercher un article")).toHaveValue(/^ecole des listes /);
        await expect.poll(() => rowTitles(page)).toEqual([title]);

        // The pending filter keeps the search; the page is one card or one row, not a page of scrolling.
        await page.getByLabel("Afficher").selectOption("pending");
        await expect(page).toHaveURL(/[?&]status=pending(&|$)/);
        await expect.poll(() => rowTitles(page)).toEqual([title]);
      } finally {
        await request.delete(`/api/admin/articles/${id}`, { headers: admin });
      }
    });
  });
}
