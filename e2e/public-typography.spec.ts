import { expect, test } from "@playwright/test";
import { sitemapLocs } from "../site/src/lib/sitemap";
import { typographyFaults } from "../site/src/lib/typography-check";

/**
 * French typography over the built site (issue 13, item 2): every page of the sitemap, plus the pages kept out of
 * it, read as served, with no ordinary space before « ; : ! ? » », none after « « », no straight apostrophe in the
 * visible text. URLs, code, attribute values, scripts and styles are not text (site/src/lib/html-text.ts).
 */

test("no page of the built site has a French typography fault in its visible text", async ({ request }) => {
  test.setTimeout(120_000);
  const paths = (await sitemapLocs(async (path) => (await request.get(path)).text())).map((loc) => new URL(loc).pathname);
  expect(paths.length).toBeGreaterThan(50);
  paths.push("/login", "/recherche", "/auth/callback", "/page-qui-n-existe-pas");
  const faults: string[] = [];
  for (const path of paths) {
    const res = await request.get(path);
    expect([200, 404], path).toContain(res.status());
    for (const f of typographyFaults(await res.text())) faults.push(`${path}: ${f.rule} — « ${f.excerpt} »`);
  }
  expect(faults.slice(0, 30), `${faults.length} fault(s)`).toEqual([]);
});

test("typeset text still reads the same to assistive technology and keeps attribute values verbatim", async ({ page }) => {
  await page.goto("/");
  // The accessible name normalises the no-break space; the attribute keeps the author's text.
  const about = page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Qui Sommes Nous ?" });
  await expect(about.first()).toHaveText("Qui Sommes Nous\u202F?");
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", "L'Institut");
  await expect(page.locator(".brand-name")).toHaveText("L’Institut");
});
