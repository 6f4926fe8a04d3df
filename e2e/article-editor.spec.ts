import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, apiToken, appViolations, MEMBER, signIn, articleSubmitted } from "./support/apps";

/**
 * The article body editor (issue 20 §1), at 1280 and 375 px: written with the toolbar and with Markdown-style
 * shortcuts, a rich paste from a word processor, a picture dropped into the text (upload with progress, required
 * alternative text), an embed, a link checked by its dialog and a link to a media of the library; saved, approved
 * by an admin, and shown with its formatting on the public page. A picture of the media library, from its picker,
 * with its required alternative text, shown with its variants on the public page. Also: the toolbar by keyboard,
 * and axe.
 */

const stamp = () => Date.now().toString(36);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Word-style clipboard HTML: styles, classes, Office tags, a list written as paragraphs, a tracking pixel, a script. */
const WORD_PASTE = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{font-family:Calibri}</style></head><body>
<!--StartFragment--><h1 style="mso-style-name:'Titre 1'"><span style="font-family:'Calibri Light'">Collé depuis Word<o:p></o:p></span></h1>
<p class=MsoNormal style="color:#1F3864"><span style="font-size:12pt">Texte <b>appuyé</b> et <i>nuancé</i>.<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style="mso-list:l0 level1 lfo1"><![if !supportLists]><span style="mso-list:Ignore">·<span>&nbsp;</span></span><![endif]>Élément collé<o:p></o:p></p>
<img width=1 height=1 src="https://tracker.example/p.gif"><script>window.pasted = 1</script><!--EndFragment--></body></html>`;

async function toolbarButton(dialog: Locator, name: string) {
  return dialog.getByRole("toolbar", { name: "Mise en forme" }).getByRole("button", { name: new RegExp(`^${name} \\(`) });
}

/** A PNG made here, dropped into the editor through a DataTransfer built in the page. */
async function dropPicture(page: Page, editor: Locator) {
  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 170, b: 110 } } }).png().toBuffer();
  const dataTransfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], "dune.png", { type: "image/png" }));
    return dt;
  }, png.toString("base64"));
  // Where a mouse would let go: on the last (empty) paragraph (ProseMirror places the drop from the pointer).
  const last = editor.locator("p").last();
  await last.scrollIntoViewIfNeeded();
  const box = (await last.boundingBox())!;
  await editor.dispatchEvent("drop", { dataTransfer, clientX: box.x + 5, clientY: box.y + box.height / 2 });
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 900 } });

    test("a member writes a formatted article in the editor and the public page shows the formatting", async ({ page, request }) => {
      test.setTimeout(180_000);
      const title = `Littoral en mouvement ${width} ${stamp()}`;
      const admin = await apiToken(request, ADMIN);
      const media = ((await (await request.get("/api/public/media")).json()) as { title: string; url: string; type: string }[]).find(
        (m) => m.type !== "audio" && m.type !== "video",
      )!;

      await signIn(page, MEMBER);
      await page.goto("/user/articles");
      await page.getByRole("button", { name: "Nouvel Article" }).click();
      const dialog = page.getByRole("dialog", { name: "Nouvel article" });
      const editor = dialog.getByRole("textbox", { name: "Contenu" });
      await expect(editor).toBeVisible();
      await expect(dialog.getByRole("toolbar", { name: "Mise en forme" })).toBeVisible();
      await dialog.getByLabel("Titre").fill(title);

      // With the toolbar.
      await editor.click();
      await (await toolbarButton(dialog, "Titre de niveau 2")).click();
      await expect(await toolbarButton(dialog, "Titre de niveau 2")).toHaveAttribute("aria-pressed", "true");
      await page.keyboard.type("Un rivage qui recule");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Les dunes ");
      await (await toolbarButton(dialog, "Gras")).click();
      await page.keyboard.type("avancent");
      await (await toolbarButton(dialog, "Gras")).click();
      await page.keyboard.type(" et la mer ");
      await (await toolbarButton(dialog, "Italique")).click();
      await page.keyboard.type("gagne");
      await (await toolbarButton(dialog, "Italique")).click();
      await page.keyboard.type(". Voir ");

      // A link: its dialog refuses a script address in French, then takes a real one.
      await page.keyboard.press("Control+k");
      const linkDialog = page.getByRole("dialog", { name: "Insérer un lien" });
      await linkDialog.getByLabel("Adresse du lien").fill("javascript:alert(1)");
      await linkDialog.getByLabel("Texte du lien").fill("la FAO");
      await linkDialog.getByRole("button", { name: "Appliquer" }).click();
      await expect(linkDialog.getByText("Adresse invalide : elle doit commencer par http://, https:// ou mailto:.")).toBeVisible();
      await linkDialog.getByLabel("Adresse du lien").fill("https://www.fao.org/home/fr");
      await linkDialog.getByRole("button", { name: "Appliquer" }).click();
      await expect(linkDialog).toBeHidden();
      await expect(editor).toBeFocused();
      await page.keyboard.press("End");
      await page.keyboard.type(".");
      await page.keyboard.press("Enter");
      await (await toolbarButton(dialog, "Liste à puces")).click();
      await page.keyboard.type("Premier constat");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");

      // With Markdown-style shortcuts.
      await page.keyboard.type("### Ce que nous proposons");
      await page.keyboard.press("Enter");
      await page.keyboard.type("1. Protéger les mangroves");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await page.keyboard.type("- Planter des filaos");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await page.keyboard.type("> La mer ne ment pas.");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await page.keyboard.type("Un **engagement** et une *urgence* ");
      await expect(editor.locator("h3")).toHaveText("Ce que nous proposons");
      await expect(editor.locator("strong", { hasText: "engagement" })).toBeVisible();
      await expect(editor.locator("em", { hasText: "urgence" })).toBeVisible();

      // A rich paste from a word processor: headings, emphasis and lists stay; styles, pixels and scripts go.
      await page.keyboard.press("Enter");
      await editor.evaluate((el, html) => {
        const data = new DataTransfer();
        data.setData("text/html", html);
        data.setData("text/plain", "Collé depuis Word");
        el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      }, WORD_PASTE);
      await expect(editor.locator("h2", { hasText: "Collé depuis Word" })).toBeVisible();
      await expect(editor.locator("li", { hasText: "Élément collé" })).toBeVisible();
      // ProseMirror's own markers (a trailing break, a cursor separator) aside.
      const pasteLeftovers = "[style], [class]:not([class^='ProseMirror']):not(.embed), img:not(.ProseMirror-separator), script";
      expect(await editor.evaluate((el, sel) => el.querySelectorAll(sel).length, pasteLeftovers)).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { pasted?: number }).pasted)).toBeUndefined();

      // A picture dropped into the text: uploaded with its progress, inserted only with an alternative text.
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      await dropPicture(page, editor);
      const pictureDialog = page.getByRole("dialog", { name: "Insérer une image" });
      await expect(pictureDialog).toBeVisible();
      await expect(pictureDialog.getByText("Image envoyée.")).toBeVisible();
      await pictureDialog.getByRole("button", { name: "Insérer l'image" }).click();
      await expect(pictureDialog.getByText("Le texte alternatif est obligatoire : décrivez l'image pour qui ne la voit pas.")).toBeVisible();
      await pictureDialog.getByLabel("Texte alternatif").fill("La dune de Lompoul au matin");
      await pictureDialog.getByRole("button", { name: "Insérer l'image" }).click();
      await expect(pictureDialog).toBeHidden();
      await expect(editor.getByRole("img", { name: "La dune de Lompoul au matin" })).toBeVisible();

      // An embedded video and a link to a media of the library, from the toolbar.
      await page.keyboard.press("Control+End");
      await (await toolbarButton(dialog, "Vidéo ou son")).click();
      const embedDialog = page.getByRole("dialog", { name: "Intégrer une vidéo ou un son" });
      await embedDialog.getByLabel("Adresse de la vidéo ou du son").fill("https://example.org/film");
      await embedDialog.getByRole("button", { name: "Intégrer" }).click();
      await expect(embedDialog.getByText(/^Adresse non reconnue/)).toBeVisible();
      await embedDialog.getByLabel("Adresse de la vidéo ou du son").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
      await embedDialog.getByLabel("Titre").fill("Entretien sur le littoral");
      await embedDialog.getByRole("button", { name: "Intégrer" }).click();
      await expect(embedDialog).toBeHidden();
      await page.keyboard.press("Control+End");
      await page.keyboard.type("Lire aussi : ");
      await (await toolbarButton(dialog, "Lien vers un média")).click();
      // The library's picker (one media), searched by the server.
      const mediaDialog = page.getByRole("dialog", { name: "Lien vers un média" });
      await expect(mediaDialog.getByRole("button", { name: "Insérer le lien" })).toBeDisabled();
      await mediaDialog.getByLabel("Rechercher un média").fill(media.title);
      await mediaDialog.getByRole("list", { name: "Médiathèque" }).getByRole("radio", { name: new RegExp(escapeRegExp(media.title)) }).first().check();
      await expect(mediaDialog.getByText("1 média choisi")).toBeVisible();
      await mediaDialog.getByRole("button", { name: "Insérer le lien" }).click();
      await expect(mediaDialog).toBeHidden();
      await expect(editor.getByRole("link", { name: media.title })).toBeVisible();

      await expect.soft(page.locator("dialog[open]")).toHaveCount(1);
      expect(await appViolations(page, "dialog[open]")).toEqual([]);
      // Usable at this width: nothing wider than the dialog.
      expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth + 1)).toBe(true);

      await dialog.getByRole("group", { name: /Thèmes/ }).getByRole("checkbox").first().check();
      const created = articleSubmitted(page);
      await dialog.getByRole("button", { name: "Soumettre pour publication" }).click();
      const article = (await (await created).json()) as { _id: string; url: string; html_content: string };
      await expect(dialog).toBeHidden();
      const html = article.html_content;
      for (const part of [
        "<h2>Un rivage qui recule</h2>",
        "<strong>avancent</strong>",
        "<em>gagne</em>",
        '<a href="https://www.fao.org/home/fr" rel="noopener noreferrer nofollow" target="_blank">la FAO</a>',
        "<ul><li>Premier constat</li></ul>",
        "<h3>Ce que nous proposons</h3>",
        "<ol><li>Protéger les mangroves</li></ol>",
        "<blockquote><p>La mer ne ment pas.</p></blockquote>",
        "<strong>engagement</strong>",
        "<em>urgence</em>",
        "<h2>Collé depuis Word</h2>",
        'alt="La dune de Lompoul au matin"',
        '<figure class="embed"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"',
      ]) {
        expect(html, part).toContain(part);
      }
      expect(html).toMatch(/<img src="\/uploads\/body_pics\/[0-9a-f]{24}\.jpg"/);
      expect(html).not.toMatch(/style=|class="Mso|tracker|<script/);

      // Approved by an admin: the public page shows the formatting, the player as its facade, the picture.
      for (const [flag, body] of [["approve", { approved: true }], ["online", { online: true }]] as const) {
        expect((await request.put(`/api/admin/articles/${article._id}/${flag}`, { headers: bearer(admin), data: body })).status()).toBe(200);
      }
      await expect(async () => {
        const res = await page.goto(`/article/${article.url}`);
        expect(res?.status()).toBe(200);
      }).toPass({ timeout: 90_000, intervals: [1_000, 2_000] });
      const body = page.locator(".html-content");
      await expect(body.getByRole("heading", { level: 2, name: "Un rivage qui recule" })).toBeVisible();
      await expect(body.getByRole("heading", { level: 3, name: "Ce que nous proposons" })).toBeVisible();
      await expect(body.locator("strong", { hasText: "avancent" })).toBeVisible();
      await expect(body.getByRole("link", { name: "la FAO" })).toHaveAttribute("href", "https://www.fao.org/home/fr");
      const facade = body.getByRole("button", { name: /Lire la vidéo\s:\sEntretien sur le littoral/ });
      await expect(facade).toBeVisible();
      expect(await page.locator("iframe").count()).toBe(0);
      const picture = body.getByRole("img", { name: "La dune de Lompoul au matin" });
      await picture.scrollIntoViewIfNeeded();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-(640|1280)\.(avif|webp)$/);
      await expect(body.getByRole("link", { name: media.title })).toHaveAttribute("href", new RegExp(`/${encodeURIComponent(media.url)}$`));
      // The player exists only after the reader's click (the site's facade script runs on this page too).
      await facade.click();
      await expect(body.locator("iframe")).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0");
    });

    test("a member inserts a picture of the media library with its alternative text, and the public page shows it", async ({ page, request }) => {
      test.setTimeout(180_000);
      const word = stamp();
      const admin = await apiToken(request, ADMIN);
      const member = await apiToken(request, MEMBER);
      // The member's own image in the library (pending: the picker offers it; the public page needs it approved).
      const png = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: { r: 40, g: 110, b: 160 } } }).png().toBuffer();
      const up = await request.post("/api/user/media", {
        headers: bearer(member),
        multipart: { title: `Port de pêche ${word}`, type: "image", description: "Une image du test.", file: { name: "port.png", mimeType: "image/png", buffer: png } },
      });
      expect(up.ok(), await up.text()).toBe(true);
      const image = (await up.json()) as { _id: string; title: string; path: string };
      expect(image.path).toMatch(/^\/uploads\/media\//);

      await signIn(page, MEMBER);
      await page.goto("/user/articles");
      await page.getByRole("button", { name: "Nouvel Article" }).click();
      const dialog = page.getByRole("dialog", { name: "Nouvel article" });
      const editor = dialog.getByRole("textbox", { name: "Contenu" });
      await expect(editor).toBeVisible();
      await dialog.getByLabel("Titre").fill(`Le port ${width} ${word}`);
      await editor.click();
      await page.keyboard.type("Au petit matin, les pirogues rentrent.");
      await page.keyboard.press("Enter");

      // The library's picker, images only, one choice; axe on it.
      await (await toolbarButton(dialog, "Image de la médiathèque")).click();
      const picker = page.getByRole("dialog", { name: "Image de la médiathèque", exact: true });
      await expect(picker).toBeVisible();
      await expect(picker.getByLabel("Type")).toHaveCount(0);
      await picker.getByLabel("Rechercher un média").fill(image.title);
      const card = picker.getByRole("list", { name: "Médiathèque" }).getByRole("radio", { name: new RegExp(image.title) });
      await expect(card).toHaveCount(1);
      expect(await appViolations(page, "dialog.modal-xl[open]"), "picker from the editor").toEqual([]);
      // Still waiting for approval: its card says readers cannot see it yet.
      await expect(card).toHaveAccessibleName(/Pas encore publié/);
      await card.check();
      await picker.getByRole("button", { name: "Choisir cette image" }).click();
      await expect(picker).toBeHidden();

      // Its alternative text is required.
      const alt = page.getByRole("dialog", { name: "Insérer une image de la médiathèque" });
      // The image still waits for approval: the writer is told readers will not see it until then.
      await expect(alt.getByRole("note")).toHaveText("Cette image n'est pas encore publiée\u00a0: les lecteurs ne la verront qu'une fois validée et en ligne.");
      await alt.getByRole("button", { name: "Insérer l'image" }).click();
      await expect(alt.getByText("Le texte alternatif est obligatoire\u00a0: décrivez l'image pour qui ne la voit pas.")).toBeVisible();
      await alt.getByLabel("Texte alternatif").fill("Des pirogues colorées au port de Saint-Louis");
      await alt.getByRole("button", { name: "Insérer l'image" }).click();
      await expect(alt).toBeHidden();
      await expect(editor.getByRole("img", { name: "Des pirogues colorées au port de Saint-Louis" })).toBeVisible();
      await expect(editor).toBeFocused();

      await dialog.getByRole("group", { name: /Thèmes/ }).getByRole("checkbox").first().check();
      const created = articleSubmitted(page);
      await dialog.getByRole("button", { name: "Soumettre pour publication" }).click();
      const article = (await (await created).json()) as { _id: string; url: string; html_content: string };
      await expect(dialog).toBeHidden();
      expect(article.html_content).toContain(`<img src="${image.path}" alt="Des pirogues colorées au port de Saint-Louis" width="1500" height="1000" />`);

      // Approved and online, the image and the article: the public page shows the picture with its variants.
      for (const path of [`/api/admin/media/${image._id}`, `/api/admin/articles/${article._id}`]) {
        for (const [flag, body] of [["approve", { approved: true }], ["online", { online: true }]] as const) {
          expect((await request.put(`${path}/${flag}`, { headers: bearer(admin), data: body })).status()).toBe(200);
        }
      }
      await expect(async () => {
        const res = await page.goto(`/article/${article.url}`);
        expect(res?.status()).toBe(200);
      }).toPass({ timeout: 90_000, intervals: [1_000, 2_000] });
      const picture = page.locator(".html-content").getByRole("img", { name: "Des pirogues colorées au port de Saint-Louis" });
      await picture.scrollIntoViewIfNeeded();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/uploads\/media\/[^/]+-(640|1200)\.(avif|webp)$/);
    });

    test("the toolbar is one tab stop, walked with the arrow keys", async ({ page }) => {
      await signIn(page, MEMBER);
      await page.goto("/user/articles");
      await page.getByRole("button", { name: "Nouvel Article" }).click();
      const dialog = page.getByRole("dialog", { name: "Nouvel article" });
      const editor = dialog.getByRole("textbox", { name: "Contenu" });
      const toolbar = dialog.getByRole("toolbar", { name: "Mise en forme" });
      await expect(editor).toBeVisible();
      const buttons = toolbar.getByRole("button");
      // Issue 32 §1 added « Tableau », « Note de bas de page », « Encadré » and « Fichier PDF » (also in the « / » menu).
      await expect(buttons).toHaveCount(16);
      await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);
      const names = await buttons.evaluateAll((bs) => bs.map((b) => b.textContent ?? ""));
      for (const name of names.filter((n) => !/^(Tableau|Encadré|Fichier PDF)$/.test(n))) {
        expect(name).toMatch(/\((Ctrl|Cmd)\+[^)]+\)$/);
      }

      await editor.click();
      await page.keyboard.press("Shift+Tab");
      await expect(buttons.first()).toBeFocused();
      await expect(buttons.first()).toHaveAccessibleName("Titre de niveau 2 (Ctrl+Alt+2)");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await expect(buttons.nth(2)).toHaveAccessibleName("Gras (Ctrl+B)");
      await expect(buttons.nth(2)).toBeFocused();
      await page.keyboard.press("ArrowLeft");
      await expect(buttons.nth(1)).toBeFocused();
      await page.keyboard.press("End");
      await expect(buttons.last()).toBeFocused();
      await page.keyboard.press("ArrowRight");
      await expect(buttons.first()).toBeFocused();
      await page.keyboard.press("Home");
      await page.keyboard.press("ArrowRight");
      // The roving stop follows: leaving and coming back lands on the last button used.
      await page.keyboard.press("Tab");
      await expect(editor).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(buttons.nth(1)).toBeFocused();
      // Pressing a toggle by keyboard formats and says so.
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Enter");
      await expect(buttons.nth(2)).toHaveAttribute("aria-pressed", "true");
      await expect(toolbar).toBeInViewport();
      expect(await toolbar.evaluate((t) => t.scrollWidth <= t.clientWidth + 1)).toBe(true);
      expect(await appViolations(page, "dialog[open]")).toEqual([]);
    });
  });
}
