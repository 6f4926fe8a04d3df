import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { sitemapLocs } from "../site/src/lib/sitemap";
import { ADMIN, apiToken, appViolations, landingOf, MEMBER, type Account } from "./support/apps";

/**
 * The admin back office (member-and-admin spec §2, §4, §5, §8 and issue 10): every screen deep-linkable and free
 * of serious axe violations, members, moderation seen on the public site after the rebuild, themes, events, the
 * contact inbox, site control and the audit journal. Everything a journey creates it removes again, so the
 * other journeys of the suite find the demo content as seeded.
 */

const SCREENS: [path: string, nav: string, heading: string][] = [
  ["/admin/dashboard", "Tableau de bord", "Tableau de bord"],
  ["/admin/users", "Membres", "Gestion des membres"],
  ["/admin/articles", "Articles", "Administration Articles"],
  ["/admin/media", "Médias", "Administration Médias"],
  ["/admin/themes", "Thèmes", "Thèmes"],
  ["/admin/events", "Événements", "Événements"],
  ["/admin/contact", "Messages", "Messages"],
  ["/admin/mail", "Courriels", "Courriels"],
  ["/admin/site", "Site", "Site"],
  ["/admin/audience", "Audience", "Audience"],
  ["/admin/audit", "Journal", "Journal des modifications"],
  ["/admin/corbeille", "Corbeille", "Corbeille"],
];

/** A unique suffix, so a journey never collides with an earlier run against the same server. */
const tag = () => Date.now().toString(36);

/** Waits (rebuilds are asynchronous) until `check` holds; a rebuild takes a few seconds, more on a busy machine. */
const REBUILD_WAIT = { timeout: 150_000, intervals: [1_000, 2_000] };

/**
 * Signs in through /login once its form is hydrated: typing into the server-rendered field before React takes
 * it over is lost (seen under load: « Veuillez remplir tous les champs »), so wait for the island first.
 */
async function signInReady(page: Page, who: Account) {
  await page.goto("/login");
  await page.waitForFunction(() => document.querySelector("astro-island") !== null && document.querySelector("astro-island[ssr]") === null);
  await page.getByLabel("Identifiant").fill(who.nickname);
  await page.getByLabel("Mot de passe").fill(who.password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL(landingOf(who));
}

async function adminPage(page: Page, path: string) {
  await signInReady(page, ADMIN);
  await page.goto(path);
}

async function bearer(request: APIRequestContext, who: Account = ADMIN) {
  return { authorization: `Bearer ${await apiToken(request, who)}` };
}

async function expectNoSeriousViolations(page: Page, where: string, only?: string) {
  expect(await appViolations(page, only), where).toEqual([]);
}

test.describe("admin screens", () => {
  test("each admin screen opens from its own URL, is marked in the navigation and has no serious axe violation", async ({ page }) => {
    // Twenty-odd screens, each with an axe run: minutes on a loaded machine.
    test.setTimeout(300_000);
    await signInReady(page, ADMIN);
    const nav = page.getByRole("navigation", { name: "Administration du site" });
    for (const [path, label, heading] of SCREENS) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
      // Wait for the data: axe must see the loaded screen, not « Chargement... ».
      await expect(page.locator("main").getByText("Chargement...")).toHaveCount(0);
      await expectNoSeriousViolations(page, path);
    }
  });

  test("the forms and the delete dialog of the admin screens have no serious axe violation", async ({ page }) => {
    test.setTimeout(90_000);
    await adminPage(page, "/admin/users");
    await page.getByRole("button", { name: "Créer un membre" }).click();
    await expect(page.getByRole("dialog", { name: "Nouveau membre" })).toBeVisible();
    await expectNoSeriousViolations(page, "member form", "dialog[open]");
    await page.keyboard.press("Escape");
    await page.getByRole("table", { name: /^Membres/ }).getByRole("button", { name: /^Supprimer : / }).first().click();
    await expect(page.getByRole("dialog", { name: "Supprimer cet utilisateur\u00a0?" })).toContainText(/article/);
    await expectNoSeriousViolations(page, "delete member dialog", "dialog[open]");
    await page.keyboard.press("Escape");

    await page.goto("/admin/themes");
    await page.getByRole("button", { name: "Nouveau thème" }).click();
    await expectNoSeriousViolations(page, "theme form", "dialog[open]");
    await page.keyboard.press("Escape");

    await page.goto("/admin/events");
    await page.getByRole("button", { name: "Nouvel événement" }).click();
    await expect(page.getByRole("dialog", { name: "Nouvel événement" }).getByRole("option").first()).toBeAttached();
    await expectNoSeriousViolations(page, "event form", "dialog[open]");

    // The member-content forms, in admin context.
    await page.goto("/admin/articles");
    await page.getByRole("button", { name: "Nouvel article" }).click();
    const articleForm = page.getByRole("dialog", { name: "Nouvel article" });
    await expect(articleForm.getByLabel("Auteurs").getByRole("option").first()).toBeAttached();
    await expectNoSeriousViolations(page, "article form (admin)", "dialog[open]");
    await page.keyboard.press("Escape");
    await page.goto("/admin/media");
    await page.getByRole("button", { name: "Créer un média" }).click();
    await expect(page.getByRole("dialog", { name: "Créer un média" })).toBeVisible();
    await expectNoSeriousViolations(page, "media form (admin)", "dialog[open]");
  });

  test("the dashboard shows today's date, the counts, and links the pending articles to the filtered list", async ({ page, request }) => {
    const stats = (await (await request.get("/api/admin/stats", { headers: await bearer(request) })).json()) as {
      members: { total: number };
      pendingArticles: number;
    };
    await adminPage(page, "/admin/dashboard");
    const today = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Dakar" })
      .format(new Date())
      .replace(/ 1 /, " 1er ");
    await expect(page.locator(".dash-date")).toHaveText(today.charAt(0).toUpperCase() + today.slice(1));
    await expect(page.getByRole("link", { name: new RegExp(`^${stats.members.total} Membres$`) })).toHaveAttribute("href", "/admin/users");
    expect(stats.pendingArticles).toBeGreaterThan(0);
    const pending = page.getByRole("link", { name: `${stats.pendingArticles} article${stats.pendingArticles > 1 ? "s" : ""} en attente d'approbation` });
    await expect(pending).toHaveAttribute("href", "/admin/articles?status=pending");
  });
});

