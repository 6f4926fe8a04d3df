import { expect, test } from "@playwright/test";
import { ADMIN, authHeaders, memberArticles, openSignedIn, tag } from "./support/apps";

/**
 * Bulk actions on /admin/articles (issue 19 §1): three rows ticked from the keyboard and approved after one
 * confirmation; « Tout sélectionner » then every article matching the search; deletion confirmed by a question
 * that names the count. At 1280 px and on a 375 px phone.
 */
for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`admin bulk actions at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("approves three ticked articles, then deletes every article matching a search", async ({ page, request }) => {
      test.setTimeout(60_000);
      const word = `Lot${tag()}`;
      const admin = await authHeaders(request, ADMIN);
      const titles = Array.from({ length: 27 }, (_, i) => `${word} article ${String(i).padStart(2, "0")}`);
      const ids = await memberArticles(request, titles);
      try {
        await openSignedIn(page, ADMIN, `/admin/articles?q=${word}&pageSize=25&sort=title`);
        await expect(page.locator(".list-count")).toHaveText("27 articles");

        // Three rows, ticked with the keyboard.
        for (const title of titles.slice(0, 3)) {
          const box = page.getByRole("checkbox", { name: `Sélectionner\u00a0: ${title}` });
          await box.focus();
          await page.keyboard.press("Space");
          await expect(box).toBeChecked();
        }
        await expect(page.getByText("3 articles sélectionnés")).toBeVisible();
        await page.getByLabel("Action", { exact: true }).selectOption("approve");
        await page.getByRole("button", { name: "Appliquer" }).click();
        const ask = page.getByRole("alertdialog", { name: "Approuver 3 articles ?" });
        await ask.getByRole("button", { name: "Approuver" }).click();
        await expect(page.getByRole("status").getByText("3 articles approuvés.")).toBeVisible();
        for (const id of ids.slice(0, 3)) {
          const state = (await (await request.get(`/api/admin/articles/${id}`, { headers: admin })).json()) as { approved: boolean };
          expect(state.approved).toBe(true);
        }
        const fourth = (await (await request.get(`/api/admin/articles/${ids[3]}`, { headers: admin })).json()) as { approved: boolean };
        expect(fourth.approved).toBe(false);

        // The page, then all 27 matching (two pages); the question names the count.
        await page.getByLabel("Tout sélectionner").check();
        await expect(page.getByText("25 articles sélectionnés")).toBeVisible();
        await page.getByRole("button", { name: "Sélectionner les 27 articles correspondants" }).click();
        await expect(page.getByText("27 articles sélectionnés")).toBeVisible();
        await page.getByLabel("Action", { exact: true }).selectOption("delete");
        await page.getByRole("button", { name: "Appliquer" }).click();
        await page.getByRole("alertdialog", { name: "Supprimer 27 articles ?" }).getByRole("button", { name: "Supprimer" }).click();
        await expect(page.getByRole("status").getByText("27 articles supprimés.")).toBeVisible();
        await expect(page.locator(".list-count")).toHaveText("Aucun article");
      } finally {
        for (const id of ids) await request.delete(`/api/admin/articles/${id}`, { headers: admin });
      }
    });
  });
}
