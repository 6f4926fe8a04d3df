import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, appViolations, authHeaders, islandsHydrated, MEMBER, signIn } from "./support/apps";

/**
 * Accessibility: axe (WCAG 2.0/2.1/2.2 A and AA, plus Label in Name) on every public page type, failing on any serious or
 * critical violation; then the keyboard paths of the chrome. Page URLs are discovered through the public API.
 */

type Item = { url: string; type?: string; fullname?: string; themes?: { url: string }[]; authors?: { nickname: string }[] };
type Lists = { media: Item[]; articles: Item[]; events: Item[]; impulsion: Item[]; axiologique: Item[] };

const TYPES = ["audio", "video", "pdf", "image", "external", "link"];
const ofType = (l: Lists, t: string) => l.media.find((m) => m.type === t)!.url;

/** Every public page type, with how to find one real URL of it in the data (spec §2 routes). */
const PAGES: [name: string, path: (l: Lists) => string][] = [
  ["home", () => "/"],
  ["about", () => "/about"],
  ["Cercle Impulsion", () => "/cercle-impulsion"],
  ["Cercle Axiologique", () => "/cercle-axiologique"],
  ["members grid", () => "/cercle-impulsion/members"],
  ["member profile", (l) => `/cercle-axiologique/${encodeURIComponent(l.axiologique[0]!.fullname!)}`],
  ["contact", () => "/contact"],
  ["media library", () => "/mediatheque"],
  ...TYPES.map((t): [string, (l: Lists) => string] => [`media type page ${t}`, () => `/mediatheque/${t}`]),
  ...TYPES.map((t): [string, (l: Lists) => string] => [`media page ${t}`, (l) => `/media/${ofType(l, t)}`]),
  ["typed audio page", (l) => `/mediatheque/audio/${ofType(l, "audio")}`],
  ["typed video page", (l) => `/mediatheque/video/${ofType(l, "video")}`],
  ["articles", () => "/articles"],
  ["theme page", (l) => `/articles/${l.articles[0]!.themes![0]!.url}`],
  ["article", (l) => `/article/${l.articles[0]!.url}`],
  ["events", () => "/events"],
  ["event", (l) => `/event/${l.events[0]!.url}`],
  ["author page", (l) => `/user/${l.articles[0]!.authors![0]!.nickname}`],
  ["login", () => "/login"],
  ["404", () => "/page-qui-n-existe-pas"],
];

let lists: Promise<Lists> | null = null;
function load(page: Page): Promise<Lists> {
  const get = async (path: string) => (await page.request.get(path)).json() as Promise<Item[]>;
  lists ??= Promise.all(
    ["/api/public/media", "/api/public/articles", "/api/public/events", "/api/public/cercle-impulsion", "/api/public/cercle-axiologique"].map(get),
  ).then(([media, articles, events, impulsion, axiologique]) => ({ media, articles, events, impulsion, axiologique }) as Lists);
  return lists;
}

async function seriousViolations(page: Page, only?: string): Promise<string[]> {
  // label-content-name-mismatch (WCAG 2.5.3 "Label in Name") is experimental in axe, hence off unless asked for:
  // a control's accessible name must contain its visible text, so speech users can say what they see.
  const axe = new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } });
  const { violations } = await (only ? axe.include(only) : axe).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} [${v.impact}] ${v.help} -> ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

