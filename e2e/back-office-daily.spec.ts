import { expect, test } from "@playwright/test";
import { ADMIN, appViolations, authHeaders, islandsHydrated, MEMBER, memberArticles, openSignedIn, tag } from "./support/apps";

/**
 * Issue 33 §1, the back office as an administrator uses it every day (WordPress is what people know): sign-in
 * lands in the back office; Shift-click ticks a range; the selection outlives an action so a second one can
 * follow; the bulk bar stays in view down a long list; each row says its state in words and each switch what a
 * press does, at 1280 px and on a 375 px phone.
 */

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("an administrator signing in lands on the back office's dashboard", async ({ page }) => {
    await page.goto("/login");
    await islandsHydrated(page);
    await page.getByLabel("Identifiant").fill(ADMIN.nickname);
    await page.getByLabel("Mot de passe").fill(ADMIN.password);
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await appViolations(page)).toEqual([]);
  });

  test("Shift-click ticks every row between two clicks, and the selection stays for a second action", async ({ page, request }) => {
    test.setTimeout(90_000);
    const word = `Plage${tag()}`;
    const admin = await authHeaders(request, ADMIN);
    const titles = Array.from({ length: 30 }, (_, i) => `${word} article ${String(i).padStart(2, "0")}`);
    const ids = await memberArticles(request, titles);
    try {
      await openSignedIn(page, ADMIN, `/admin/articles?q=${word}&pageSize=50&sort=title`);
      await expect(page.locator(".list-count")).toHaveText("30 articles");

      await page.getByRole("checkbox", { name: `Sélectionner\u00a0: ${titles[0]}` }).click();
      await page.getByRole("checkbox", { name: `Sélectionner\u00a0: ${titles[29]}` }).click({ modifiers: ["Shift"] });
      await expect(page.getByText("30 articles sélectionnés")).toBeVisible();

      // Far down the list, the bar and its action are still in view, under the site's header.
      const bar = page.getByRole("group", { name: "Actions groupées" });
      await page.getByRole("checkbox", { name: `Sélectionner\u00a0: ${titles[29]}` }).scrollIntoViewIfNeeded();
      await expect(bar).toBeInViewport();
      await expect(bar.getByRole("button", { name: "Appliquer" })).toBeInViewport();
      // axe counts a row cut by the bar's edge as a covered target: the check is made with a row starting there.
      await page.evaluate(() => {
        const edge = document.querySelector(".bulk-bar")!.getBoundingClientRect().bottom;
        const cut = [...document.querySelectorAll("tbody tr[data-row-key]")].find((r) => r.getBoundingClientRect().bottom > edge)!;
        window.scrollBy(0, cut.getBoundingClientRect().top - edge);
      });
      expect(await appViolations(page)).toEqual([]);

      // Unticking a range works the same way.
      await page.getByRole("checkbox", { name: `Sélectionner\u00a0: ${titles[25]}` }).click();
      await page.getByRole("checkbox", { name: `Sélectionner\u00a0: ${titles[29]}` }).click({ modifiers: ["Shift"] });
      await expect(page.getByText("25 articles sélectionnés")).toBeVisible();

      await bar.getByLabel("Action", { exact: true }).selectOption("approve");
      await bar.getByRole("button", { name: "Appliquer" }).click();
      await page.getByRole("alertdialog", { name: "Approuver 25 articles ?" }).getByRole("button", { name: "Approuver" }).click();
      await expect(page.getByRole("status").getByText("25 articles approuvés.")).toBeVisible({ timeout: 20_000 });

      // Still ticked after the reload: a second action follows without ticking them again.
      await expect(page.getByRole("table").getByText("Publié", { exact: true })).toHaveCount(25);
      await expect(page.getByText("25 articles sélectionnés")).toBeVisible();
      await expect(page.getByRole("checkbox", { name: `Sélectionner\u00a0: ${titles[24]}` })).toBeChecked();
      await bar.getByLabel("Action", { exact: true }).selectOption("offline");
      await bar.getByRole("button", { name: "Appliquer" }).click();
      await page.getByRole("alertdialog", { name: "Mettre hors ligne 25 articles ?" }).getByRole("button", { name: "Mettre hors ligne" }).click();
      await expect(page.getByRole("status").getByText(/25 articles mis hors ligne/)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("table").getByText("Hors ligne", { exact: true })).toHaveCount(25);
      for (const id of [ids[0], ids[24]]) {
        const state = (await (await request.get(`/api/admin/articles/${id}`, { headers: admin })).json()) as { approved: boolean; online: boolean };
        expect(state).toMatchObject({ approved: true, online: false });
      }
      const untouched = (await (await request.get(`/api/admin/articles/${ids[25]}`, { headers: admin })).json()) as { approved: boolean };
      expect(untouched.approved).toBe(false);
    } finally {
      for (const id of ids) await request.delete(`/api/admin/articles/${id}`, { headers: admin });
    }
  });
});

