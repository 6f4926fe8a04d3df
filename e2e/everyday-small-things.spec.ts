import { expect, test, type Locator } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, apiToken, appViolations, MEMBER, signIn } from "./support/apps";

/**
 * Issue 33 §4, small things that add up: the footer says the spec's copyright year; a picture uploaded from the editor's media
 * picker asks only the file and its alternative text, which also becomes the media's description. At 1280 px and
 * on a 375 px phone.
 */

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const toolbarButton = (dialog: Locator, name: string) => dialog.getByRole("toolbar", { name: "Mise en forme" }).getByRole("button", { name: new RegExp(`^${name} \\(`) });

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the footer gives the spec's copyright year", async ({ page }) => {
      await page.goto("/");
      const copyright = page.locator("footer.site-footer .copyright");
      // public-site.md: « Copyright year: 2025 »; the spec wins over issue 33 §4's « the current year ».
      await expect(copyright).toHaveText(/^© 2025 L.Institut\. Tous droits réservés\.$/);
      expect(await appViolations(page, "footer.site-footer")).toEqual([]);
    });

    test("a picture uploaded from the editor's picker asks only its file and alternative text", async ({ page, request }) => {
      test.setTimeout(90_000);
      const word = Date.now().toString(36);
      const alt = `Des filets de pêche séchant sur la plage ${word}`;
      await signIn(page, MEMBER);
      await page.goto("/user/articles");
      await page.getByRole("button", { name: "Nouvel Article" }).click();
      const dialog = page.getByRole("dialog", { name: "Nouvel article" });
      const editor = dialog.getByRole("textbox", { name: "Contenu" });
      await expect(editor).toBeVisible();
      await editor.click();
      await page.keyboard.type("Sur la plage de Yoff.");
      await page.keyboard.press("Enter");

      await (await toolbarButton(dialog, "Image de la médiathèque")).click();
      const picker = page.getByRole("dialog", { name: "Image de la médiathèque", exact: true });
      await picker.getByRole("button", { name: "Téléverser", exact: true }).click();
      const form = picker.locator("form.picker-upload");
      await expect(form.getByLabel("Fichier")).toBeVisible();
      await expect(form.getByLabel("Texte alternatif")).toBeVisible();
      // Nothing else to fill: no title, no description, no type.
      await expect(form.getByRole("textbox")).toHaveCount(1);
      await expect(form.getByRole("combobox")).toHaveCount(0);
      expect(await appViolations(page, "dialog.modal-xl[open]")).toEqual([]);

      const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 120, b: 150 } } }).png().toBuffer();
      await form.getByLabel("Fichier").setInputFiles({ name: `filets-${word}.png`, mimeType: "image/png", buffer: png });
      // The alternative text is required here as in the editor.
      await form.getByRole("button", { name: "Téléverser ce média" }).click();
      await expect(form.getByText("Le texte alternatif est obligatoire")).toBeVisible();
      expect(await appViolations(page, "dialog.modal-xl[open]")).toEqual([]);
      await form.getByLabel("Texte alternatif").fill(alt);
      const created = page.waitForResponse((r) => r.url().endsWith("/api/user/media") && r.request().method() === "POST");
      await form.getByRole("button", { name: "Téléverser ce média" }).click();
      const media = (await (await created).json()) as { _id: string; title: string; description: string };
      expect(media.description).toBe(alt);
      expect(media.title.toLowerCase()).toContain("filets");

      // The picker closes; the insertion comes with the text already typed: one press inserts it.
      await expect(picker).toBeHidden();
      const insert = page.getByRole("dialog", { name: "Insérer une image de la médiathèque" });
      await expect(insert.getByLabel("Texte alternatif")).toHaveValue(alt);
      expect(await appViolations(page)).toEqual([]);
      await insert.getByRole("button", { name: "Insérer l'image" }).click();
      await expect(editor.getByRole("img", { name: alt })).toBeVisible();

      await request.delete(`/api/admin/media/${media._id}`, { headers: bearer(await apiToken(request, ADMIN)) });
    });
  });
}
