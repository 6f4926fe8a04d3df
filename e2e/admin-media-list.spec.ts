import { expect, test, type Page } from "@playwright/test";
import { ADMIN, appViolations, authHeaders, islandsHydrated, MEMBER, openSignedIn, rowTitles, tag } from "./support/apps";

/**
 * /admin/media on the shared paged list (issue 19): a filter, a search (accents ignored), a sort and a page,
 * each in the address, surviving a reload and walked back with the back button; the same page as a grid with
 * its buttons; and the bulk approval of the pending media after a confirmation naming the count. At 1280 px and
 * on a 375 px phone (where the sort is chosen from the select).
 */


for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`admin media list at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("filters, searches, sorts and pages with the state in the address, shows a grid, and approves in bulk", async ({ page, request }) => {
      test.setTimeout(150_000);
      const word = `med${tag()}`;
      const admin = await authHeaders(request, ADMIN);
      const member = await authHeaders(request, MEMBER);
      const ids: string[] = [];
      const make = async (headers: Record<string, string>, title: string, type: "link" | "external") => {
        const res = await request.post(headers === admin ? "/api/admin/media" : "/api/user/media", {
          headers,
          // JSON, not multipart: set-up calls do not spend the hourly upload allowance.
          data: { title, type, description: "Une ressource du test.", externalUrl: "https://example.org/" },
        });
        expect(res.ok(), await res.text()).toBe(true);
        ids.push(((await res.json()) as { _id: string })._id);
      };
      // 27 approved links (two pages of 25), 2 external ones, and 2 pending links of the member's.
      for (let i = 0; i < 27; i++) await make(admin, `Écoute ${word} ${String(i).padStart(2, "0")}`, "link");
      for (let i = 0; i < 2; i++) await make(admin, `Écoute ${word} externe ${i}`, "external");
      for (let i = 0; i < 2; i++) await make(member, `Écoute ${word} en attente ${i}`, "link");
      try {
        await openSignedIn(page, ADMIN, "/admin/media");

        // Search (accents ignored) and the type filter: each a new address.
        await page.getByLabel("Rechercher un média").fill(`ecoute ${word}`);
        await expect(page).toHaveURL(new RegExp(`[?&]q=ecoute\\+${word}`));
        await expect(page.locator(".list-count")).toHaveText("31 médias");
        await page.getByLabel("Type").selectOption("link");
        await expect(page).toHaveURL(/[?&]type=link(&|$)/);
        await expect(page.locator(".list-count")).toHaveText("29 médias");

        // Sorted by title, 25 a page, then page 2.
        if (viewport.width >= 768) await page.getByRole("button", { name: "Titre" }).click();
        else await page.getByLabel("Trier").selectOption("title");
        await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
        await page.getByLabel("Lignes par page").selectOption("25");
        await expect(page).toHaveURL(/[?&]pageSize=25(&|$)/);
        await expect.poll(async () => (await rowTitles(page))[0]).toBe(`Écoute ${word} 00`);
        await page.getByRole("button", { name: "Page suivante" }).click();
        await expect(page).toHaveURL(/[?&]page=2(&|$)/);
        await expect.poll(() => rowTitles(page)).toEqual([`Écoute ${word} 25`, `Écoute ${word} 26`, `Écoute ${word} en attente 0`, `Écoute ${word} en attente 1`]);

        // A reload shows the same page; back goes to page 1, then to the unsorted list.
        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByText("Page 2 sur 2", { exact: true })).toBeVisible();
        await expect(page.getByLabel("Type")).toHaveValue("link");
        await expect(page.getByLabel("Rechercher un média")).toHaveValue(`ecoute ${word}`);
        await expect.poll(async () => (await rowTitles(page)).length).toBe(4);
        await page.goBack();
        await expect(page).not.toHaveURL(/[?&]page=/);
        await expect(page.getByText("Page 1 sur 2", { exact: true })).toBeVisible();
        await page.goBack();
        await expect(page).not.toHaveURL(/[?&]pageSize=/);

        // The same list as a grid, kept in the address, with each card's buttons.
        await page.getByRole("button", { name: "Grille" }).click();
        await expect(page).toHaveURL(/[?&]view=grid(&|$)/);
        const grid = page.getByRole("list", { name: /^Médias\s: 29 médias/ });
        await expect(grid.getByRole("listitem")).toHaveCount(29);
        await expect(grid.getByRole("button", { name: `Modifier « Écoute ${word} 00 »` })).toBeVisible();
        await expect(grid.getByRole("button", { name: `Approuver : Écoute ${word} en attente 0` })).toBeVisible();
        expect(await appViolations(page, "main"), "grid view").toEqual([]);
        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByRole("button", { name: "Grille" })).toHaveAttribute("aria-pressed", "true");
        await page.getByRole("button", { name: "Tableau" }).click();
        await expect(page).not.toHaveURL(/view=/);

        // The pending ones, all approved at once after a question naming the count.
        await page.getByLabel("Afficher").selectOption("pending");
        await expect(page.locator(".list-count")).toHaveText("2 médias");
        await page.getByLabel("Tout sélectionner").check();
        await expect(page.getByText("2 médias sélectionnés")).toBeVisible();
        await page.getByLabel("Action", { exact: true }).selectOption("approve");
        await page.getByRole("button", { name: "Appliquer" }).click();
        await page.getByRole("alertdialog", { name: "Approuver 2 médias ?" }).getByRole("button", { name: "Approuver" }).click();
        await expect(page.getByRole("status").getByText("2 médias approuvés.")).toBeVisible();
        await expect(page.locator(".list-count")).toHaveText("Aucun média");
        for (const id of ids.slice(-2)) {
          const state = (await (await request.get(`/api/admin/media/${id}`, { headers: admin })).json()) as { approved: boolean };
          expect(state.approved).toBe(true);
        }
      } finally {
        await request.post("/api/admin/media/bulk", { headers: admin, data: { action: "delete", ids } });
      }
    });
  });
}