test.describe("the moderation queue at 1280×800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("shows 15 rows or more at once, under the sticky bar, without a sideways scroll", async ({ page, request }) => {
    test.setTimeout(60_000);
    const word = `Dense${tag()}`;
    const admin = await authHeaders(request, ADMIN);
    // Titles as long as the demo's, so rows are measured with wrapped titles, not one word each.
    const titles = Array.from({ length: 20 }, (_, i) => `${word} ${String(i).padStart(2, "0")} : les mutuelles de santé à l'épreuve des retards de remboursement`);
    const ids = await memberArticles(request, titles);
    try {
      await openSignedIn(page, ADMIN, `/admin/articles?q=${word}&status=pending&pageSize=25`);
      await expect(page.locator(".list-count")).toHaveText("20 articles");
      // The table's first row brought up under the site's header and the bulk bar, as a scrolling reader sees it.
      const seen = await page.evaluate(() => {
        const rows = [...document.querySelectorAll<HTMLElement>("table tbody tr[data-row-key]")];
        const bar = document.querySelector<HTMLElement>(".bulk-bar")!;
        const header = document.querySelector<HTMLElement>(".site-header")!;
        window.scrollTo(0, rows[0]!.getBoundingClientRect().top + window.scrollY - header.offsetHeight - bar.offsetHeight);
        const top = bar.getBoundingClientRect().bottom;
        const table = document.querySelector("table")!;
        return {
          whole: rows.filter((r) => r.getBoundingClientRect().top >= top - 1 && r.getBoundingClientRect().bottom <= window.innerHeight).length,
          overflow: table.scrollWidth - table.parentElement!.clientWidth,
        };
      });
      expect(seen.whole).toBeGreaterThanOrEqual(15);
      expect(seen.overflow).toBeLessThanOrEqual(1);
      expect(await appViolations(page)).toEqual([]);
    } finally {
      for (const id of ids) await request.delete(`/api/admin/articles/${id}`, { headers: admin });
    }
  });
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
]) {
  test.describe(`row states at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("each row says its state in words and each switch says what a press does", async ({ page, request }) => {
      const word = `Etat${tag()}`;
      const admin = await authHeaders(request, ADMIN);
      const [pending] = await memberArticles(request, [`${word} en attente`]);
      const member = await authHeaders(request, MEMBER);
      const themes = (await (await request.get("/api/user/themes", { headers: member })).json()) as { _id: string }[];
      const draft = await request.post("/api/user/articles", { headers: member, data: { title: `${word} brouillon`, txt_content: "Un texte.", themes: [themes[0]!._id], draft: true } });
      expect(draft.ok(), await draft.text()).toBe(true);
      const draftId = ((await draft.json()) as { _id: string })._id;
      try {
        await openSignedIn(page, ADMIN, `/admin/articles?q=${word}&sort=title`);
        const row = page.getByRole("row", { name: new RegExp(`${word} en attente`) });
        await expect(row.getByText("En attente", { exact: true })).toBeVisible();
        await expect(page.getByRole("row", { name: new RegExp(`${word} brouillon`) }).getByText("Brouillon", { exact: true })).toBeVisible();
        const approve = row.getByRole("button", { name: `Approuver\u00a0: ${word} en attente` });
        await expect(approve).toBeVisible();
        await expect(approve).toContainText("Approuver");
        await expect(row.getByRole("button", { name: /^Mettre hors ligne/ })).toContainText("Mettre hors ligne");
        expect(await appViolations(page)).toEqual([]);

        await approve.click();
        await expect(row.getByText("Publié", { exact: true })).toBeVisible();
        await row.getByRole("button", { name: /^Mettre hors ligne/ }).click();
        await expect(row.getByText("Hors ligne", { exact: true })).toBeVisible();
        await expect(row.getByRole("button", { name: /^Mettre en ligne/ })).toContainText("Mettre en ligne");
        expect(await appViolations(page)).toEqual([]);
      } finally {
        for (const id of [pending!, draftId]) await request.delete(`/api/admin/articles/${id}`, { headers: admin });
      }
    });
  });
}
