import { expect, test, type Page } from "@playwright/test";
import { ADMIN, apiToken, articleSubmitted, MEMBER, signIn } from "./support/apps";

/**
 * Drafts and autosave (issue 20 §2, issue 32), at 1280 and 375 px: a member types a new article and, with no button
 * pressed, it is on the server at the first pause (another browser sees it in « Mes articles »); they come back to
 * it, type and see it saved by itself; the reloaded form holds the text; offline, the text is kept on the device
 * and sent when the connection returns; a draft without a theme saves, and its submission names the missing
 * theme; then the member submits it and an admin finds it pending. A draft past 10 000 characters saves too.
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

    test("a draft saves itself, survives a reload and a lost connection, then is submitted", async ({ page, request, context, browser }) => {
      test.setTimeout(120_000);
      const title = `Brouillon du littoral ${width} ${stamp()}`;
      await signIn(page, MEMBER);
      await page.goto("/user/articles");
      await page.getByRole("button", { name: "Nouvel Article" }).click();
      let dialog = page.getByRole("dialog", { name: "Nouvel article" });
      // No theme yet, no button pressed: the first pause in typing creates the draft on the server.
      const created = page.waitForResponse((r) => r.url().endsWith("/api/user/articles") && r.request().method() === "POST");
      await dialog.getByLabel("Titre").fill(title);
      let editor = dialog.getByRole("textbox", { name: "Contenu" });
      await editor.click();
      await page.keyboard.type("Premier jet du brouillon.");
      const article = (await (await created).json()) as { _id: string; draft: boolean; approved: boolean; themes: unknown[] };
      expect(article).toMatchObject({ draft: true, approved: false, themes: [] });
      await expect(dialog.getByText(SAVED)).toBeVisible();

      // Another browser (another device) signed in as the same member sees it in « Mes articles », as « Brouillon ».
      const other = await browser.newContext({ viewport: { width, height: 900 } });
      try {
        const otherPage = await other.newPage();
        await signIn(otherPage, MEMBER);
        await otherPage.goto("/user/articles");
        const row = otherPage.getByRole("row").filter({ has: otherPage.getByRole("link", { name: title }) });
        await expect(row.getByText("Brouillon", { exact: true })).toBeVisible();
      } finally {
        await other.close();
      }

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
      // Never published: the date line says so instead of « Publié le ».
      await expect(preview.locator(".article-page .meta")).toContainText("Aperçu — non publié");
      await expect(preview.locator(".article-page .meta")).not.toContainText("Publié le");
      await preview.close();

      // Still a draft: the admins do not see it waiting.
      const admin = await apiToken(request, ADMIN);
      const pendingIds = async () =>
        ((await (await request.get("/api/admin/articles?page=1&status=pending", { headers: bearer(admin) })).json()).items as { _id: string }[]).map((a) => a._id);
      expect(await pendingIds()).not.toContain(article._id);

      // Submission names the rule that blocks it, with the spec's message, and sends nothing.
      await dialog.getByRole("button", { name: "Soumettre pour publication" }).click();
      await expect(dialog.getByText("Au moins un thème doit être sélectionné")).toBeVisible();
      expect(await pendingIds()).not.toContain(article._id);

      await dialog.getByRole("group", { name: /Thèmes/ }).getByRole("checkbox").first().check();
      const submitted = articleSubmitted(page);
      await dialog.getByRole("button", { name: "Soumettre pour publication" }).click();
      expect((await submitted).status()).toBe(200);
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
      // The form and its editor loaded first; then offline, nothing reaches the server: the text stays on this device.
      await expect(dialog.getByRole("textbox", { name: "Contenu" })).toBeVisible();
      await expect(dialog.getByRole("group", { name: /Thèmes/ }).getByRole("checkbox").first()).toBeVisible();
      await context.setOffline(true);
      await dialog.getByLabel("Titre").fill(title);
      await dialog.getByRole("textbox", { name: "Contenu" }).click();
      await page.keyboard.type("Une phrase à ne pas perdre.");
      await expect(dialog.getByText("Hors connexion\u00a0: enregistré sur cet appareil")).toBeVisible();

      // Another tab of the same browser, the first one gone.
      const next = await context.newPage();
      await page.close({ runBeforeUnload: false });
      await context.setOffline(false);
      await next.goto("/user/articles?new");
      const again = next.getByRole("dialog", { name: "Nouvel article" });
      await again.getByRole("button", { name: "Restaurer la version non enregistrée" }).click();
      await expect(again.getByLabel("Titre")).toHaveValue(title);
      await expect(again.getByRole("textbox", { name: "Contenu" })).toContainText("Une phrase à ne pas perdre.");
    });

    test("an edit of a published article saves itself into its pending edit, and « Aperçu » shows it unpublished", async ({ page, request }) => {
      test.setTimeout(90_000);
      const title = `Publié puis revu ${width} ${stamp()}`;
      const member = await apiToken(request, MEMBER);
      const admin = await apiToken(request, ADMIN);
      const themes = (await (await request.get("/api/user/themes", { headers: bearer(member) })).json()) as { _id: string }[];
      const res = await request.post("/api/user/articles", { headers: bearer(member), data: { title, txt_content: "Le texte publié.", themes: [themes[0]!._id] } });
      const article = (await res.json()) as { _id: string; url: string };
      expect((await request.put(`/api/admin/articles/${article._id}/approve`, { headers: bearer(admin), data: { approved: true } })).status()).toBe(200);

      await signIn(page, MEMBER);
      await page.goto(`/user/articles?edit=${article._id}`);
      const dialog = page.getByRole("dialog", { name: "Modifier l'article" });
      const editor = dialog.getByRole("textbox", { name: "Contenu" });
      await expect(editor).toContainText("Le texte publié.");
      await editor.click();
      await page.keyboard.press("Control+End");
      const autosaved = nextSave(page, article._id);
      await page.keyboard.type(" Une suite en cours.");
      const saved = await autosaved;
      expect(saved.status()).toBe(200);
      expect(saved.request().postData()).toContain('"draft":true');
      expect(await saved.json()).toMatchObject({ approved: true, pendingEdit: true });
      await expect(dialog.getByText(SAVED)).toBeVisible();
      // The public reads the approved text meanwhile.
      const shown = (await (await request.get(`/api/public/article/${article.url}`)).json()) as { txt_content: string };
      expect(shown.txt_content).toBe("Le texte publié.");

      const popup = page.waitForEvent("popup");
      await dialog.getByRole("link", { name: /^Aperçu/ }).click();
      const preview = await popup;
      await expect(preview.locator(".article-page .prose")).toContainText("Une suite en cours.");
      await expect(preview.locator(".article-page .meta")).toContainText("Aperçu — non publié");
      await preview.close();
    });

    test("a draft past the length limit saves, and its submission names the limit", async ({ page }) => {
      test.setTimeout(90_000);
      const title = `Long papier ${width} ${stamp()}`;
      const sentence = "La politique halieutique doit concilier la pêche artisanale et la haute mer. ";
      const text = sentence.repeat(Math.ceil(10_700 / sentence.length)).slice(0, 10_700).trim();
      await signIn(page, MEMBER);
      await page.goto("/user/articles?new");
      const dialog = page.getByRole("dialog", { name: "Nouvel article" });
      await dialog.getByLabel("Titre").fill(title);
      await dialog.getByRole("group", { name: /Thèmes/ }).getByRole("checkbox").first().check();
      const created = page.waitForResponse((r) => r.url().endsWith("/api/user/articles") && r.request().method() === "POST");
      await dialog.getByRole("textbox", { name: "Contenu" }).click();
      await page.keyboard.insertText(text);
      const saved = (await (await created).json()) as { _id: string; draft: boolean };
      expect(saved.draft).toBe(true);
      // The first pause may come after the title alone: the whole text is on the server then or at the next save.
      const stored = async () => ((await (await page.request.get(`/api/user/articles/${saved._id}`)).json()) as { txt_content: string }).txt_content.length;
      await expect.poll(stored, { timeout: 30_000 }).toBe(text.length);
      // The count near the limit, and why the draft cannot be submitted yet.
      await expect(dialog.getByText(/10 \d{3} \/ 10 000 caractères\. \d+ de trop pour soumettre l'article/)).toBeVisible();

      await dialog.getByRole("button", { name: "Soumettre pour publication" }).click();
      await expect(dialog.getByText("Le contenu est trop long (max 10 000 caractères)")).toBeVisible();
      await expect(dialog).toBeVisible();
    });
  });
}
