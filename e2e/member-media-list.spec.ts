import { expect, test } from "@playwright/test";
import { appViolations, authHeaders, islandsHydrated, MEMBER, openSignedIn, rowTitles, tag } from "./support/apps";

/**
 * /user/media on the shared paged list (issue 19 §1 and §2): a search that ignores accents (« ecoute » finds
 * « Écoute »), « Mes médias », the type and date filters, a sort and a second page, each in the address, surviving
 * a reload and walked back with the back button; then the same page as a grid with the member's own buttons, and
 * no serious axe violation on it. Members have no bulk action (docs/DECISIONS.md). At 1280 px and on a 375 px
 * phone (where the sort is chosen from the select).
 */

/** `YYYY-MM-DD` some days from today, in Dakar (UTC). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`member media list at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("searches, filters, sorts and pages with the state in the address, and shows the same page as a grid", async ({ page, request }) => {
      test.setTimeout(150_000);
      const word = `mmed${tag()}`;
      const member = await authHeaders(request, MEMBER);
      const ids: string[] = [];
      const make = async (title: string, type: "link" | "external") => {
        const res = await request.post("/api/user/media", {
          headers: member,
          // JSON, not multipart: set-up calls do not spend the member's hourly upload allowance.
          data: { title, type, description: "Une ressource du test.", externalUrl: "https://example.org/" },
        });
        expect(res.ok(), await res.text()).toBe(true);
        ids.push(((await res.json()) as { _id: string })._id);
      };
      // 27 links (two pages of 25) and one external resource, all pending, all the member's own.
      for (let i = 0; i < 27; i++) await make(`Écoute ${word} ${String(i).padStart(2, "0")}`, "link");
      await make(`Écoute ${word} externe`, "external");
      try {
        await openSignedIn(page, MEMBER, "/user/media");

        // « ecoute » finds « Écoute »; only the member's own match, so « Mes médias » keeps all 28.
        await page.getByLabel("Rechercher un média").fill(`ecoute ${word}`);
        await expect(page).toHaveURL(new RegExp(`[?&]q=ecoute\\+${word}`));
        await expect(page.locator(".list-count")).toHaveText("28 médias");
        await page.getByLabel("Afficher").selectOption("1");
        await expect(page).toHaveURL(/[?&]mine=1(&|$)/);
        await expect(page.locator(".list-count")).toHaveText("28 médias");
        await page.getByLabel("Type").selectOption("link");
        await expect(page).toHaveURL(/[?&]type=link(&|$)/);
        await expect(page.locator(".list-count")).toHaveText("27 médias");

        // The date range: nothing added from tomorrow on, everything added since yesterday.
        await page.getByLabel("Ajoutés depuis le").fill(day(1));
        await expect(page).toHaveURL(new RegExp(`[?&]from=${day(1)}(&|$)`));
        await expect(page.locator(".list-count")).toHaveText("Aucun média");
        await page.getByLabel("Ajoutés depuis le").fill(day(-1));
        await expect(page.locator(".list-count")).toHaveText("27 médias");

        // Sorted by title, 25 a page, then page 2.
        if (viewport.width >= 768) await page.getByRole("button", { name: "Titre" }).click();
        else await page.getByLabel("Trier").selectOption("title");
        await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
        await page.getByLabel("Lignes par page").selectOption("25");
        await expect(page).toHaveURL(/[?&]pageSize=25(&|$)/);
        await expect.poll(async () => (await rowTitles(page))[0]).toBe(`Écoute ${word} 00`);
        await page.getByRole("button", { name: "Page suivante" }).click();
        await expect(page).toHaveURL(/[?&]page=2(&|$)/);
        await expect.poll(() => rowTitles(page)).toEqual([`Écoute ${word} 25`, `Écoute ${word} 26`]);

        // A reload shows the same page; back goes to page 1, then to the unsorted list.
        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByText("Page 2 sur 2", { exact: true })).toBeVisible();
        await expect(page.getByLabel("Rechercher un média")).toHaveValue(`ecoute ${word}`);
        await expect(page.getByLabel("Afficher")).toHaveValue("1");
        await expect(page.getByLabel("Type")).toHaveValue("link");
        await expect(page.getByLabel("Ajoutés depuis le")).toHaveValue(day(-1));
        await expect.poll(() => rowTitles(page)).toEqual([`Écoute ${word} 25`, `Écoute ${word} 26`]);
        await page.goBack();
        await expect(page).not.toHaveURL(/[?&]page=/);
        await expect(page.getByText("Page 1 sur 2", { exact: true })).toBeVisible();
        await page.goBack();
        await expect(page).not.toHaveURL(/[?&]pageSize=/);

        // The same list as a grid, kept in the address, with the member's own buttons on each card.
        await page.getByRole("button", { name: "Grille" }).click();
        await expect(page).toHaveURL(/[?&]view=grid(&|$)/);
        const grid = page.getByRole("list", { name: /^Médias\s: 27 médias/ });
        await expect(grid.getByRole("listitem")).toHaveCount(27);
        await expect(grid.getByRole("button", { name: `Modifier « Écoute ${word} 00 »` })).toBeVisible();
        expect(await appViolations(page, "main"), "member media grid").toEqual([]);
        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByRole("button", { name: "Grille" })).toHaveAttribute("aria-pressed", "true");
        await expect(grid.getByRole("listitem")).toHaveCount(27);
        await page.getByRole("button", { name: "Tableau" }).click();
        await expect(page).not.toHaveURL(/view=/);
      } finally {
        for (const id of ids) await request.delete(`/api/user/media/${id}`, { headers: member });
      }
    });
  });
}