test.describe("members", () => {
  test("an admin creates a member with groups and a picture, who then signs in; then deletes them", async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const nickname = `ndeye${tag()}`;
    const password = "Membre-Neuf-2025!";
    // A real photo of the demo content as the picture.
    const members = (await (await request.get("/api/public/members")).json()) as { profilePic: string | null }[];
    const photo = await request.get(`/uploads/profile_pics/${members.find((m) => m.profilePic)!.profilePic}`);
    expect(photo.ok()).toBe(true);

    await adminPage(page, "/admin/users");
    await page.getByRole("button", { name: "Créer un membre" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouveau membre" });
    const create = dialog.getByRole("button", { name: "Créer le membre" });
    await dialog.getByLabel("Prénom").fill("Ndèye");
    await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill("Faye");
    await dialog.getByLabel("Alias").fill(nickname);
    await dialog.getByLabel("E-mail").fill(`${nickname}@example.sn`);
    // The password is required on create: the button waits for it, the rules follow the typing.
    await expect(create).toBeDisabled();
    await dialog.getByLabel(/^Mot de passe/).fill("court");
    await expect(dialog.locator(".password-rules .is-unmet")).not.toHaveCount(0);
    await dialog.getByLabel(/^Mot de passe/).fill(password);
    await expect(dialog.locator(".password-rules .is-met")).toHaveCount(4);
    await dialog.getByLabel("Cercle Impulsion").check();
    await dialog.getByLabel("Bureau").check();
    await dialog.getByLabel("Photo de profil (optionnelle)").setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: await photo.body() });
    await dialog.getByLabel("Site web").fill("https://ndeye.example.sn");
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/admin/register"));
    await create.click();
    expect((await saved).status()).toBe(201);
    await expect(page.getByRole("status").getByText("Membre créé.")).toBeVisible();

    // The list is paged (issue 19 §1): the new member is found by searching their alias, and the address keeps it.
    await page.getByRole("searchbox", { name: "Rechercher un membre" }).fill(nickname);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${nickname}`));
    const membersTable = page.getByRole("table", { name: /^Membres \(1\)$/ });
    const row = membersTable.getByRole("row").filter({ hasText: nickname });
    await expect(row).toContainText("Ndèye Faye");
    await expect(row).toContainText("Cercle Impulsion, Bureau");
    await expect(row.locator("img.app-avatar")).toBeVisible();

    // The new member signs in (their own browser) and sees their dashboard with their picture.
    const other = await browser.newContext();
    const memberPage = await other.newPage();
    await signInReady(memberPage, { nickname, password });
    await expect(memberPage.locator("main")).toContainText("Ndèye Faye");
    await expect.poll(() => memberPage.locator(".dash-hello img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await other.close();

    // Edit: the password field is optional and says so; the groups change.
    await row.getByRole("button", { name: "Modifier : Ndèye Faye" }).click();
    const edit = page.getByRole("dialog", { name: "Modifier Ndèye Faye" });
    await expect(edit.getByLabel("Nouveau mot de passe (optionnel)")).toHaveValue("");
    await edit.getByLabel("Bureau").uncheck();
    const put = page.waitForResponse((r) => r.url().includes("/api/admin/users/") && r.request().method() === "PUT");
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    const sent = (await put).request().postData() ?? "";
    expect(sent).not.toContain('name="password"');
    await expect(row).toContainText("Cercle Impulsion");
    await expect(row).not.toContainText("Bureau");

    // Delete: nothing to transfer, the dialog says so and the member goes.
    await row.getByRole("button", { name: "Supprimer : Ndèye Faye" }).click();
    const del = page.getByRole("dialog", { name: "Supprimer cet utilisateur\u00a0?" });
    await expect(del).toContainText("Ce membre a 0 article et 0 média.");
    await del.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByRole("status").getByText("Membre supprimé.")).toBeVisible();
    await expect(membersTable.getByRole("row").filter({ hasText: nickname })).toHaveCount(0);
  });

  test("a fourth group cannot be added: the form caps the choice at three and the server refuses more", async ({ page, request }) => {
    await adminPage(page, "/admin/users");
    await page.getByRole("button", { name: "Créer un membre" }).click();
    const groups = page.getByRole("dialog", { name: "Nouveau membre" }).getByRole("group", { name: "Groupes" });
    const boxes = groups.getByRole("checkbox");
    // The spec's three groups are all there is to tick; once three are ticked no other box can be.
    await expect(boxes).toHaveCount(3);
    for (const box of await boxes.all()) await box.check();
    await expect(groups).toContainText("3 au plus (3 choisis).");
    await expect(groups.locator("input:not(:checked):enabled")).toHaveCount(0);

    const tooMany = await request.post("/api/admin/register", {
      headers: await bearer(request),
      data: {
        firstname: "Quatre",
        name: "Groupes",
        nickname: `quatre${tag()}`,
        email: `quatre${tag()}@example.sn`,
        password: "Quatre-Groupes-2025!",
        groups: ["cercleImp", "cercleAx", "bureau", "cercleImp"],
      },
    });
    expect(tooMany.status()).toBe(400);
    expect((await tooMany.json()).message).toBe("Un membre appartient à 3 groupes au plus, parmi Cercle Impulsion, Cercle Axiologique et Bureau.");
  });

  test("an admin is not offered their own deletion, and the form shows the server's refusal of their demotion", async ({ page, request }) => {
    // A second admin of our own: the demo one's alias "admin" is on the server's reserved list, so its edit form
    // is refused for that reason before the role is even looked at.
    const headers = await bearer(request);
    const nickname = `chef${tag()}`;
    const password = "Chef-Admin-2025!";
    const created = await request.post("/api/admin/register", {
      headers,
      data: { firstname: "Aïda", name: "Chef", nickname, email: `${nickname}@example.sn`, password, role: "admin" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const chef = (await created.json()) as { _id: string };

    await signInReady(page, { nickname, password, role: "admin" });
    await page.goto("/admin/users");
    const admins = page.getByRole("table", { name: /^Administrateurs \(\d+\)$/ });
    const me = admins.getByRole("row").filter({ hasText: nickname });
    // The server refuses the deletion of one's own account, so it is not offered (issue 19 §3.14).
    await expect(me.getByRole("button", { name: "Modifier : Aïda Chef" })).toBeVisible();
    await expect(me.getByRole("button", { name: "Supprimer : Aïda Chef" })).toHaveCount(0);

    await me.getByRole("button", { name: "Modifier : Aïda Chef" }).click();
    const edit = page.getByRole("dialog", { name: "Modifier Aïda Chef" });
    await edit.getByLabel("Rôle").selectOption("user");
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    // The refusal shows inside the dialog, next to its buttons (issue 19 §3.1).
    await expect(edit.getByRole("alert")).toHaveText("Erreur lors de la sauvegarde du membre\u00a0: Vous ne pouvez pas retirer votre propre rôle d'administrateur.");
    await edit.getByRole("button", { name: "Annuler" }).click();
    await expect(me).toHaveCount(1);

    expect((await request.delete(`/api/admin/users/${chef._id}`, { headers })).ok()).toBe(true);
  });

  test("a member who is the only author of articles can be deleted only by handing them to another member", async ({ page, request }) => {
    const headers = await bearer(request);
    const nickname = `auteur${tag()}`;
    const created = await request.post("/api/admin/register", {
      headers,
      data: { firstname: "Seul", name: "Auteur", nickname, email: `${nickname}@example.sn`, password: "Seul-Auteur-2025!", role: "user" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const author = (await created.json()) as { _id: string };
    const themes = (await (await request.get("/api/admin/themes", { headers })).json()) as { _id: string }[];
    const article = await request.post("/api/admin/articles", {
      headers,
      data: { title: `Article de ${nickname}`, txt_content: "Un texte.", themes: [themes[0]!._id], authors: [author._id] },
    });
    expect(article.ok(), await article.text()).toBe(true);
    const articleId = ((await article.json()) as { _id: string })._id;

    // Without a receiver the server refuses (409).
    const refused = await request.delete(`/api/admin/users/${author._id}`, { headers });
    expect(refused.status()).toBe(409);

    await adminPage(page, "/admin/users");
    await page.getByRole("button", { name: "Supprimer : Seul Auteur" }).click();
    const del = page.getByRole("dialog", { name: "Supprimer cet utilisateur\u00a0?" });
    await expect(del).toContainText("Ce membre a 1 article (dont 1 dont il est le seul auteur) et 0 média.");
    const remove = del.getByRole("button", { name: "Supprimer" });
    await expect(remove).toBeDisabled();
    await del.getByLabel("Transférer ses articles et médias à").selectOption({ index: 1 });
    await remove.click();
    await expect(page.getByRole("status").getByText("Membre supprimé\u00a0; ses contenus ont été transférés.")).toBeVisible();
    const kept = await request.get(`/api/admin/articles/${articleId}`, { headers });
    expect(kept.ok()).toBe(true);
    expect(((await kept.json()) as { authors: { _id: string }[] }).authors.map((a) => a._id)).not.toContain(author._id);
    expect((await request.delete(`/api/admin/articles/${articleId}`, { headers })).ok()).toBe(true);
  });
});

test.describe("moderation", () => {
  test("a pending article put online and approved appears on the public site, then taken offline disappears from it, its feed, sitemap and search", async ({ page, request }) => {
    test.setTimeout(480_000);
    const word = `zq${tag()}`;
    const title = `Pêche durable et littoral ${word}`;
    // A member writes it (pending); an admin first takes it offline, so both toggles are exercised below.
    const member = { authorization: `Bearer ${await apiToken(request, MEMBER)}` };
    const admin = await bearer(request);
    const themes = (await (await request.get("/api/user/themes", { headers: member })).json()) as { _id: string }[];
    const created = await request.post("/api/user/articles", {
      headers: member,
      data: { title, txt_content: `Un article de test sur la pêche durable (${word}).`, themes: [themes[0]!._id], keywords: "pêche" },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const article = (await created.json()) as { _id: string; url: string; approved: boolean };
    expect(article.approved).toBe(false);
    expect((await request.put(`/api/admin/articles/${article._id}/online`, { headers: admin, data: { online: false } })).ok()).toBe(true);

    // The dashboard's link opens the pending list.
    await adminPage(page, "/admin/dashboard");
    await page.getByRole("link", { name: /articles? en attente d'approbation$/ }).click();
    await page.waitForURL("**/admin/articles?status=pending");
    await expect(page.getByLabel("Afficher")).toHaveValue("pending");
    await expect(page.locator(".list-count")).toHaveText(/^\d+ articles?$/);
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
    await expect(row.getByRole("link", { name: title })).toHaveAttribute("href", `/article/${article.url}`);
    await expect(row).toContainText("Pas d'image");
    await expect(row.getByRole("link", { name: "Aïssatou Ndiaye" })).toHaveAttribute("href", "/user/membre");

    await row.getByRole("button", { name: `Mettre en ligne : ${title}` }).click();
    await expect(page.getByRole("status").getByText("Article mis en ligne\u00a0!")).toBeVisible();
    await expect(row.getByRole("button", { name: `Mettre hors ligne : ${title}` })).toHaveAttribute("title", "En ligne");
    await row.getByRole("button", { name: `Approuver : ${title}` }).click();
    await expect(page.getByRole("status").getByText("Article approuvé\u00a0!")).toBeVisible();
    // No longer pending: it leaves the filtered list.
    await expect(row).toHaveCount(0);

    await expect.poll(async () => (await request.get(`/article/${article.url}`)).status(), REBUILD_WAIT).toBe(200);
    expect(await (await request.get(`/article/${article.url}`)).text()).toContain(word);
    await expect.poll(async () => (await request.get("/rss.xml")).text(), REBUILD_WAIT).toContain(word);
    await expect.poll(async () => (await sitemapLocs(async (path) => (await request.get(path)).text())).some((loc) => loc.endsWith(`/article/${article.url}`)), REBUILD_WAIT).toBe(true);
    const hits = (p: Page) => p.locator("[data-search-results] .search-result").filter({ hasText: word });
    await expect(async () => {
      await page.goto(`/recherche?q=${word}`);
      await expect(hits(page)).toHaveCount(1, { timeout: 5_000 });
    }).toPass(REBUILD_WAIT);

    // Offline again: from the full list, newest first.
    await page.goto("/admin/articles");
    await expect(page.getByLabel("Trier")).toHaveValue("recent");
    await row.getByRole("button", { name: `Mettre hors ligne : ${title}` }).click();
    await expect(page.getByRole("status").getByText("Article mis hors ligne\u00a0!")).toBeVisible();
    await expect.poll(async () => (await request.get(`/article/${article.url}`)).status(), REBUILD_WAIT).toBe(404);
    await expect.poll(async () => (await request.get("/rss.xml")).text(), REBUILD_WAIT).not.toContain(word);
    await expect.poll(async () => (await sitemapLocs(async (path) => (await request.get(path)).text())).some((loc) => loc.endsWith(`/article/${article.url}`)), REBUILD_WAIT).toBe(false);
    await expect(async () => {
      await page.goto(`/recherche?q=${word}`);
      await expect(page.locator("[data-search-status]")).toContainText(`pour « ${word} »`, { timeout: 5_000 });
      await expect(hits(page)).toHaveCount(0);
    }).toPass(REBUILD_WAIT);

    // Edited in admin context (authors chosen by the admin), then deleted.
    await page.goto("/admin/articles");
    await row.getByRole("button", { name: `Modifier « ${title} »` }).click();
    const edit = page.getByRole("dialog", { name: "Modifier l'article" });
    await expect(edit.getByLabel("Titre")).toHaveValue(title);
    const authors = edit.getByLabel("Auteurs");
    await expect(authors.locator("option:checked")).toHaveText(["Aïssatou Ndiaye (membre)"]);
    await authors.selectOption([{ label: "Aïssatou Ndiaye (membre)" }, { label: "Mamadou Lamine Sarr (admin)" }]);
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("status").getByText("Article mis à jour avec succès.")).toBeVisible();
    await expect(row.getByRole("link", { name: "Mamadou Lamine Sarr" })).toHaveAttribute("href", "/user/admin");
    await row.getByRole("button", { name: `Supprimer « ${title} »` }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Supprimer cet article\u00a0?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByRole("status").getByText("Article supprimé avec succès.")).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test("the article list sorts by status on the server, pages through and says how many articles there are", async ({ page, request }) => {
    const all = (await (await request.get("/api/admin/articles?pageSize=25", { headers: await bearer(request) })).json()) as { total: number };
    await adminPage(page, "/admin/articles");
    await expect(page.locator(".list-count")).toHaveText(`${all.total} articles`);
    const first = page.getByRole("table").getByRole("row").nth(1);
    const sorted = page.waitForRequest((r) => r.url().includes("/api/admin/articles?") && r.url().includes("sort=status"));
    await page.getByLabel("Trier").selectOption({ label: "Par statut" });
    await sorted;
    await expect(page).toHaveURL(/\?sort=status$/);
    // Pending first: what needs an admin.
    await expect(first.getByRole("button", { name: /^Approuver : / })).toHaveAttribute("title", "En attente d'approbation");
    if (all.total > 50) {
      await page.getByRole("button", { name: "Page suivante" }).click();
      await expect(page.getByText("Page 2 sur")).toBeVisible();
      await expect(page).toHaveURL(/page=2/);
    }
    await page.getByLabel("Afficher").selectOption("offline");
    await expect(page).toHaveURL(/status=offline/);
    await expect(page.locator(".list-count")).toHaveText(/^(Aucun article|1 article|\d+ articles)$/);
    await expect(page.getByRole("table").getByRole("button", { name: /^Mettre en ligne : / }).first()).toHaveAttribute("title", "Hors ligne");
  });

  test("media: the pending filter, approve and online toggles with their messages, edit in admin context and delete", async ({ page, request }) => {
    test.setTimeout(90_000);
    const title = `Lien e2e ${tag()}`;
    const member = { authorization: `Bearer ${await apiToken(request, MEMBER)}` };
    const created = await request.post("/api/user/media", {
      headers: member,
      multipart: { title, type: "link", description: "Un lien de test.", externalUrl: "https://example.org/e2e" },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await adminPage(page, "/admin/media?status=pending");
    await expect(page.getByRole("heading", { level: 1, name: "Administration Médias" })).toBeVisible();
    await expect(page.getByLabel("Afficher")).toHaveValue("pending");
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
    await expect(row).toContainText("Lien");
    await expect(row).toContainText("Aïssatou Ndiaye");
    const today = new Intl.DateTimeFormat("fr-FR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Africa/Dakar" }).format(new Date());
    await expect(row).toContainText(today);
    await row.getByRole("button", { name: `Mettre hors ligne : ${title}` }).click();
    await expect(page.getByRole("status").getByText("Média mis hors ligne\u00a0!")).toBeVisible();
    await row.getByRole("button", { name: `Mettre en ligne : ${title}` }).click();
    await expect(page.getByRole("status").getByText("Média mis en ligne\u00a0!")).toBeVisible();
    await row.getByRole("button", { name: `Approuver : ${title}` }).click();
    await expect(page.getByRole("status").getByText("Média approuvé\u00a0!")).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.getByLabel("Afficher").selectOption("");
    await expect(page).toHaveURL(/\/admin\/media$/);
    await row.getByRole("button", { name: `Modifier « ${title} »` }).click();
    const edit = page.getByRole("dialog", { name: /Modifier le média/ });
    await expect(edit.getByLabel("Titre")).toHaveValue(title);
    await edit.getByLabel("Titre").fill(`${title} bis`);
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("status").getByText("Média mis à jour avec succès.")).toBeVisible();
    const renamed = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: `${title} bis` }) });
    await renamed.getByRole("button", { name: `Supprimer « ${title} bis »` }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Supprimer ce média\u00a0?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByRole("status").getByText("Média supprimé.")).toBeVisible();
    await expect(renamed).toHaveCount(0);
  });
});

test.describe("themes and events", () => {
  test("an admin creates, edits and deletes a theme; the confirmation names it and says it is irreversible", async ({ page }) => {
    const name = `Thème e2e ${tag()}`;
    const url = `theme_e2e_${tag()}`;
    await adminPage(page, "/admin/themes");
    await page.getByRole("button", { name: "Nouveau thème" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouveau thème" });
    const create = dialog.getByRole("button", { name: "Créer le thème" });
    await expect(create).toBeDisabled();
    await dialog.getByLabel("Nom").fill(`  ${name}  `);
    await expect(create).toBeDisabled();
    await dialog.getByLabel("URL").fill("   ");
    await expect(create).toBeDisabled();
    await dialog.getByLabel("URL").fill(url);
    await expect(dialog.getByText("Sans espaces ni caractères spéciaux", { exact: false })).toBeVisible();
    await dialog.getByLabel("Mots-clés").fill("un, deux, trois, quatre, , cinq");
    await create.click();
    await expect(page.getByRole("status").getByText("Thème créé.")).toBeVisible();

    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
    await expect(row.locator(".badge")).toHaveText(["un", "deux", "trois", "quatre", "cinq"]);
    // A line break after every third keyword.
    await expect(row.locator(".keyword-line")).toHaveCount(2);

    await row.getByRole("button", { name: `Modifier : ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Modifier le thème" });
    await expect(edit.getByLabel("Nom")).toHaveValue(name);
    await edit.getByLabel("Nom").fill(`${name} bis`);
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("status").getByText("Thème mis à jour.")).toBeVisible();
    const renamed = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: `${name} bis`, exact: true }) });
    await expect(renamed).toHaveCount(1);

    // A second theme with the same url is refused with the server's message.
    await page.getByRole("button", { name: "Nouveau thème" }).click();
    await dialog.getByLabel("Nom").fill("Doublon");
    await dialog.getByLabel("URL").fill(url);
    await create.click();
    await expect(dialog.getByRole("alert")).toHaveText("Cette URL de thème est déjà utilisée.");
    // What was typed is not saved: the form asks before letting it go.
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await page.getByRole("alertdialog", { name: "Quitter sans enregistrer ?" }).getByRole("button", { name: "Quitter sans enregistrer" }).click();
    await expect(dialog).toBeHidden();

    await renamed.getByRole("button", { name: `Supprimer : ${name} bis` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Supprimer le thème « ${name} bis » ? Cette action est irréversible.`);
    await confirm.getByRole("button", { name: "Supprimer le thème" }).click();
    await expect(page.getByRole("status").getByText("Thème supprimé.")).toBeVisible();
    await expect(renamed).toHaveCount(0);
  });

  test("an admin creates an event that appears in /events and /events.ics, edits it, toggles it and deletes it", async ({ page, request }) => {
    test.setTimeout(400_000);
    const title = `Atelier admin ${tag()}`;
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await adminPage(page, "/admin/events");
    await page.getByRole("button", { name: "Nouvel événement" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvel événement" });
    await dialog.getByLabel("Titre").fill(title);
    await dialog.getByLabel("Lieu").fill("Gorée");
    await dialog.getByLabel("Début").fill(`${day}T18:00`);
    await dialog.getByLabel("Fin").fill(`${day}T17:00`);
    const organizers = dialog.getByLabel("Organisateurs");
    await expect(organizers).toHaveAttribute("size", "4");
    await organizers.selectOption([{ index: 0 }, { index: 1 }]);
    await dialog.getByRole("group", { name: "Thèmes" }).getByRole("checkbox").first().check();
    await dialog.getByLabel("Mots-clés").fill("atelier, , e2e ");
    await expect(dialog.getByLabel("En ligne (visible sur le site public)")).toBeChecked();
    // The end before the start is refused before anything is sent.
    await dialog.getByRole("button", { name: "Créer l'événement" }).click();
    await expect(dialog.getByText("La date de fin doit être postérieure à la date de début.")).toBeVisible();
    await dialog.getByLabel("Fin").fill(`${day}T20:00`);
    const created = page.waitForResponse((r) => r.url().endsWith("/api/admin/events") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Créer l'événement" }).click();
    const event = (await (await created).json()) as { _id: string; url: string };
    await expect(page.getByRole("status").getByText("Événement créé.")).toBeVisible();

    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title, exact: true }) });
    const [y, m, d] = day.split("-");
    await expect(row).toContainText(`${d}/${m}/${y} 18\u00a0h\u00a000 → ${d}/${m}/${y} 20\u00a0h\u00a000`);
    await expect(row.getByText("En ligne", { exact: true })).toBeAttached();

    // The public site follows after the rebuild.
    await expect.poll(async () => (await request.get("/events.ics")).text(), REBUILD_WAIT).toContain(`SUMMARY:${title}`);
    await expect.poll(async () => (await request.get("/events")).text(), REBUILD_WAIT).toContain(`/event/${event.url}`);

    // The server checks the dates too.
    const bad = await request.put(`/api/admin/events/${event._id}`, {
      headers: await bearer(request),
      data: { title, location: "Gorée", startDate: `${day}T18:00`, endDate: `${day}T10:00` },
    });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).message).toBe("La date de fin doit être postérieure à la date de début.");

    await row.getByRole("button", { name: `Modifier : ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Modifier l'événement" });
    await expect(edit.getByLabel("Début")).toHaveValue(`${day}T18:00`);
    await expect(edit.getByLabel("Mots-clés")).toHaveValue("atelier, e2e");
    await edit.getByLabel("Lieu").fill("Dakar");
    await edit.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("status").getByText("Événement mis à jour.")).toBeVisible();
    await expect(row).toContainText("Dakar");

    await row.getByRole("button", { name: `Mettre hors ligne : ${title}` }).click();
    await expect(page.getByRole("status").getByText("Événement mis hors ligne\u00a0!")).toBeVisible();
    await expect(row.getByText("Hors ligne", { exact: true })).toBeAttached();
    await row.getByRole("button", { name: `Mettre en ligne : ${title}` }).click();
    await expect(page.getByRole("status").getByText("Événement mis en ligne\u00a0!")).toBeVisible();

    await row.getByRole("button", { name: `Supprimer : ${title}` }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Supprimer cet événement\u00a0?");
    await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByRole("status").getByText("Événement supprimé.")).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect.poll(async () => (await request.get("/events.ics")).text(), REBUILD_WAIT).not.toContain(`SUMMARY:${title}`);
  });
});

