import { expect, test, type Page } from "@playwright/test";
import { ADMIN, apiToken, MEMBER, signIn } from "./support/apps";

/**
 * Drafts and autosave (issue 20 §2), at 1280 and 375 px: a member saves a new article as a draft, comes back to
 * it, types and sees it saved by itself; the reloaded form holds the text; offline, the text is kept on the
 * device and sent when the connection returns; then the member submits it and an admin finds it pending.
 */

const stamp = () => Date.now().toString(36);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SAVED = /Enregistré à \d{1,2}\u00a0h\u00a0\d{2}/;

/** The next autosave PUT of this article, with its answer. */
const nextSave = (page: Page, id: string) =>
  page.waitForResponse((r) => r.url().endsWith(`/api/user/articles/${id}`) && r.request().method() === "PUT");

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 900 } });

    test("a draft saves itself, survives a reload and a lost connection, then is submitted", async ({ page, request, context }) => {
      test.setTimeout(120_000);
      const title = `Brouillon du littoral ${width} ${stamp()}`;
      await signIn(page, MEMBER);
      await page.goto("/user/articles");
      await page.getByRole("button", { name: "Nouvel Article" }).click();
      let dialog = page.getByRole("dialog", { name: "Nouvel article" });
      await dialog.getByLabel("Titre").fill(title);
      let editor = dialog.getByRole("textbox", { name: "Contenu" });
      await editor.click();
      await page.keyboard.type("Premier jet du brouillon.");
      await dialog.getByRole("group", { name: /Thèmes/ }).getByRole("checkbox").first().check();
      // Kept on the device until the member saves it once: typing alone does not make an article.
      await expect(dialog.getByRole("status").filter({ hasText: "Enregistré sur cet appareil" })).toBeVisible();

      const created = page.waitForResponse((r) => r.url().endsWith("/api/user/articles") && r.request().method() === "POST");
      await dialog.getByRole("button", { name: "Enregistrer le brouillon" }).click();
      const article = (await (await created).json()) as { _id: string; draft: boolean; approved: boolean };
      expect(article).toMatchObject({ draft: true, approved: false });
      await expect(dialog.getByText(SAVED)).toBeVisible();

      // Back to it from its own address: the draft's buttons, and autosave as the member types.
      await page.goto(`/user/articles?edit=${article._id}`);
      dialog = page.getByRole("dialog", { name: "Modifier l'article" });
      editor = dialog.getByRole("textbox", { name: "Contenu" });
      await expect(editor).toContainText("Premier jet du brouillon.");
      await expect(dialog.getByRole("button", { name: "Soumettre pour publication" })).toBeVisible();
      await editor.click();
      await page.keyboard.press("Control+End");
      const autosaved = nextSave(page, article._id);
      await page.keyboard.type(" Suite tapée.");
      expect((await autosaved).status()).toBe(200);
      await expect(dialog.getByText(SAVED)).toBeVisible();

      // Saved: the reload asks nothing and the text is there.
      await page.reload();
      dialog = page.getByRole("dialog", { name: "Modifier l'article" });
      editor = dialog.getByRole("textbox", { name: "Contenu" });
      await expect(editor).toContainText("Suite tapée.");

      // Offline: kept on this device, then sent when the connection returns.
      await editor.click();
      await page.keyboard.press("Control+End");
      await context.setOffline(true);
      await page.keyboard.type(" Écrit hors ligne.");
      await expect(dialog.getByText("Hors connexion\u00a0: enregistré sur cet appareil")).toBeVisible();
      const stored = await page.evaluate((id) => localStorage.getItem(`article-draft:${id}`), article._id);
      expect(stored).toContain("Écrit hors ligne.");
      const resent = nextSave(page, article._id);
      await context.setOffline(false);
      expect((await resent).status()).toBe(200);
      await expect(dialog.getByText(SAVED)).toBeVisible();
      expect(await page.evaluate((id) => localStorage.getItem(`article-draft:${id}`), article._id)).toBeNull();

      // « Aperçu »: the saved draft as its public page will look, at a private address that is not indexed.
      const popup = page.waitForEvent("popup");
      await dialog.getByRole("link", { name: /^Aperçu/ }).click();
      const preview = await popup;
      await expect(preview.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(preview.locator(".article-page .prose")).toContainText("Écrit hors ligne.");
      await expect(preview.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
      // Not public yet: nothing to cite (no « Citer », no citation tags naming files that do not exist).
      await expect(preview.locator("details.cite-box")).toHaveCount(0);
      await expect(preview.locator('meta[name="citation_title"]')).toHaveCount(0);
      await preview.close();

      // Still a draft: the admins do not see it waiting.
      const admin = await apiToken(request, ADMIN);
      const pendingIds = async () =>
        ((await (await request.get("/api/admin/articles?page=1&status=pending", { headers: bearer(admin) })).json()).items as { _id: string }[]).map((a) => a._id);
      expect(await pendingIds()).not.toContain(article._id);

      await dialog.getByRole("button", { name: "Soumettre pour publication" }).click();
      await expect(page.getByRole("status").getByText("Article mis à jour avec succès.")).toBeVisible();
      expect(await pendingIds()).toContain(article._id);
      const seen = await (await request.get(`/api/admin/articles/${article._id}`, { headers: bearer(admin) })).json();
      expect(seen).toMatchObject({ draft: false, approved: false });
      expect(seen.txt_content).toContain("Écrit hors ligne.");
    });

    test("text typed in a tab closed before any save is offered back in the next form", async ({ page, context }) => {
      const title = `Texte rescapé ${width} ${stamp()}`;
      await signIn(page, MEMBER);
      await page.goto("/user/articles?new");
      const dialog = page.getByRole("dialog", { name: "Nouvel article" });
      await dialog.getByLabel("Titre").fill(title);
      await dialog.getByRole("textbox", { name: "Contenu" }).click();
      await page.keyboard.type("Une phrase à ne pas perdre.");
      await expect(dialog.getByRole("status").filter({ hasText: "Enregistré sur cet appareil" })).toBeVisible();

      // Another tab of the same browser, the first one gone.
      const next = await context.newPage();
      await page.close({ runBeforeUnload: false });
      await next.goto("/user/articles?new");
      const again = next.getByRole("dialog", { name: "Nouvel article" });
      await again.getByRole("button", { name: "Restaurer la version non enregistrée" }).click();
      await expect(again.getByLabel("Titre")).toHaveValue(title);
      await expect(again.getByRole("textbox", { name: "Contenu" })).toContainText("Une phrase à ne pas perdre.");
    });
  });
}
