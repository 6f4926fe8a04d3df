import { expect, test } from "@playwright/test";
import { MEMBER, signIn } from "./support/apps";

/**
 * « Aperçu » opens in a new tab (issue 31 §5): when it cannot show the article, the tab shows the site's French
 * page in the site's layout, never raw JSON.
 */
test("a preview that cannot be shown opens the site's French « Aperçu indisponible » page", async ({ page }) => {
  await signIn(page, MEMBER);
  const response = await page.goto("/api/user/articles/article-disparu/preview");
  expect(response?.status()).toBe(404);
  expect(response?.headers()["content-type"]).toContain("text/html");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle(/^Aperçu indisponible/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aperçu indisponible");
  await expect(page.locator("[data-preview-reason]")).not.toBeEmpty();
  await expect(page.getByText("Votre texte est bien enregistré.", { exact: false })).toBeVisible();
  // The site's layout: its header navigation and footer around the message.
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
});
