import { expect, test } from "@playwright/test";
import { ADMIN, signIn } from "./support/apps";

/**
 * Issue 19 §3.13 for every back-office list: at 1280 px each table fits beside the navigation, so the toggles and
 * the row's actions are in view without scrolling the table sideways (the selection column of the bulk actions
 * had pushed /admin/articles 61 px and /admin/events 148 px past the edge).
 */
test.use({ viewport: { width: 1280, height: 900 } });

const LISTS = ["/admin/articles", "/admin/media", "/admin/events", "/admin/contact", "/admin/users", "/admin/themes", "/user/articles", "/user/media"];

test("every back-office and member list fits at 1280 px without a sideways scroll", async ({ page }) => {
  await signIn(page, ADMIN);
  for (const path of LISTS) {
    await page.goto(path);
    await expect(page.locator("table tbody tr").first(), path).toBeVisible();
    const overflow = await page.evaluate(() => [...document.querySelectorAll("table")].map((t) => t.scrollWidth - t.parentElement!.clientWidth));
    for (const extra of overflow) expect(extra, `${path}: the table is ${extra} px wider than its box`).toBeLessThanOrEqual(1);
  }
});
