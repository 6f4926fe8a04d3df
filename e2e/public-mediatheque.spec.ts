import { expect, test, type Page } from "@playwright/test";
import { frenchTypography as fr } from "../site/src/lib/typography";
import { cutBetweenWords } from "./support/excerpt";

/** Media library screens (spec §2 "Media library screens"): filter, sorts, count badge, truncation, type pages. */

type ApiMedia = { title: string; url: string; type: string; description: string; createdAt: string; duration: number | null };

const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });
const rows = (page: Page) => page.locator("#media-table tbody tr:not([hidden])");
const titles = async (page: Page, table = "#media-table") =>
  (await page.locator(`${table} tbody tr:not([hidden]) td.title-cell`).allTextContents()).map((t) => t.trim());
const countText = (n: number) => `${n} ${n < 2 ? "média" : "médias"}`;

async function media(page: Page): Promise<ApiMedia[]> {
  const res = await page.request.get("/api/public/media");
  expect(res.ok()).toBe(true);
  return res.json();
}

test.describe("the media library", () => {
  test("lists every visible media, most recent first, with a count badge", async ({ page }) => {
    const list = await media(page);
    await page.goto("/mediatheque");
    await expect(rows(page)).toHaveCount(list.length);
    const recent = list.slice().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    expect(await titles(page)).toEqual(recent.map((m) => fr(m.title)));
    await expect(page.locator("[data-count]")).toHaveText(countText(list.length));
  });

  test("filters by type (all, audio, video) and words the count in the singular or plural", async ({ page }) => {
    const list = await media(page);
    await page.goto("/mediatheque");
    const filter = page.getByRole("combobox", { name: /^Type/ });
    await expect(filter.locator("option")).toHaveText(["Tous", "Audio", "Vidéo"]);
    for (const type of ["audio", "video"]) {
      const expected = list.filter((m) => m.type === type);
      await filter.selectOption(type);
      await expect(rows(page)).toHaveCount(expected.length);
      await expect(page.locator("[data-count]")).toHaveText(countText(expected.length));
      expect((await titles(page)).sort()).toEqual(expected.map((m) => fr(m.title)).sort());
    }
    await filter.selectOption("");
    await expect(rows(page)).toHaveCount(list.length);
  });

  test("sorts by title and by type, also while filtered", async ({ page }) => {
    const list = await media(page);
    await page.goto("/mediatheque");
    const sort = page.getByLabel("Trier");
    await expect(sort.locator("option")).toHaveText(["Plus récents", "Par titre", "Par type"]);
    await sort.selectOption({ label: "Par titre" });
    const sorted = await titles(page);
    expect(sorted).toEqual(list.map((m) => m.title).sort(collator.compare).map((t) => fr(t)));

    await sort.selectOption({ label: "Par type" });
    const types = (await rows(page).locator("td:nth-child(2)").allTextContents()).map((t) => t.trim());
    expect(types).toEqual(types.slice().sort(collator.compare));

    await page.getByRole("combobox", { name: /^Type/ }).selectOption("audio");
    await sort.selectOption({ label: "Par titre" });
    const audio = list.filter((m) => m.type === "audio").map((m) => m.title);
    expect(await titles(page)).toEqual(audio.sort(collator.compare).map((t) => fr(t)));
  });

  test("truncates descriptions to 50 characters and keeps the full text as a tooltip", async ({ page }) => {
    const list = await media(page);
    const long = list.find((m) => m.description.length > 50);
    expect(long, "a media with a long description").toBeTruthy();
    await page.goto("/mediatheque");
    const cells = rows(page).locator("td:nth-child(3)");
    for (const text of await cells.allTextContents()) expect(Array.from(text.trim()).length).toBeLessThanOrEqual(50);
    const row = rows(page).filter({ has: page.getByRole("link", { name: fr(long!.title), exact: true }) });
    const cell = row.locator("td:nth-child(3)");
    await expect(cell).toHaveText(/…$/);
    await expect(cell).toHaveAttribute("title", long!.description);
    // Cut between two words (issue 13, item 1), in the general table and in every type table.
    for (const path of ["/mediatheque", "/mediatheque/audio", "/mediatheque/video", "/mediatheque/pdf", "/mediatheque/image", "/mediatheque/external", "/mediatheque/link"]) {
      await page.goto(path);
      for (const m of list) {
        const described = page.locator("tbody tr").filter({ has: page.getByRole("link", { name: fr(m.title), exact: true }) }).locator("td[data-label=Description]");
        if ((await described.count()) === 0 || !m.description) continue;
        const shown = (await described.innerText()).trim();
        expect(cutBetweenWords(shown, m.description), `${path}: « ${shown} »`).toBe(true);
      }
    }
  });

  test("each row starts with the media's preview or its kind's icon; images are a gallery", async ({ page }) => {
    const list = await media(page);
    await page.goto("/mediatheque");
    await expect(rows(page).locator(".row-thumb")).toHaveCount(list.length);
    await page.goto("/mediatheque/image");
    const cards = page.locator("#media-type-table tbody tr");
    const images = list.filter((m) => m.type === "image");
    await expect(cards).toHaveCount(images.length);
    // Pictures side by side at 1280 px, large enough to see (not 64 px thumbnails).
    const boxes = await cards.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect().toJSON() as DOMRect));
    expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBeLessThan(boxes.length);
    const pic = (await cards.first().locator("img").boundingBox())!;
    expect(pic.width).toBeGreaterThanOrEqual(200);
  });

  test("the video table has no column of dashes: « Durée » only where a video has a duration", async ({ page }) => {
    const list = await media(page);
    for (const type of ["audio", "video"]) {
      await page.goto(`/mediatheque/${type}`);
      const known = list.filter((m) => m.type === type && m.duration);
      await expect(page.locator("#media-type-table thead th", { hasText: "Durée" })).toHaveCount(known.length > 0 ? 1 : 0);
    }
  });

  test("the type menu of the list and the links to type pages never seem to disagree", async ({ page }) => {
    await page.goto("/mediatheque");
    // The list's filter is the spec's menu (all, audio, video); the type pages are plain links, none marked current.
    await expect(page.getByRole("combobox", { name: /^Type/ }).locator("option")).toHaveText(["Tous", "Audio", "Vidéo"]);
    const types = page.getByRole("navigation", { name: "Types de médias" });
    await expect(types.getByRole("link")).toHaveCount(6);
    await expect(types.locator("[aria-current]")).toHaveCount(0);
  });

  test("each type page lists its media, sorts by recent or title, and links back to all media", async ({ page }) => {
    const list = await media(page);
    for (const type of ["audio", "video", "pdf", "image", "external", "link"]) {
      const expected = list.filter((m) => m.type === type);
      await page.goto(`/mediatheque/${type}`);
      const back = page.getByRole("link", { name: "← Tous les médias" });
      await expect(back).toHaveAttribute("href", "/mediatheque");
      if (expected.length === 0) {
        await expect(page.locator("main")).toContainText("Aucun média de ce type");
        continue;
      }
      await expect(page.locator("#media-type-table tbody tr")).toHaveCount(expected.length);
      await expect(page.locator("[data-count]")).toHaveText(countText(expected.length));
      // Type tables allow a longer excerpt (spec: 60 to 80 characters).
      const descriptions = await page.locator("#media-type-table td[data-label=Description]").allTextContents();
      for (const d of descriptions) expect(Array.from(d.trim()).length).toBeLessThanOrEqual(80);
      const sort = page.getByLabel("Trier");
      await expect(sort.locator("option")).toHaveText(["Plus récents", "Par titre"]);
      await sort.selectOption({ label: "Par titre" });
      expect(await titles(page, "#media-type-table")).toEqual(expected.map((m) => m.title).sort(collator.compare).map((t) => fr(t)));
    }
    await page.getByRole("link", { name: "← Tous les médias" }).click();
    await page.waitForURL(/\/mediatheque$/);
  });

  test("has its sort and filter selectors in place from the first paint: nothing moves when the table script runs", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/mediatheque");
    await expect(page.getByLabel("Trier")).toBeVisible();
    // Where the table starts and how wide it is, and the first rows' boxes: the table's full height is not compared,
    // since rows off screen are not laid out (`content-visibility: auto`) and count as an estimate until seen.
    const place = async () => {
      const box = (await page.locator(".table-wrap").boundingBox())!;
      const rows = await page.locator(".table-wrap tbody tr").evaluateAll((trs) =>
        trs.slice(0, 3).map((tr) => {
          const r = tr.getBoundingClientRect();
          return { y: r.y + window.scrollY, height: r.height, width: r.width };
        }),
      );
      return { x: box.x, y: box.y, width: box.width, rows };
    };
    const withScripts = await place();
    // The same page as it is first drawn: module scripts not run yet (the head's inline script, which marks the
    // page as having JavaScript, still runs).
    await page.route("**/mediatheque", async (route) => {
      const html = await (await route.fetch()).text();
      const body = html.replace(/<script type="module"[^>]*>[\s\S]*?<\/script>/g, "");
      expect(body).not.toContain('type="module"');
      await route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body });
    });
    await page.goto("/mediatheque");
    await expect(page.getByLabel("Trier")).toBeVisible();
    await expect(page.getByRole("combobox", { name: /^Type/ })).toBeVisible();
    expect(await place()).toEqual(withScripts);
  });
});
