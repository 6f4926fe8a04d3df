import { expect, test, type Page } from "@playwright/test";
import { ADMIN, appViolations, authHeaders, islandsHydrated, memberArticles, openSignedIn, rowTitles, tag } from "./support/apps";

/**
 * The back office's lists at scale (issue 19), first the articles: paging with 25 / 50 / 100 rows, sorting by the
 * column headers and the « Trier » choice, a search that ignores accents (« ecole » finds « École »), and the
 * whole state in the address, so a reload and the back button show the same list. At 1280 px and on a 375 px
 * phone, where rows become cards and the sort is chosen from the select.
 */


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
      const [id] = await memberArticles(request, [title], "Un texte de test.");
      const admin = await authHeaders(request, ADMIN);
      try {
        const all = (await (await request.get("/api/admin/articles?page=1&pageSize=25", { headers: admin })).json()) as { total: number };
        expect(all.total).toBeGreaterThan(25);
        const pages = Math.ceil(all.total / 25);

        await openSignedIn(page, ADMIN, "/admin/articles");
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

/**
 * Events, themes and contact messages (issue 19 §1): a search, a filter and a page size that land in the address
 * and survive a reload and the back button, then one bulk action whose confirmation names the count, with no
 * serious axe violation while it is open. At 1280 px and on a 375 px phone.
 */
/** `YYYY-MM-DDTHH:mm` some days from now (Dakar time is UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

/** The confirmation of a bulk action, checked with axe while open, then accepted. */
async function confirmBulk(page: Page, question: RegExp, button: string) {
  await page.getByRole("button", { name: "Appliquer" }).click();
  const ask = page.getByRole("alertdialog", { name: question });
  await expect(ask).toBeVisible();
  expect(await appViolations(page), "bulk confirmation").toEqual([]);
  await ask.getByRole("button", { name: button, exact: true }).click();
}

/** Sets the page size to 25 and checks that the address says so. */
async function pageSize25(page: Page) {
  await page.getByLabel("Lignes par page").selectOption("25");
  await expect(page).toHaveURL(/[?&]pageSize=25(&|$)/);
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`admin event, theme and contact lists at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("events: search, period and page size in the address; three put online at once", async ({ page, request }) => {
      test.setTimeout(120_000);
      const word = `Forum${tag()}`;
      const admin = await authHeaders(request, ADMIN);
      const made: [string, number][] = [[`${word} passé`, -30], [`${word} prochain`, 10], [`${word} lointain`, 60]];
      for (const [title, days] of made) {
        const res = await request.post("/api/admin/events", {
          headers: admin,
          data: { title, location: "Gorée", startDate: dayFromNow(days), endDate: dayFromNow(days + 1), online: false },
        });
        expect(res.ok(), await res.text()).toBe(true);
      }
      try {
        await openSignedIn(page, ADMIN, "/admin/events");

        await page.getByLabel("Rechercher un événement").fill(word.toLowerCase());
        await expect.poll(async () => (await rowTitles(page)).length).toBe(3);
        await expect(page.locator(".list-count")).toHaveText("3 événements");
        await expect(page).toHaveURL(new RegExp(`[?&]q=${word.toLowerCase()}`));
        await page.getByLabel("Période").selectOption("upcoming");
        await expect(page).toHaveURL(/[?&]when=upcoming(&|$)/);
        await expect.poll(() => rowTitles(page)).toEqual([`${word} lointain`, `${word} prochain`]);
        await pageSize25(page);

        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByLabel("Rechercher un événement")).toHaveValue(word.toLowerCase());
        await expect(page.getByLabel("Période")).toHaveValue("upcoming");
        await expect(page.getByLabel("Lignes par page")).toHaveValue("25");
        await expect.poll(() => rowTitles(page)).toEqual([`${word} lointain`, `${word} prochain`]);
        await page.goBack();
        await expect(page).not.toHaveURL(/pageSize=/);
        await expect(page.getByLabel("Période")).toHaveValue("upcoming");
        await page.goBack();
        await expect(page.getByLabel("Période")).toHaveValue("");
        await expect.poll(async () => (await rowTitles(page)).length).toBe(3);

        await page.getByLabel("Tout sélectionner").check();
        await expect(page.getByText("3 événements sélectionnés")).toBeVisible();
        await page.getByLabel("Action", { exact: true }).selectOption("online");
        await confirmBulk(page, /^Mettre en ligne 3 événements\s\?$/, "Mettre en ligne");
        await expect(page.getByRole("status").getByText("3 événements mis en ligne.")).toBeVisible();
        const listed = (await (await request.get(`/api/admin/events?page=1&q=${word}`, { headers: admin })).json()) as { items: { online: boolean }[] };
        expect(listed.items.map((e) => e.online)).toEqual([true, true, true]);
      } finally {
        await request.post("/api/admin/events/bulk", { headers: admin, data: { action: "delete", filter: { q: word } } });
      }
    });

    test("themes: search, order and page size in the address, in natural order; two deleted at once", async ({ page, request }) => {
      test.setTimeout(120_000);
      const word = `Lot${tag()}`;
      const admin = await authHeaders(request, ADMIN);
      for (const n of [10, 2, 1]) {
        const res = await request.post("/api/admin/themes", { headers: admin, data: { name: `${word} thème ${n}`, url: `${word}-${n}` } });
        expect(res.ok(), await res.text()).toBe(true);
      }
      const names = (...n: number[]) => n.map((i) => `${word} thème ${i}`);
      try {
        await openSignedIn(page, ADMIN, "/admin/themes");

        await page.getByLabel("Rechercher un thème").fill(word);
        await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
        await expect.poll(() => rowTitles(page)).toEqual(names(1, 2, 10));
        await expect(page.locator(".list-count")).toHaveText("3 thèmes");
        await page.getByLabel("Ordre").selectOption("desc");
        await expect(page).toHaveURL(/[?&]dir=desc(&|$)/);
        await expect.poll(() => rowTitles(page)).toEqual(names(10, 2, 1));
        await pageSize25(page);

        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByLabel("Rechercher un thème")).toHaveValue(word);
        await expect(page.getByLabel("Ordre")).toHaveValue("desc");
        await expect(page.getByLabel("Lignes par page")).toHaveValue("25");
        await expect.poll(() => rowTitles(page)).toEqual(names(10, 2, 1));
        await page.goBack();
        await page.goBack();
        await expect(page.getByLabel("Ordre")).toHaveValue("asc");
        await expect.poll(() => rowTitles(page)).toEqual(names(1, 2, 10));

        // Two rows ticked from the keyboard.
        for (const name of names(1, 10)) {
          const box = page.getByRole("checkbox", { name: `Sélectionner\u00a0: ${name}`, exact: true });
          await box.focus();
          await page.keyboard.press("Space");
          await expect(box).toBeChecked();
        }
        await expect(page.getByText("2 thèmes sélectionnés")).toBeVisible();
        await confirmBulk(page, /^Supprimer 2 thèmes\s\?/, "Supprimer");
        await expect(page.getByRole("status").getByText("2 thèmes supprimés.")).toBeVisible();
        await expect.poll(() => rowTitles(page)).toEqual(names(2));
        await expect(page.locator(".list-count")).toHaveText("1 thème");
      } finally {
        await request.post("/api/admin/themes/bulk", { headers: admin, data: { action: "delete", filter: { q: word } } });
      }
    });

    test("contact messages: search, read filter and page size in the address; marked read from the bulk bar", async ({ page, request }) => {
      test.setTimeout(120_000);
      // One message per run: the contact form takes five per address in 15 minutes, for the whole suite.
      const word = `Demande${tag()}`;
      const subject = `${word} de partenariat`;
      const sent = await request.post("/api/public/contact", { data: { name: "Awa Listes", email: "awa.listes@example.sn", subject, message: "Bonjour,\nune question." } });
      expect(sent.ok(), await sent.text()).toBe(true);
      const admin = await authHeaders(request, ADMIN);
      try {
        await openSignedIn(page, ADMIN, "/admin/contact");
        const count = page.locator(".contact-count");

        await page.getByLabel("Rechercher un message").fill(word.toLowerCase());
        // The box asks the server after a pause in the typing: the address says when.
        await expect(page).toHaveURL(new RegExp(`[?&]q=${word.toLowerCase()}`));
        await expect.poll(() => rowTitles(page)).toEqual([`Non lu ${subject}`]);
        await expect(count).toHaveText("1 message, non lu");
        await page.getByLabel("Afficher").selectOption("0");
        await expect(page).toHaveURL(/[?&]unread=0(&|$)/);
        await expect(count).toHaveText("Aucun message");
        await page.getByLabel("Afficher").selectOption("1");
        await expect(page).toHaveURL(/[?&]unread=1(&|$)/);
        await expect.poll(() => rowTitles(page)).toEqual([`Non lu ${subject}`]);
        await pageSize25(page);

        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByLabel("Rechercher un message")).toHaveValue(word.toLowerCase());
        await expect(page.getByLabel("Afficher")).toHaveValue("1");
        await expect(page.getByLabel("Lignes par page")).toHaveValue("25");
        await page.goBack();
        await expect(page).not.toHaveURL(/pageSize=/);
        await page.goBack();
        await expect(page.getByLabel("Afficher")).toHaveValue("0");
        await page.goForward();
        await expect(page.getByLabel("Afficher")).toHaveValue("1");
        await expect.poll(() => rowTitles(page)).toEqual([`Non lu ${subject}`]);

        await page.getByLabel("Tout sélectionner").check();
        await expect(page.getByText("1 message sélectionné")).toBeVisible();
        await page.getByLabel("Action", { exact: true }).selectOption("read");
        await confirmBulk(page, /^Marquer 1 message comme lu\s\?$/, "Marquer comme lu");
        await expect(page.getByRole("status").getByText("1 message marqué comme lu.")).toBeVisible();
        // Read now: the unread list no longer shows it.
        await expect(count).toHaveText("Aucun message");
        await page.getByLabel("Afficher").selectOption("");
        await expect(count).toHaveText("1 message, lu");
      } finally {
        await request.post("/api/admin/contact/bulk", { headers: admin, data: { action: "delete", filter: { q: word } } });
      }
    });
  });
}