test.describe("contact inbox, site control and journal", () => {
  test("a message sent from /contact is read in the admin inbox, marked read, then deleted", async ({ page, browser }) => {
    const subject = `Question e2e ${tag()}`;
    const visitor = await browser.newContext();
    const form = await visitor.newPage();
    await form.goto("/contact");
    await form.getByLabel("Nom").fill("Khady Sow");
    await form.getByLabel("Email").fill("khady.sow@example.org");
    await form.getByLabel("Sujet").fill(subject);
    await form.getByLabel("Message").fill("Bonjour,\nproposez-vous des visites de l'île pour les scolaires ?");
    await form.getByRole("button", { name: "Envoyer" }).click();
    await expect(form.locator("[data-contact-form]").getByRole("status")).toHaveText("Message envoyé, Merci\u00a0!");
    await visitor.close();

    await adminPage(page, "/admin/dashboard");
    await expect(page.getByRole("link", { name: /messages? non lus?$/ })).toHaveAttribute("href", "/admin/contact");
    await page.goto("/admin/contact");
    // One row of the shared table per message (issue 19 §1).
    const message = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: subject }) });
    await expect(message.getByRole("rowheader")).toHaveText(`Non lu ${subject}`);
    await expect(message).toContainText("Khady Sow");
    await expect(message.getByRole("link", { name: "khady.sow@example.org" })).toHaveAttribute("href", "mailto:khady.sow@example.org");
    await expect(message).toContainText("proposez-vous des visites de l'île pour les scolaires ?");
    // Newest first.
    await expect(page.getByRole("rowheader").first()).toContainText(subject);
    await expectNoSeriousViolations(page, "contact inbox with a message");
    await message.getByRole("button", { name: `Marquer comme lu : ${subject}` }).click();
    await expect(page.getByRole("status").getByText("Message marqué comme lu.")).toBeVisible();
    await expect(message.getByRole("rowheader")).toHaveText(subject);
    await expect(message.getByRole("button", { name: `Marquer comme non lu : ${subject}` })).toBeVisible();
    await message.getByRole("button", { name: `Supprimer : ${subject}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByRole("status").getByText("Message supprimé.")).toBeVisible();
    await expect(message).toHaveCount(0);
  });

  test("the site screen shows the live build and follows a rebuild asked with « Reconstruire le site »; the journal lists it", async ({ page }) => {
    test.setTimeout(240_000);
    await adminPage(page, "/admin/site");
    const live = page.getByRole("region", { name: "Version en ligne" });
    await expect(live).toContainText("Publiée le");
    const statusCalls: number[] = [];
    page.on("request", (r) => r.url().endsWith("/api/admin/site") && r.method() === "GET" && statusCalls.push(Date.now()));
    await page.getByRole("button", { name: "Reconstruire le site" }).click();
    await expect(page.getByRole("status").getByText("Reconstruction demandée.")).toBeVisible();
    // The screen follows the build by itself (no reload) until a new live version shows.
    await expect(live).toContainText(/reconstruction demandée/i, { timeout: 200_000 });
    expect(statusCalls.length).toBeGreaterThan(1);

    await page.goto("/admin/audit");
    const first = page.getByRole("table").getByRole("row").nth(1);
    await expect(first).toContainText("Reconstruction du site");
    await expect(first).toContainText(ADMIN.nickname);
  });
});

/**
 * Screenshots of every admin screen at 1280 and 375 px into docs/screenshots/admin-*.png. Run on demand:
 * ADMIN_SCREENSHOTS=1 E2E_PORT=… playwright test e2e/admin.spec.ts -g screenshots
 */
test.describe("screenshots", () => {
  test.skip(!process.env.ADMIN_SCREENSHOTS, "ADMIN_SCREENSHOTS=1 takes them");

  test("screenshots of every admin screen at desktop and phone widths", async ({ page }) => {
    test.setTimeout(240_000);
    await signInReady(page, ADMIN);
    for (const [width, height, suffix] of [
      [1280, 900, "1280"],
      [375, 812, "375"],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const [path] of SCREENS) {
        await page.goto(path);
        await expect(page.locator("main h1")).toBeVisible();
        await expect(page.locator("main").getByText("Chargement...")).toHaveCount(0);
        // Lazy thumbnails load once near the screen; the full-page picture should show them all.
        await page.evaluate(() => document.querySelectorAll<HTMLImageElement>("img[loading=lazy]").forEach((img) => (img.loading = "eager")));
        await page.waitForFunction(() => [...document.images].every((img) => img.complete));
        const name = path.replace("/admin/", "");
        await page.screenshot({ path: `docs/screenshots/admin-${name}-${suffix}.png`, fullPage: true });
      }
      // The forms, open.
      for (const [path, button, file] of [
        ["/admin/users", "Créer un membre", "user-form"],
        ["/admin/themes", "Nouveau thème", "theme-form"],
        ["/admin/events", "Nouvel événement", "event-form"],
        ["/admin/articles", "Nouvel article", "article-form"],
        ["/admin/media", "Créer un média", "media-form"],
      ] as const) {
        await page.goto(path);
        await page.getByRole("button", { name: button }).click();
        await expect(page.locator("dialog[open]")).toBeVisible();
        await page.screenshot({ path: `docs/screenshots/admin-${file}-${suffix}.png` });
      }
    }
  });
});
