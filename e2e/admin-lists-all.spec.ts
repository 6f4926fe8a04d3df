import { createClient } from "@libsql/client";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { newId } from "../db/ids";
import { ADMIN, appViolations, authHeaders, islandsHydrated, MEMBER, memberArticles, openSignedIn, rowTitles, tag } from "./support/apps";

/**
 * Issue 19 §1 and §4 on the lists that the other journeys leave part-way: events, themes, the members of
 * /admin/users, contact messages and the journal. Each is searched without its accents (« ecole » finds
 * « École »), sorted, paged to its second page, then bulk-edited over « all N matching » (more than one page),
 * after one confirmation naming the count, with axe on that confirmation. The journal then holds one entry per
 * deleted theme, found by search, action, author and date, and paged. At 1280 px and on a 375 px phone (where the sort is the select).
 */

/** `YYYY-MM-DDTHH:mm` some days from now (Dakar time is UTC). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);
/** `YYYY-MM-DD` some days from today. */
const day = (days: number) => dayFromNow(days).slice(0, 10);
const nn = (i: number) => String(i).padStart(2, "0");

/** « Tout sélectionner » for the page, then every row matching: the bar says both counts. */
async function selectAllMatching(page: Page, pageCount: string, button: string, allCount: string) {
  await page.getByLabel("Tout sélectionner").check();
  await expect(page.getByText(pageCount, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByText(allCount, { exact: true })).toBeVisible();
}

/** The bulk confirmation: its question names the count; axe while it is open; then accepted. */
async function confirmBulk(page: Page, question: RegExp, accept: string) {
  await page.getByRole("button", { name: "Appliquer" }).click();
  const ask = page.getByRole("alertdialog", { name: question });
  await expect(ask).toBeVisible();
  expect(await appViolations(page, "dialog[open]"), "bulk confirmation").toEqual([]);
  await ask.getByRole("button", { name: accept, exact: true }).click();
}

/** Sets 25 rows a page, then goes to page 2; the address says both. */
async function secondPage(page: Page) {
  await page.getByLabel("Lignes par page").selectOption("25");
  await expect(page).toHaveURL(/[?&]pageSize=25(&|$)/);
  await page.getByRole("button", { name: "Page suivante" }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByText("Page 2 sur 2", { exact: true })).toBeVisible();
}

/** A second administrator, for the journal's author filter. */
async function otherAdmin(request: APIRequestContext, word: string) {
  const nickname = `adm-${word}`.toLowerCase();
  const password = "Autre-Admin-2026!";
  const res = await request.post("/api/admin/register", {
    headers: await authHeaders(request, ADMIN),
    data: { firstname: "Oumar", name: word, nickname, email: `${nickname}@example.sn`, password, role: "admin" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { _id: ((await res.json()) as { _id: string })._id, nickname, password };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`lists at scale at ${viewport.width} px`, () => {
    test.use({ viewport });
    const wide = viewport.width >= 768;

    test("events: « ecole » finds « École », sorted by title, page 2, then all 26 matching put online", async ({ page, request }) => {
      test.setTimeout(150_000);
      const word = `Forum${tag()}`;
      const admin = await authHeaders(request, ADMIN);
      for (let i = 0; i < 26; i++) {
        const res = await request.post("/api/admin/events", {
          headers: admin,
          data: { title: `École ${word} ${nn(i)}`, location: "Thiès", startDate: dayFromNow(20 + i), endDate: dayFromNow(21 + i), online: false },
        });
        expect(res.ok(), await res.text()).toBe(true);
      }
      try {
        await openSignedIn(page, ADMIN, "/admin/events");
        await page.getByLabel("Rechercher un événement").fill(`ecole ${word.toLowerCase()}`);
        await expect(page).toHaveURL(new RegExp(`[?&]q=ecole\\+${word.toLowerCase()}`));
        await expect(page.locator(".list-count")).toHaveText("26 événements");

        // By title, the other way round: « … 25 » first, « … 00 » alone on page 2.
        if (wide) {
          await page.getByRole("button", { name: "Titre" }).click();
          await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
          await page.getByRole("button", { name: "Titre" }).click();
        } else {
          await page.getByLabel("Trier").selectOption("title");
          await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
          await page.goto(`${page.url()}&dir=desc`);
          await islandsHydrated(page);
        }
        await expect(page).toHaveURL(/[?&]dir=desc(&|$)/);
        await expect.poll(async () => (await rowTitles(page))[0]).toBe(`École ${word} 25`);
        await secondPage(page);
        await expect.poll(() => rowTitles(page)).toEqual([`École ${word} 00`]);
        await page.goBack();
        await expect(page.getByText("Page 1 sur 2", { exact: true })).toBeVisible();
        await expect.poll(async () => (await rowTitles(page)).length).toBe(25);

        await selectAllMatching(page, "25 événements sélectionnés", "Sélectionner les 26 événements correspondants", "26 événements sélectionnés");
        await page.getByLabel("Action", { exact: true }).selectOption("online");
        await confirmBulk(page, /^Mettre en ligne 26 événements\s\?$/, "Mettre en ligne");
        await expect(page.getByRole("status").getByText("26 événements mis en ligne.")).toBeVisible();
        const listed = (await (await request.get(`/api/admin/events?page=1&pageSize=100&q=${word}`, { headers: admin })).json()) as { total: number; items: { online: boolean }[] };
        expect(listed.total).toBe(26);
        expect(listed.items.every((e) => e.online)).toBe(true);
      } finally {
        await request.post("/api/admin/events/bulk", { headers: admin, data: { action: "delete", filter: { q: word } } });
      }
    });

    test("themes: « economie » finds « Économie », page 2, all 27 matching deleted; the journal finds one entry each by search, action, author and date", async ({ page, request }) => {
      test.setTimeout(180_000);
      const word = `Lot${tag()}`;
      const admin = await authHeaders(request, ADMIN);
      const other = await otherAdmin(request, word);
      const names = Array.from({ length: 27 }, (_, i) => `Économie ${word} ${i + 1}`);
      for (const [i, name] of names.entries()) {
        const res = await request.post("/api/admin/themes", { headers: admin, data: { name, url: `economie-${word}-${i + 1}`.toLowerCase() } });
        expect(res.ok(), await res.text()).toBe(true);
      }
      // One more, created and deleted by the other administrator.
      const otherName = `Économie ${word} autre`;
      const otherHeaders = await authHeaders(request, other);
      const made = await request.post("/api/admin/themes", { headers: otherHeaders, data: { name: otherName, url: `economie-${word}-autre`.toLowerCase() } });
      expect(made.ok(), await made.text()).toBe(true);
      expect((await request.delete(`/api/admin/themes/${((await made.json()) as { _id: string })._id}`, { headers: otherHeaders })).ok()).toBe(true);
      try {
        await openSignedIn(page, ADMIN, "/admin/themes");
        await page.getByLabel("Rechercher un thème").fill(`economie ${word.toLowerCase()}`);
        await expect(page).toHaveURL(new RegExp(`[?&]q=economie\\+${word.toLowerCase()}`));
        await expect(page.locator(".list-count")).toHaveText("27 thèmes");
        // Natural order: 1 … 25 on page 1, 26 and 27 on page 2.
        await secondPage(page);
        await expect.poll(() => rowTitles(page)).toEqual(names.slice(25));
        await page.goBack();
        await expect.poll(async () => (await rowTitles(page)).length).toBe(25);

        await selectAllMatching(page, "25 thèmes sélectionnés", "Sélectionner les 27 thèmes correspondants", "27 thèmes sélectionnés");
        await confirmBulk(page, /^Supprimer 27 thèmes\s\?/, "Supprimer");
        await expect(page.getByRole("status").getByText("27 thèmes supprimés.")).toBeVisible();
        await expect(page.locator(".list-count")).toHaveText("Aucun thème");

        // The journal: one deletion per theme, each named although the theme is gone.
        await page.goto("/admin/audit");
        await islandsHydrated(page);
        await page.getByLabel("Rechercher dans le journal").fill(`economie ${word.toLowerCase()}`);
        await page.getByLabel("Rechercher dans le journal").press("Enter");
        await page.getByLabel("Action").selectOption({ label: "Suppression" });
        await expect(page).toHaveURL(/[?&]action=delete(&|$)/);
        await expect(page.locator(".list-count")).toHaveText("28 entrées");
        await secondPage(page);
        await expect.poll(async () => (await rowTitles(page)).length).toBe(3);
        await page.goBack();

        // By author: the other administrator deleted one theme.
        await page.getByLabel("Auteur").selectOption({ label: `Oumar ${word} (${other.nickname})` });
        await expect(page).toHaveURL(new RegExp(`[?&]actor=${other._id}(&|$)`));
        await expect(page.locator(".list-count")).toHaveText("1 entrée");
        expect(await rowTitles(page)).toEqual([`Thème ${otherName}`]);
        await expect(page.getByRole("table").locator("tbody tr")).toContainText(other.nickname);
        await page.getByLabel("Auteur").selectOption("");
        await expect(page.locator(".list-count")).toHaveText("28 entrées");

        // By date: nothing from tomorrow on, nothing up to yesterday, all of them today.
        await page.getByLabel("Depuis le").fill(day(1));
        await expect(page).toHaveURL(new RegExp(`[?&]from=${day(1)}(&|$)`));
        await expect(page.locator(".list-count")).toHaveText("Aucune entrée");
        await page.getByLabel("Depuis le").fill(day(0));
        await expect(page.locator(".list-count")).toHaveText("28 entrées");
        await page.getByLabel("Jusqu'au").fill(day(-1));
        await expect(page.locator(".list-count")).toHaveText("Aucune entrée");
        await page.getByLabel("Jusqu'au").fill(day(0));
        await expect(page.locator(".list-count")).toHaveText("28 entrées");
        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByLabel("Depuis le")).toHaveValue(day(0));
        await expect(page.locator(".list-count")).toHaveText("28 entrées");
        expect(await appViolations(page), "journal filtered by date").toEqual([]);
      } finally {
        await request.post("/api/admin/themes/bulk", { headers: admin, data: { action: "delete", filter: { q: word } } });
        await request.delete(`/api/admin/users/${other._id}`, { headers: admin });
      }
    });

    test("members: « ndeye » finds « Ndèye », sorted, page 2, then all 26 matching join the Bureau", async ({ page, request }) => {
      test.setTimeout(180_000);
      const word = `Lot${tag()}`;
      const admin = await authHeaders(request, ADMIN);
      const ids: string[] = [];
      for (let i = 0; i < 26; i++) {
        const nickname = `ndeye-${word}-${nn(i)}`.toLowerCase();
        const res = await request.post("/api/admin/register", {
          headers: admin,
          data: { firstname: "Ndèye", name: `${word} ${nn(i)}`, nickname, email: `${nickname}@example.sn`, password: "Lot-Membre-2026!" },
        });
        expect(res.status(), await res.text()).toBe(201);
        ids.push(((await res.json()) as { _id: string })._id);
      }
      try {
        await openSignedIn(page, ADMIN, "/admin/users?role=user");
        const members = page.getByRole("table", { name: /^Membres/ });
        await page.getByRole("searchbox", { name: "Rechercher un membre" }).fill(`ndeye ${word.toLowerCase()}`);
        await expect(page).toHaveURL(new RegExp(`[?&]q=ndeye\\+${word.toLowerCase()}`));
        await expect(page.getByRole("heading", { name: "Membres (26)" })).toBeVisible();

        // The last made first: by name the other way round (1280), or the most recent (375).
        if (wide) {
          await page.getByRole("button", { name: "Membre", exact: true }).click();
          await expect(page).toHaveURL(/[?&]dir=desc(&|$)/);
        } else {
          await page.getByLabel("Trier").selectOption("recent");
          await expect(page).toHaveURL(/[?&]sort=recent(&|$)/);
        }
        await expect(members.locator("tbody th[scope=row]").first()).toContainText(`Ndèye ${word} 25`);
        await secondPage(page);
        await expect(members.locator("tbody tr")).toHaveCount(1);
        await expect(members.locator("tbody th[scope=row]")).toContainText(`Ndèye ${word} 00`);
        await page.goBack();
        await expect(members.locator("tbody tr")).toHaveCount(25);

        await selectAllMatching(page, "25 membres sélectionnés", "Sélectionner les 26 membres correspondants", "26 membres sélectionnés");
        await page.getByLabel("Action", { exact: true }).selectOption("group-add");
        await page.getByLabel("Groupe concerné").selectOption("bureau");
        await confirmBulk(page, /^Ajouter 26 membres au groupe choisi\s\?$/, "Ajouter à un groupe");
        await expect(page.getByRole("status").getByText("26 membres ajoutés au groupe Bureau.")).toBeVisible();
        const listed = (await (await request.get(`/api/admin/users?page=1&pageSize=100&role=user&q=${word}`, { headers: admin })).json()) as {
          total: number;
          items: { groups: string[] }[];
        };
        expect(listed.total).toBe(26);
        expect(listed.items.every((u) => u.groups.includes("bureau"))).toBe(true);
      } finally {
        for (const id of ids) await request.delete(`/api/admin/users/${id}`, { headers: admin });
      }
    });
    test("contact messages: « economie » finds « Économie », oldest first, page 2, then all 26 matching marked read", async ({ page, request }) => {
      test.skip(!process.env.E2E_DATABASE_URL, "stands in for 26 visitors through the database of the server e2e/global-setup.ts starts");
      test.setTimeout(150_000);
      const word = `Demande${tag()}`;
      const admin = await authHeaders(request, ADMIN);
      // The contact form takes five messages per address in 15 minutes: 26 visitors' messages go straight into the
      // table (its full-text index follows by trigger), one minute apart, the oldest first.
      const db = createClient({ url: process.env.E2E_DATABASE_URL! });
      try {
        const start = Date.now() - 60 * 60_000;
        for (let i = 0; i < 26; i++) {
          await db.execute({
            sql: "insert into contact_messages (id, name, email, subject, message, ip, created_at) values (?, ?, ?, ?, ?, '', ?)",
            args: [newId(), `Visiteur ${nn(i)}`, `visiteur${i}@example.sn`, `Économie ${word} ${nn(i)}`, "Bonjour,\nune question.", start + i * 60_000],
          });
        }
      } finally {
        db.close();
      }
      const subjects = (...i: number[]) => i.map((n) => `Non lu Économie ${word} ${nn(n)}`);
      try {
        await openSignedIn(page, ADMIN, "/admin/contact");
        await page.getByLabel("Rechercher un message").fill(`economie ${word.toLowerCase()}`);
        await expect(page).toHaveURL(new RegExp(`[?&]q=economie\\+${word.toLowerCase()}`));
        await expect(page.locator(".contact-count")).toHaveText(/^26 messages/);
        await expect.poll(async () => (await rowTitles(page))[0]).toBe(subjects(25)[0]);

        // Oldest first: « … 00 » heads page 1, « … 25 » is alone on page 2.
        await page.getByLabel("Ordre").selectOption("asc");
        await expect(page).toHaveURL(/[?&]dir=asc(&|$)/);
        await expect.poll(async () => (await rowTitles(page))[0]).toBe(subjects(0)[0]);
        await secondPage(page);
        await expect.poll(() => rowTitles(page)).toEqual(subjects(25));
        await page.goBack();
        await expect.poll(async () => (await rowTitles(page)).length).toBe(25);

        await selectAllMatching(page, "25 messages sélectionnés", "Sélectionner les 26 messages correspondants", "26 messages sélectionnés");
        await page.getByLabel("Action", { exact: true }).selectOption("read");
        await confirmBulk(page, /^Marquer 26 messages comme lus\s\?$/, "Marquer comme lu");
        await expect(page.getByRole("status").getByText("26 messages marqués comme lus.")).toBeVisible();
        await expect(page.locator(".contact-count")).toHaveText("26 messages, tous lus");
        const listed = (await (await request.get(`/api/admin/contact?page=1&pageSize=100&q=${word}`, { headers: admin })).json()) as { total: number; items: { read: boolean }[] };
        expect(listed.total).toBe(26);
        expect(listed.items.every((m) => m.read)).toBe(true);
      } finally {
        await request.post("/api/admin/contact/bulk", { headers: admin, data: { action: "delete", filter: { q: word } } });
      }
    });

    test("media: all 27 matching put offline after one question naming the count, in French typography", async ({ page, request }) => {
      test.setTimeout(150_000);
      const word = `med${tag()}`;
      const admin = await authHeaders(request, ADMIN);
      for (let i = 0; i < 27; i++) {
        const res = await request.post("/api/admin/media", {
          headers: admin,
          // JSON, not multipart: set-up calls do not spend the hourly upload allowance.
          data: { title: `Écoute ${word} ${nn(i)}`, type: "link", description: "Une ressource du test.", externalUrl: "https://example.org/" },
        });
        expect(res.ok(), await res.text()).toBe(true);
        // An administrator's media is online at once: the batch below takes all of them offline.
        expect(((await res.json()) as { online: boolean }).online).toBe(true);
      }
      try {
        await openSignedIn(page, ADMIN, `/admin/media?q=ecoute+${word}&pageSize=25`);
        await expect(page.locator(".list-count")).toHaveText("27 médias");
        await selectAllMatching(page, "25 médias sélectionnés", "Sélectionner les 27 médias correspondants", "27 médias sélectionnés");
        await page.getByLabel("Action", { exact: true }).selectOption("offline");
        await page.getByRole("button", { name: "Appliquer" }).click();
        const ask = page.getByRole("alertdialog", { name: /^Mettre hors ligne 27 médias\s\?$/ });
        // The accessible name folds spaces: the text itself must hold the no-break space before « ? ».
        expect(await ask.evaluate((d) => d.textContent)).toContain("Mettre hors ligne 27 médias\u00a0?");
        expect(await appViolations(page, "dialog[open]"), "bulk confirmation").toEqual([]);
        await ask.getByRole("button", { name: "Mettre hors ligne", exact: true }).click();
        await expect(page.getByRole("status").getByText("27 médias mis hors ligne.")).toBeVisible();
        const listed = (await (await request.get(`/api/admin/media?page=1&pageSize=100&q=${word}`, { headers: admin })).json()) as { total: number; items: { online: boolean }[] };
        expect(listed.total).toBe(27);
        expect(listed.items.every((m) => !m.online)).toBe(true);
      } finally {
        await request.post("/api/admin/media/bulk", { headers: admin, data: { action: "delete", filter: { q: word } } });
      }
    });
    test("articles: the theme, author and date filters in the address, kept through a reload", async ({ page, request }) => {
      test.setTimeout(120_000);
      const word = `Filtre${tag()}`;
      const admin = await authHeaders(request, ADMIN);
      const titles = [`${word} un`, `${word} deux`];
      // The demo member's, in the first theme (French order).
      const ids = await memberArticles(request, titles);
      const users = (await (await request.get("/api/admin/users", { headers: admin })).json()) as { _id: string; nickname: string }[];
      const idOf = (nickname: string) => users.find((u) => u.nickname === nickname)!._id;
      const themes = (await (await request.get("/api/user/themes", { headers: await authHeaders(request, MEMBER) })).json()) as { _id: string }[];
      const count = page.locator(".list-count");
      try {
        await openSignedIn(page, ADMIN, `/admin/articles?q=${word}`);
        await expect(count).toHaveText("2 articles");

        await page.getByLabel("Auteur").selectOption(idOf(ADMIN.nickname));
        await expect(page).toHaveURL(new RegExp(`[?&]author=${idOf(ADMIN.nickname)}(&|$)`));
        await expect(count).toHaveText("Aucun article");
        await page.getByLabel("Auteur").selectOption(idOf(MEMBER.nickname));
        await expect(count).toHaveText("2 articles");

        await page.getByLabel("Thème").selectOption(themes[1]!._id);
        await expect(page).toHaveURL(new RegExp(`[?&]theme=${themes[1]!._id}(&|$)`));
        await expect(count).toHaveText("Aucun article");
        await page.getByLabel("Thème").selectOption(themes[0]!._id);
        await expect(count).toHaveText("2 articles");

        await page.getByLabel("Créés depuis le").fill(day(1));
        await expect(page).toHaveURL(new RegExp(`[?&]from=${day(1)}(&|$)`));
        await expect(count).toHaveText("Aucun article");
        await page.getByLabel("Créés depuis le").fill(day(0));
        await expect(count).toHaveText("2 articles");
        await page.getByLabel("Jusqu'au").fill(day(-1));
        await expect(count).toHaveText("Aucun article");
        await page.getByLabel("Jusqu'au").fill(day(0));
        await expect.poll(async () => (await rowTitles(page)).sort()).toEqual([...titles].sort());

        await page.reload();
        await islandsHydrated(page);
        await expect(page.getByLabel("Auteur")).toHaveValue(idOf(MEMBER.nickname));
        await expect(page.getByLabel("Thème")).toHaveValue(themes[0]!._id);
        await expect(page.getByLabel("Créés depuis le")).toHaveValue(day(0));
        await expect(count).toHaveText("2 articles");
      } finally {
        for (const id of ids) await request.delete(`/api/admin/articles/${id}`, { headers: admin });
      }
    });
  });
}