test.describe("accessibility of public pages (axe, WCAG 2.2 AA)", () => {
  for (const [name, path] of PAGES) {
    test(`the ${name} page has no serious or critical violation`, async ({ page }) => {
      const url = path(await load(page));
      await page.goto(url, { waitUntil: "networkidle" });
      expect(await seriousViolations(page), url).toEqual([]);
    });
  }

  test("narrow screens (375 px) have no serious or critical violation either", async ({ page }) => {
    test.setTimeout(120_000); // eight full-page analyses
    await page.setViewportSize({ width: 375, height: 800 });
    const l = await load(page);
    for (const url of ["/", "/events", "/mediatheque", `/article/${l.articles[0]!.url}`]) {
      await page.goto(url, { waitUntil: "networkidle" });
      expect(await seriousViolations(page), url).toEqual([]);
      await page.locator("[data-menu-toggle]").click();
      expect(await seriousViolations(page), `${url} with the menu open`).toEqual([]);
    }
  });

  test("the events calendar has no violation once a day is picked and a more-link opened", async ({ page }) => {
    await page.goto("/events", { waitUntil: "networkidle" });
    await page.locator("#events-calendar [role=cell][data-date] [role=link]").first().click();
    await expect(page.locator("[data-events-heading]")).toContainText(/événements? le/);
    expect(await seriousViolations(page)).toEqual([]);
    // The more-link's popover (a dialog), on whichever month first has a crowded day.
    const more = page.locator("#events-calendar [aria-haspopup=dialog]");
    for (let i = 0; i < 12 && (await more.count()) === 0; i++) await page.getByRole("button", { name: "Mois suivant" }).click();
    await more.first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    // The popover itself (what it covers underneath was checked above; covering is what a popover does).
    expect(await seriousViolations(page, "[role=dialog]")).toEqual([]);
  });
});

test.describe("keyboard use of the chrome", () => {
  test("the 'Qui Sommes Nous ?' dropdown opens when its link gets keyboard focus", async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 800 });
    await page.goto("/contact");
    const dropdown = page.locator(".has-dropdown > .dropdown");
    await expect(dropdown).toBeHidden();
    const about = page.locator("[data-nav-list]").getByRole("link", { name: "Qui Sommes Nous ?" });
    // Tab from the skip link until the about link has focus (the way a keyboard user gets there).
    for (let i = 0; i < 10 && !(await about.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(about).toBeFocused();
    await expect(dropdown).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(dropdown.getByRole("link", { name: "Cercle Impulsion" })).toBeFocused();
  });

  test("the mobile menu button works with Enter, Space and Escape", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto("/");
    const toggle = page.locator("[data-menu-toggle]");
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Articles" })).toBeVisible();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  test("focus is visible on links, buttons and form fields", async ({ page }) => {
    await page.goto("/contact");
    const ring = (sel: string) =>
      page.locator(sel).first().evaluate((el) => {
        (el as HTMLElement).focus();
        const s = getComputedStyle(el);
        return (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== "none";
      });
    // Keyboard focus (not a mouse click) so :focus-visible applies.
    await page.keyboard.press("Tab");
    await expect(page.locator(":focus")).toHaveText("Aller au contenu");
    expect(await page.locator(":focus").evaluate((el) => getComputedStyle(el).outlineStyle !== "none" || getComputedStyle(el).boxShadow !== "none")).toBe(true);
    await page.keyboard.press("Tab");
    for (const sel of ["footer a", "[data-contact-form] input[name=name]", "[data-contact-form] button[type=submit]"]) {
      expect(await ring(sel), sel).toBe(true);
    }
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/articles");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Aller au contenu" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("#contenu")).toBeFocused();
  });
});

/**
 * The member space and the back office (issue 19, « 0 serious axe violations on every screen and open dialog »):
 * every /user and /admin screen, then every kind of dialog they open (forms, the unsaved-changes question, the
 * confirmation, the media picker, the image picker and its crop, the member deletion, the bulk confirmation), at
 * 1280 px and on a 375 px phone. The history dialog is checked by e2e/article-revisions.spec.ts, the trash's purge
 * question by e2e/trash.spec.ts and the mail preview by e2e/admin-mail.spec.ts, each at its own journey's point.
 */
const MEMBER_SCREENS = ["/user/dashboard", "/user/profile", "/user/articles", "/user/media", "/user/inscriptions", "/user/corbeille"];
const ADMIN_SCREENS = [
  "/admin/dashboard",
  "/admin/users",
  "/admin/articles",
  "/admin/media",
  "/admin/themes",
  "/admin/events",
  "/admin/contact",
  "/admin/mail",
  "/admin/site",
  "/admin/audit",
  "/admin/corbeille",
  "/admin/newsletter",
  "/admin/lettre",
];

