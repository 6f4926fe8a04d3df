import { expect, test, type Page } from "@playwright/test";
import { ADMIN, authHeaders, memberArticles, openSignedIn, tag } from "./support/apps";

/**
 * Issue 19 §3.6: keyboard focus never falls to the page body in a list. A toggle keeps focus through its save and
 * the list's reload; a deleted row hands focus to the next row's first control, or to the table (named by its
 * caption) when no row remains. One mechanism in DataTable, so a second screen (themes) is checked with it. At
 * 1280 px and on a 375 px phone, where the rows are cards.
 */

/** What has keyboard focus, as a short readable line (its accessible name when it has one). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    const name = el.getAttribute("aria-label") ?? el.textContent?.trim() ?? "";
    return `${el.tagName.toLowerCase()}:${name}`;
  });

/** The next answer of the list's GET (the reload after a change). */
const listReload = (page: Page, path: string) => page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname === path);

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`focus in lists at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a moderation toggle pressed with the keyboard keeps focus through its save and the list's reload", async ({ page, request }) => {
      const t = tag();
      const [title] = [`Focale ${t} un`];
      const ids = await memberArticles(request, [title]);
      const admin = await authHeaders(request, ADMIN);
      try {
        await openSignedIn(page, ADMIN, `/admin/articles?q=${encodeURIComponent(`Focale ${t}`)}`);
        const approve = page.getByRole("button", { name: `Approuver : ${title}` });
        await approve.focus();
        let reload = listReload(page, "/api/admin/articles");
        await page.keyboard.press("Enter");
        await reload;
        const unapprove = page.getByRole("button", { name: `Désapprouver : ${title}` });
        await expect(unapprove).toBeVisible();
        await expect(unapprove).toBeFocused();

        // A member's new article is online: the toggle puts it offline.
        const online = page.getByRole("button", { name: `Mettre hors ligne : ${title}` });
        await online.focus();
        reload = listReload(page, "/api/admin/articles");
        await page.keyboard.press("Space");
        await reload;
        const offline = page.getByRole("button", { name: `Mettre en ligne : ${title}` });
        await expect(offline).toBeVisible();
        await expect(offline).toBeFocused();
        expect(await focused(page)).not.toBe("body");
      } finally {
        for (const id of ids) await request.delete(`/api/admin/articles/${id}`, { headers: admin });
      }
    });

    test("a deleted row hands focus to the next row's first control, then to the table when none is left", async ({ page, request }) => {
      const t = tag();
      const titles = [`Focale ${t} a`, `Focale ${t} b`];
      const ids = await memberArticles(request, titles);
      const admin = await authHeaders(request, ADMIN);
      try {
        // Oldest first by title: a, then b.
        await openSignedIn(page, ADMIN, `/admin/articles?sort=title&q=${encodeURIComponent(`Focale ${t}`)}`);
        await expect(page.getByRole("table").locator("tbody tr")).toHaveCount(2);

        const deleteRow = async (title: string) => {
          await page.getByRole("button", { name: `Supprimer « ${title} »` }).focus();
          await page.keyboard.press("Enter");
          const dialog = page.getByRole("alertdialog");
          await expect(dialog).toBeVisible();
          await dialog.getByRole("button", { name: "Supprimer", exact: true }).focus();
          const reload = listReload(page, "/api/admin/articles");
          await page.keyboard.press("Enter");
          await reload;
          await expect(page.getByRole("button", { name: `Supprimer « ${title} »` })).toHaveCount(0);
        };

        await deleteRow(titles[0]!);
        await expect(page.getByRole("checkbox", { name: `Sélectionner\u00a0: ${titles[1]}` })).toBeFocused();

        await deleteRow(titles[1]!);
        await expect(page.getByRole("table")).toBeFocused();
        await expect(page.getByRole("table")).toHaveAccessibleName(/^Articles\s: Aucun article/);
      } finally {
        for (const id of ids) await request.delete(`/api/admin/articles/${id}`, { headers: admin });
      }
    });

    test("the themes table follows the same rule after a delete", async ({ page, request }) => {
      const t = tag();
      const admin = await authHeaders(request, ADMIN);
      const name = `Zzz focale ${t}`;
      const created = await request.post("/api/admin/themes", { headers: admin, data: { name, url: `zzz-focale-${t}` } });
      expect(created.ok(), await created.text()).toBe(true);
      const id = ((await created.json()) as { _id: string })._id;
      try {
        await openSignedIn(page, ADMIN, "/admin/themes");
        const button = page.getByRole("button", { name: `Supprimer : ${name}` });
        await button.focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByRole("alertdialog");
        await dialog.getByRole("button", { name: "Supprimer le thème" }).focus();
        const reload = listReload(page, "/api/admin/themes");
        await page.keyboard.press("Enter");
        await reload;
        await expect(button).toHaveCount(0);
        // The theme was the last row (its name sorts last): focus is on the row before it, now the last one.
        await expect(page.getByRole("table").locator("tbody tr").last().locator("a, button, input, select").first()).toBeFocused();
      } finally {
        await request.delete(`/api/admin/themes/${id}`, { headers: admin });
      }
    });
  });
}
