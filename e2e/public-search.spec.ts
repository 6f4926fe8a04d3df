import { expect, test, type Page } from "@playwright/test";

/**
 * Search (issue 13, item 8): a word found nowhere finds nothing (Pagefind would otherwise match a prefix of it),
 * excerpts are the page's content rather than its furniture, and results arriving do not shift the page.
 */

const results = (page: Page) => page.locator("[data-search-results] .search-result");

test("a nonsense word finds nothing, alone or beside a real one", async ({ page }) => {
  for (const q of ["xyzzy", "gorée xyzzy"]) {
    await page.goto(`/recherche?q=${encodeURIComponent(q)}`);
    await expect(page.locator("[data-search-status]")).toHaveText(`Aucun résultat pour « ${q} »`);
    await expect(results(page)).toHaveCount(0);
  }
  // A real word still finds its pages.
  await page.goto("/recherche?q=goree");
  await expect(results(page).first()).toBeVisible();
});

test("excerpts are made of the pages' content, not their buttons, badges and dates", async ({ page }) => {
  const media = (await (await page.request.get("/api/public/media")).json()) as { title: string; type: string; description: string }[];
  // A long word of an image's description (other journeys add images with short descriptions: skip those).
  const longWord = (text: string) => text.split(/\s+/).map((w) => w.replace(/[^\p{L}]/gu, "")).find((w) => w.length > 6);
  const image = media.find((m) => m.type === "image" && m.description && longWord(m.description))!;
  const word = longWord(image.description)!;
  await page.goto(`/recherche?q=${encodeURIComponent(word)}`);
  await expect(results(page).first()).toBeVisible();
  const excerpts = (await results(page).locator("p").allTextContents()).join(" | ");
  for (const furniture of ["Télécharger", "Publié le", "Ouvrir le lien", "nouvel onglet", "Toute la médiathèque"]) {
    expect(excerpts, furniture).not.toContain(furniture);
  }
});

for (const width of [1280, 375]) {
  test(`results shown on opening a shared search do not shift the page at ${width} px (CLS < 0.1)`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
    // Layout shifts of the whole visit, as the browser reports them (shifts right after typing do not count).
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/recherche?q=goree");
    await expect(results(page).first()).toBeVisible();
    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(0.1);
  });
}
