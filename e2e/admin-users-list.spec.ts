import { expect, test } from "@playwright/test";
import { ADMIN, apiToken, islandsHydrated, signIn } from "./support/apps";

/**
 * /admin/users at scale (issue 19 §1): the members are paged by the server (25 / 50 / 100), searched (names,
 * alias, e-mail, accents ignored), filtered by role and circle and sorted, with the whole state in the address, so
 * a reload and the back button show the same list. At 1280 px and on a 375 px phone.
 */

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`admin member list at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("pages, filters and searches the members, with the state in the address", async ({ page, request }) => {
      test.setTimeout(120_000);
      const admin = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
      const all = (await (await request.get("/api/admin/users?page=1&pageSize=25&role=user", { headers: admin })).json()) as { total: number };
      const pages = Math.max(1, Math.ceil(all.total / 25));
      const members = page.getByRole("table", { name: /^Membres \(\d+\)$/ });

      await signIn(page, ADMIN);
      await page.goto("/admin/users");
      await islandsHydrated(page);
      await expect(page.getByRole("heading", { name: `Membres (${all.total})` })).toBeVisible();
      await expect(members.getByRole("columnheader", { name: "En attente" })).toBeVisible();

      // 25 rows a page: never more rows than that on screen, whatever the number of members.
      await page.getByLabel("Lignes par page").selectOption("25");
      await expect(page).toHaveURL(/[?&]pageSize=25(&|$)/);
      // The pager shows only when there is more than one page (the test seed may hold fewer than 25 members).
      if (pages > 1) await expect(page.getByText(`Page 1 sur ${pages}`, { exact: true })).toBeVisible();
      expect(await members.locator("tbody tr").count()).toBeLessThanOrEqual(25);

      // A circle filter: the address keeps it, every row shows the circle.
      await page.getByLabel("Cercle").selectOption("bureau");
      await expect(page).toHaveURL(/[?&]group=bureau(&|$)/);
      const bureau = (await (await request.get("/api/admin/users?page=1&pageSize=25&role=user&group=bureau", { headers: admin })).json()) as { total: number };
      await expect(page.getByRole("heading", { name: `Membres (${bureau.total})` })).toBeVisible();
      for (const text of await members.locator("tbody tr").allTextContents()) if (bureau.total > 0) expect(text).toContain("Bureau");

      // The role filter hides the other table; the search finds the admin by alias, in capitals.
      await page.getByLabel("Cercle").selectOption("");
      await page.getByLabel("Afficher").selectOption("admin");
      await expect(page).toHaveURL(/[?&]role=admin(&|$)/);
      await expect(members).toHaveCount(0);
      await page.getByRole("searchbox", { name: "Rechercher un membre" }).fill(ADMIN.nickname.toUpperCase());
      const admins = page.getByRole("table", { name: /^Administrateurs \(\d+\)$/ });
      await expect(admins.getByRole("row").filter({ hasText: ADMIN.nickname }).first()).toBeVisible();
      await expect(page).toHaveURL(/[?&]q=ADMIN(&|$)/);

      // A reload shows the same list; the back button the previous state.
      await page.reload();
      await islandsHydrated(page);
      await expect(page.getByLabel("Afficher")).toHaveValue("admin");
      await expect(page.getByRole("searchbox", { name: "Rechercher un membre" })).toHaveValue("ADMIN");
      // The search was one entry (typing replaces it): back shows the administrators before it.
      await page.goBack();
      await expect(page).not.toHaveURL(/[?&]q=/);
      await expect(page.getByRole("searchbox", { name: "Rechercher un membre" })).toHaveValue("");
      await expect(page.getByLabel("Afficher")).toHaveValue("admin");
    });
  });
}
