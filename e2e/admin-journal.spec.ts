import { expect, test, type Page } from "@playwright/test";
import { ADMIN, appViolations, authHeaders, islandsHydrated, openSignedIn, tag } from "./support/apps";

/**
 * The journal (issue 19 §4) as an admin uses it: each entry names its item as it was (a deleted theme still
 * reads), links to the items that still exist, and the list is searched (accents ignored) and filtered by action
 * with its state in the address, so a reload and the back button show the same entries. Axe on the screen.
 */


/** Text of each row's « Élément » cell (the row header). */
const items = (page: Page) => page.getByRole("table").locator("tbody th[scope=row]").allTextContents();

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test(`the journal names deleted items, links to living ones, and keeps its search and filters in the address (${viewport.width} px)`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const t = tag();
    const admin = await authHeaders(request, ADMIN);
    const gone = `École du journal ${t}`;
    const kept = `Marée du journal ${t}`;
    const created = await request.post("/api/admin/themes", { headers: admin, data: { name: gone, url: `ecole-journal-${t}` } });
    expect(created.ok(), await created.text()).toBe(true);
    const goneId = ((await created.json()) as { _id: string })._id;
    expect((await request.delete(`/api/admin/themes/${goneId}`, { headers: admin })).ok()).toBe(true);
    const other = await request.post("/api/admin/themes", { headers: admin, data: { name: kept, url: `maree-journal-${t}` } });
    expect(other.ok(), await other.text()).toBe(true);
    const keptId = ((await other.json()) as { _id: string })._id;
    try {
      await openSignedIn(page, ADMIN, "/admin/audit");
      await expect(page.getByRole("heading", { level: 1, name: "Journal des modifications" })).toBeVisible();

      // « ecole » finds « École »: its creation and its deletion, both named although the theme is gone.
      await page.getByLabel("Rechercher dans le journal").fill(`ecole journal ${t}`);
      await page.getByLabel("Rechercher dans le journal").press("Enter");
      await expect(page).toHaveURL(/[?&]q=ecole/);
      await expect(page.locator(".list-count")).toHaveText("2 entrées");
      expect(await items(page)).toEqual([`Thème ${gone}`, `Thème ${gone}`]);
      // No link to a deleted item.
      await expect(page.getByRole("table").getByRole("link", { name: gone })).toHaveCount(0);

      // The action filter: only the deletion, in French, by the admin.
      await page.getByLabel("Action").selectOption({ label: "Suppression" });
      await expect(page).toHaveURL(/[?&]action=delete(&|$)/);
      await expect(page.locator(".list-count")).toHaveText("1 entrée");
      const row = page.getByRole("table").locator("tbody tr");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Suppression");
      await expect(row).toContainText(ADMIN.nickname);

      // A reload shows the same entries, search and filter.
      await page.reload();
      await islandsHydrated(page);
      await expect(page.getByLabel("Rechercher dans le journal")).toHaveValue(`ecole journal ${t}`);
      await expect(page.getByLabel("Action")).toHaveValue("delete");
      await expect(page.locator(".list-count")).toHaveText("1 entrée");
      expect(await items(page)).toEqual([`Thème ${gone}`]);
      expect(await appViolations(page), "journal, filtered").toEqual([]);

      // The back button returns to the unfiltered search.
      await page.goBack();
      await expect(page.getByLabel("Action")).toHaveValue("");
      await expect(page.locator(".list-count")).toHaveText("2 entrées");

      // A theme that still exists is a link to its screen.
      await page.getByLabel("Rechercher dans le journal").fill(`maree ${t}`);
      await page.getByLabel("Rechercher dans le journal").press("Enter");
      await expect(page.locator(".list-count")).toHaveText("1 entrée");
      await expect(page.getByRole("table").getByRole("link", { name: kept })).toHaveAttribute("href", "/admin/themes");
      expect(await appViolations(page), "journal with a link").toEqual([]);
    } finally {
      await request.delete(`/api/admin/themes/${keptId}`, { headers: admin });
    }
  });
}
