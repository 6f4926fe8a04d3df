import { expect, test } from "@playwright/test";
import { islandsHydrated } from "./support/apps";

/**
 * The login page (issue 13, item 3): styled like the rest of the site, errors in an alert under the form, Google
 * offered because this server has it configured (site/src/lib/sign-in-options.test.ts covers a server without).
 */

for (const width of [1280, 375]) {
  test(`at ${width} px the fields, « ou » and the Google button stand apart, and an error is an alert under the form`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/login");
    const form = page.locator("form.login-form");
    const parts = [
      page.getByLabel("Identifiant"),
      page.getByLabel("Mot de passe"),
      page.getByRole("button", { name: "Se connecter", exact: true }),
      form.locator(".login-or"),
      page.getByRole("button", { name: "Connexion avec Google" }),
    ];
    const boxes = [];
    for (const p of parts) boxes.push((await p.boundingBox())!);
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i]!.y - (boxes[i - 1]!.y + boxes[i - 1]!.height), `gap before part ${i}`).toBeGreaterThanOrEqual(8);
    }
    // The form sits in the page, not across it.
    const card = (await page.locator(".auth-card").boundingBox())!;
    expect(card.width).toBeLessThanOrEqual(Math.min(width, 480));

    // A click before the island hydrates reaches no handler.
    await islandsHydrated(page);
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    const alert = form.getByRole("alert");
    await expect(alert).toHaveText("Veuillez remplir tous les champs");
    const box = (await alert.boundingBox())!;
    expect(box.y).toBeGreaterThan(boxes.at(-1)!.y);
    expect(await alert.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe("rgba(0, 0, 0, 0)");
  });
}

test.describe("before the form's script runs", () => {
  test.use({ javaScriptEnabled: false });

  test("the prerendered form cannot send the password in the address", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Se connecter", exact: true })).toBeDisabled();
    await expect(page.locator("form.login-form")).toHaveAttribute("method", "post");
  });
});
