import { expect, test } from "@playwright/test";
import { ADMIN, MEMBER, signIn } from "./support/apps";

/**
 * Issue 32 §1: every dialog of the apps opens with focus in its first field, not on « Fermer » (the browser's
 * choice): Ctrl+K then typing the link's address used to type nowhere, and a space pressed the close button.
 * Keyboard only, at 1280 and 375 px.
 */
for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 900 } });

    test("the article form, then Ctrl+K's link dialog, open with focus in their first field", async ({ page }) => {
      await signIn(page, MEMBER);
      await page.goto("/user/articles?new");
      const dialog = page.getByRole("dialog", { name: "Nouvel article" });
      await expect(dialog.getByLabel("Titre")).toBeFocused();
      await page.keyboard.type("Un titre tapé sans cliquer");
      await expect(dialog.getByLabel("Titre")).toHaveValue("Un titre tapé sans cliquer");

      const editor = dialog.getByRole("textbox", { name: "Contenu" });
      await editor.click();
      await page.keyboard.type("Voir ");
      await page.keyboard.press("Control+k");
      const link = page.getByRole("dialog", { name: "Insérer un lien" });
      await expect(link.getByLabel("Adresse du lien")).toBeFocused();
      // Typed straight away, spaces included: the dialog stays open and the field takes it all.
      await page.keyboard.type("https://www.fao.org/home/fr ");
      await expect(link).toBeVisible();
      await expect(link.getByLabel("Adresse du lien")).toHaveValue("https://www.fao.org/home/fr ");
      await page.keyboard.press("Tab");
      await page.keyboard.type("la FAO");
      await page.keyboard.press("Enter");
      await expect(link).toBeHidden();
      await expect(editor.getByRole("link", { name: "la FAO" })).toBeVisible();
    });

    test("a back-office form loading its item puts focus in its first field once it is there", async ({ page }) => {
      await signIn(page, ADMIN);
      await page.goto("/admin/themes");
      await page.locator("tbody tr").first().getByRole("button", { name: /^Modifier/ }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog.locator("input, select, textarea").first()).toBeFocused();
    });
  });
}
