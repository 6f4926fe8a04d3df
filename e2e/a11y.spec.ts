import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

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
