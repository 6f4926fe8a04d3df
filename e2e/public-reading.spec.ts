import { expect, test, type Locator, type Page } from "@playwright/test";
import { frenchTypography as fr } from "../site/src/lib/typography";

/**
 * Reading (issue 13, item 7): paragraphs stand apart, the article is a centred column of about 70 characters a
 * line that ends with its authors and related articles, and the navigation says where the reader is.
 */

type Person = { _id: string; nickname: string; firstname: string; name: string };
type Summary = { _id: string; title: string; url: string; createdAt: string; themes: { url: string }[]; authors: Person[] };
type Item = { url: string; type: string; description?: string; txt_content?: string };

const get = async <T>(page: Page, path: string): Promise<T> => (await page.request.get(path)).json() as Promise<T>;

/** Vertical gaps between consecutive paragraphs of `scope` (px). */
async function paragraphGaps(scope: Locator): Promise<number[]> {
  return scope.evaluate((root) => {
    const ps = [...root.querySelectorAll("p")].filter((p) => p.textContent!.trim() !== "");
    return ps.slice(1).map((p, i) => p.getBoundingClientRect().top - ps[i]!.getBoundingClientRect().bottom);
  });
}

test.describe("long-form text", () => {
  test("paragraphs of the about and circle pages and of event and media descriptions stand apart", async ({ page }) => {
    const events = await get<Item[]>(page, "/api/public/events");
    const media = await get<Item[]>(page, "/api/public/media");
    const event = events.find((e) => (e.txt_content ?? "").includes("\n\n")) ?? events[0]!;
    const described = media.find((m) => m.description && m.txt_content) ?? media[0]!;
    for (const path of ["/about", "/cercle-impulsion", `/event/${event.url}`, `/media/${described.url}`]) {
      await page.goto(path);
      const gaps = await paragraphGaps(page.locator("main .prose").first());
      expect(gaps.length, `${path}: at least two paragraphs`).toBeGreaterThan(0);
      // At least half a line between two paragraphs (body text is 16 to 17 px).
      for (const gap of gaps) expect(gap, path).toBeGreaterThanOrEqual(8);
    }
  });
});

test.describe("an article to read", () => {
  test("its text is one centred column of 60 to 80 characters a line at 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    // The longest text of the demo content: articles written by other journeys may be one line long.
    const full = await get<{ url: string; txt_content: string }[]>(page, "/api/public/articles/full");
    const longest = full.reduce((a, b) => (b.txt_content.length > a.txt_content.length ? b : a));
    await page.goto(`/article/${longest.url}`);
    const measure = await page.locator("main .prose").evaluate((prose) => {
      const box = prose.getBoundingClientRect();
      const lines = [...prose.querySelectorAll("p")]
        .map((p) => {
          const lineHeight = parseFloat(getComputedStyle(p).lineHeight);
          const count = Math.round(p.getBoundingClientRect().height / lineHeight);
          // Whole lines only: the last line of a paragraph is usually short.
          return { count, chars: p.textContent!.replace(/\s+/g, " ").trim().length };
        })
        .filter((l) => l.count >= 3);
      const chars = lines.reduce((n, l) => n + l.chars, 0);
      const full = lines.reduce((n, l) => n + l.count - 0.5, 0);
      return { left: box.left, right: innerWidth - box.right, perLine: chars / full };
    });
    expect(Math.abs(measure.left - measure.right)).toBeLessThan(24);
    expect(measure.perLine).toBeGreaterThanOrEqual(60);
    expect(measure.perLine).toBeLessThanOrEqual(80);
  });

  test("ends with its authors' short bio and other articles on the same themes", async ({ page }) => {
    const list = await get<Summary[]>(page, "/api/public/articles");
    const article = list.find((a) => a.authors.length > 1) ?? list[0]!;
    await page.goto(`/article/${article.url}`);
    const authors = page.getByRole("region", { name: article.authors.length > 1 ? "Les auteurs" : "L’auteur" });
    for (const p of article.authors) {
      await expect(authors.getByRole("link", { name: `${p.firstname} ${p.name}` })).toHaveAttribute("href", `/user/${encodeURIComponent(p.nickname)}`);
    }
    const related = page.getByRole("region", { name: "À lire aussi" }).getByRole("heading", { level: 3 });
    const titles = (await related.allTextContents()).map((t) => t.trim());
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.length).toBeLessThanOrEqual(3);
    const themes = new Set(article.themes.map((t) => t.url));
    for (const title of titles) {
      const other = list.find((a) => fr(a.title) === title);
      expect(other, title).toBeTruthy();
      expect(other!._id).not.toBe(article._id);
      expect(other!.themes.some((t) => themes.has(t.url)), `${title} shares a theme`).toBe(true);
    }
  });
});

test.describe("« Vous êtes ici »", () => {
  test("article, event and media pages highlight their section of the navigation", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const [[article], [event], [media]] = await Promise.all([
      get<Summary[]>(page, "/api/public/articles"),
      get<Item[]>(page, "/api/public/events"),
      get<Item[]>(page, "/api/public/media"),
    ]);
    const nav = page.locator("[data-nav-list]");
    for (const [path, section] of [
      [`/article/${article!.url}`, "Articles"],
      [`/articles/${article!.themes[0]!.url}`, "Articles"],
      [`/event/${event!.url}`, "Events"],
      [`/media/${media!.url}`, "Médiathèque"],
      [`/mediatheque/${media!.type}`, "Médiathèque"],
    ] as const) {
      await page.goto(path);
      await expect(nav.locator(".in-section > a"), path).toHaveText([section]);
    }
  });
});