/** Opens an app screen and waits until its data is on screen (axe must see the loaded screen). */
async function openLoaded(page: Page, path: string) {
  await page.goto(path);
  await islandsHydrated(page);
  await expect(page.locator("h1"), path).toBeVisible();
  await expect(page.locator("main").getByText("Chargement...")).toHaveCount(0);
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
  // Phones show long lists as cards drawn only near the screen (content-visibility: auto in global.css). The
  // browser does not hit-test a card it has not drawn, and axe judges contrast and target spacing by hit-testing:
  // it would measure a far card against whatever lies behind it (seen: the footer's colour on /admin/articles).
  // Every card drawn, axe sees what a person scrolling to it sees.
  await page.addStyleTag({ content: ".data-table tbody tr { content-visibility: visible !important; }" });
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`accessibility of the member space and back office at ${viewport.width} px (axe)`, () => {
    test.use({ viewport });

    test("every member screen has no serious violation", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, MEMBER);
      for (const path of MEMBER_SCREENS) {
        await openLoaded(page, path);
        expect(await appViolations(page), path).toEqual([]);
      }
    });

    test("every admin screen has no serious violation", async ({ page, request }) => {
      test.setTimeout(180_000);
      const events = (await (await request.get("/api/admin/events?page=1&pageSize=25", { headers: await authHeaders(request, ADMIN) })).json()) as { items: { _id: string }[] };
      await signIn(page, ADMIN);
      for (const path of [...ADMIN_SCREENS, `/admin/inscriptions?event=${events.items[0]!._id}`]) {
        await openLoaded(page, path);
        expect(await appViolations(page), path).toEqual([]);
      }
    });

    test("the member's dialogs have no serious violation: forms, unsaved changes, pickers, crop, confirmation", async ({ page }) => {
      test.setTimeout(150_000);
      // A form left with typed text asks the browser before the page goes: accept, as a person leaving would.
      page.on("dialog", (d) => void d.accept());
      await signIn(page, MEMBER);
      await openLoaded(page, "/user/articles");
      await page.getByRole("button", { name: "Nouvel Article" }).click();
      const form = page.getByRole("dialog", { name: "Nouvel article" });
      await expect(form.getByRole("checkbox").first()).toBeVisible();
      expect(await appViolations(page, "dialog[open]"), "article form").toEqual([]);

      await form.getByRole("button", { name: "Choisir des médias" }).click();
      const picker = page.getByRole("dialog", { name: "Choisir des médias" });
      await expect(picker.getByRole("list", { name: "Médiathèque" }).getByRole("checkbox").first()).toBeVisible();
      expect(await appViolations(page, "dialog.modal-xl[open]"), "media picker").toEqual([]);
      await page.keyboard.press("Escape");
      await expect(picker).toBeHidden();

      await form.getByRole("button", { name: "Choisir dans la médiathèque" }).click();
      const images = page.getByRole("dialog", { name: "Choisir l'image dans la médiathèque" });
      await images.getByRole("list", { name: "Médiathèque" }).getByRole("radio").first().check();
      expect(await appViolations(page, "dialog.modal-xl[open]"), "image picker").toEqual([]);
      await images.getByRole("button", { name: "Choisir cette image" }).click();
      const cropper = page.getByRole("dialog", { name: "Recadrer l'image de l'article" });
      await expect(cropper.getByRole("button", { name: "Recadrer" })).toBeEnabled();
      expect(await appViolations(page, ".modal:has(.cropper-stage)"), "crop dialog").toEqual([]);
      await page.keyboard.press("Escape");
      await expect(cropper).toBeHidden();

      await form.getByLabel("Titre").fill("Un brouillon");
      await page.keyboard.press("Escape");
      const discard = page.getByRole("alertdialog", { name: "Quitter sans enregistrer ?" });
      await expect(discard).toBeVisible();
      // Accessible names fold spaces: the text itself holds the no-break space before « ? ».
      expect(await discard.evaluate((d) => d.textContent)).toContain("Quitter sans enregistrer\u00a0?");
      expect(await appViolations(page, "dialog[open][role=alertdialog]"), "unsaved changes question").toEqual([]);
      await discard.getByRole("button", { name: "Quitter sans enregistrer" }).click();
      await expect(form).toBeHidden();

      await page.getByRole("table", { name: "Mes articles" }).getByRole("button", { name: /^Supprimer/ }).first().click();
      await expect(page.getByRole("alertdialog")).toBeVisible();
      expect(await appViolations(page, "dialog[open][role=alertdialog]"), "delete confirmation").toEqual([]);
      await page.keyboard.press("Escape");

      await openLoaded(page, "/user/media");
      await page.getByRole("button", { name: "Créer un média" }).click();
      const media = page.getByRole("dialog", { name: "Créer un média" });
      await media.getByLabel("Type de média").selectOption("audio");
      await expect(media.getByLabel("Fichier")).toBeVisible();
      expect(await appViolations(page, "dialog[open]"), "media form").toEqual([]);
      await page.keyboard.press("Escape");

      await openLoaded(page, "/user/profile");
      await page.getByRole("button", { name: "Modifier mon profil" }).click();
      await expect(page.getByRole("dialog", { name: "Modifier mon profil" }).getByLabel("Prénom")).toBeVisible();
      expect(await appViolations(page, "dialog[open]"), "profile form").toEqual([]);
    });

    test("the admin's dialogs have no serious violation: forms, member deletion, media picker, bulk confirmation", async ({ page }) => {
      test.setTimeout(150_000);
      await signIn(page, ADMIN);
      await openLoaded(page, "/admin/users");
      await page.getByRole("button", { name: "Créer un membre" }).click();
      await expect(page.getByRole("dialog", { name: "Nouveau membre" })).toBeVisible();
      expect(await appViolations(page, "dialog[open]"), "member form").toEqual([]);
      await page.keyboard.press("Escape");
      await page.getByRole("table", { name: /^Membres/ }).getByRole("button", { name: /^Modifier/ }).first().click();
      await expect(page.getByRole("dialog").getByLabel("Prénom")).toBeVisible();
      expect(await appViolations(page, "dialog[open]"), "member edit form").toEqual([]);
      await page.keyboard.press("Escape");
      await page.getByRole("table", { name: /^Membres/ }).getByRole("button", { name: /^Supprimer : / }).first().click();
      await expect(page.getByRole("dialog", { name: "Supprimer cet utilisateur\u00a0?" })).toContainText(/article/);
      expect(await appViolations(page, "dialog[open]"), "member deletion").toEqual([]);
      await page.keyboard.press("Escape");

      await openLoaded(page, "/admin/themes");
      await page.getByRole("button", { name: "Nouveau thème" }).click();
      expect(await appViolations(page, "dialog[open]"), "theme form").toEqual([]);
      await page.keyboard.press("Escape");

      await openLoaded(page, "/admin/events");
      await page.getByRole("button", { name: "Nouvel événement" }).click();
      await expect(page.getByRole("dialog", { name: "Nouvel événement" }).getByRole("option").first()).toBeAttached();
      expect(await appViolations(page, "dialog[open]"), "event form").toEqual([]);
      await page.keyboard.press("Escape");

      await openLoaded(page, "/admin/media");
      await page.getByRole("button", { name: "Créer un média" }).click();
      await expect(page.getByRole("dialog", { name: "Créer un média" })).toBeVisible();
      expect(await appViolations(page, "dialog[open]"), "media form (admin)").toEqual([]);
      await page.keyboard.press("Escape");

      await openLoaded(page, "/admin/articles?status=pending");
      await page.getByRole("table").getByRole("checkbox").first().check();
      await page.getByLabel("Action", { exact: true }).selectOption("approve");
      await page.getByRole("button", { name: "Appliquer" }).click();
      await expect(page.getByRole("alertdialog", { name: /^Approuver 1 article\s\?$/ })).toBeVisible();
      expect(await appViolations(page, "dialog[open][role=alertdialog]"), "bulk confirmation").toEqual([]);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("alertdialog")).toBeHidden();

      await page.getByRole("button", { name: "Nouvel article" }).click();
      const form = page.getByRole("dialog", { name: "Nouvel article" });
      await expect(form.getByLabel("Auteurs").getByRole("option").first()).toBeAttached();
      expect(await appViolations(page, "dialog[open]"), "article form (admin)").toEqual([]);
      await form.getByRole("button", { name: "Choisir des médias" }).click();
      const picker = page.getByRole("dialog", { name: "Choisir des médias" });
      await expect(picker.getByRole("list", { name: "Médiathèque" }).getByRole("checkbox").first()).toBeVisible();
      expect(await appViolations(page, "dialog.modal-xl[open]"), "media picker (admin)").toEqual([]);
    });
  });
}
