import { expect, test, type Locator, type Page } from "@playwright/test";
import { ADMIN, apiToken, appViolations, articleSubmitted, MEMBER, signIn } from "./support/apps";
import { vnuProblems } from "./support/vnu";

/**
 * A policy paper in the editor (issue 32 §1), at 1280 px with the mouse and at 375 px with the keyboard only: a
 * table pasted from a Word document, two footnotes, an « Encadré » inserted from the « / » menu, a YouTube address
 * pasted on its own line (a player), a PDF of the media library as a file card. « Aperçu » and the public page
 * (after approval and rebuild) render the same article body; the public page passes axe and the Nu HTML Checker,
 * its table scrolls inside its own box on a phone, and its notes link both ways.
 */

const stamp = () => Date.now().toString(36);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const SAVED = /Enregistré à \d{1,2}\u00a0h\u00a0\d{2}/;
const YOUTUBE = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

/** Word's clipboard HTML for a five-column table, wide enough to need scrolling on a phone. */
const WORD_TABLE = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>td{mso-cell-special:x}</style></head><body><!--StartFragment-->
<table class=MsoTableGrid border=1 cellspacing=0 cellpadding=0 style='border-collapse:collapse;mso-yfti-tbllook:1184'>
<tr style='mso-yfti-firstrow:yes'>${["Région", "Pirogues immatriculées", "Captures annuelles (tonnes)", "Emplois directs", "Part des exportations"].map((h) => `<td width=120 valign=top style='width:90pt'><p class=MsoNormal><b>${h}<o:p></o:p></b></p></td>`).join("")}</tr>
<tr>${["Saint-Louis", "4 210", "112 000", "18 500", "21 %"].map((c) => `<td width=120 valign=top><p class=MsoNormal>${c}<o:p></o:p></p></td>`).join("")}</tr>
<tr>${["Thiès", "5 980", "164 000", "26 300", "34 %"].map((c) => `<td width=120 valign=top><p class=MsoNormal><span style='color:#1F3864'>${c}</span><o:p></o:p></p></td>`).join("")}</tr>
</table>
<p class=MsoNormal>Source : direction des pêches maritimes.<o:p></o:p></p><!--EndFragment--></body></html>`;

async function paste(target: Locator, data: Record<string, string>) {
  await target.evaluate((el, entries) => {
    const dt = new DataTransfer();
    for (const [type, value] of Object.entries(entries)) dt.setData(type, value);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
  }, data);
}

/** Keyboard only: Tab (forwards) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

for (const width of [1280, 375]) {
  const keyboard = width === 375;
  test.describe(`at ${width} px${keyboard ? ", keyboard only" : ""}`, () => {
    test.use({ viewport: { width, height: keyboard ? 740 : 900 } });

    test("a paper with a pasted table, footnotes, a callout, a pasted player and a PDF reads the same in « Aperçu » and on the public page", async ({ page, request }) => {
      test.setTimeout(240_000);
      const title = `Pêche artisanale ${width} ${stamp()}`;
      const admin = await apiToken(request, ADMIN);
      const press = (key: string) => page.keyboard.press(key);
      const act = async (target: Locator, how: "click" | "check" = "click") => {
        if (!keyboard) return how === "check" ? target.check() : target.click();
        await tabTo(page, target);
        await press(how === "check" ? "Space" : "Enter");
      };

      await signIn(page, MEMBER);
      await page.goto("/user/articles");
      await act(page.getByRole("button", { name: "Nouvel Article" }));
      const dialog = page.getByRole("dialog", { name: "Nouvel article" });
      const editor = dialog.locator(".body-editor-text");
      await expect(editor).toBeVisible();
      if (keyboard) {
        await expect(dialog.getByLabel("Titre")).toBeFocused();
        await page.keyboard.type(title);
      } else {
        await dialog.getByLabel("Titre").fill(title);
      }
      await act(dialog.getByRole("group", { name: /Thèmes/ }).getByRole("checkbox").first(), "check");
      if (keyboard) {
        await tabTo(page, editor);
        await expect(editor).toBeFocused();
      } else {
        await editor.click();
      }

      // A first note, at the cursor.
      const note = async (text: string) => {
        if (keyboard) await press("Control+Shift+F");
        else await dialog.getByRole("toolbar", { name: "Mise en forme" }).getByRole("button", { name: /^Note de bas de page/ }).click();
        const noteDialog = page.getByRole("dialog", { name: "Insérer une note de bas de page" });
        await expect(noteDialog.getByLabel("Texte de la note")).toBeFocused();
        await page.keyboard.type(text);
        await press("Enter");
        await expect(noteDialog).toBeHidden();
        await expect(editor).toBeFocused();
      };
      await page.keyboard.type("La pêche artisanale fait vivre le littoral");
      await note("ANSD, enquête sur l'emploi, 2024.");
      await page.keyboard.type(" et ses villes.");
      await press("Enter");

      // A table pasted from Word keeps its rows and cells.
      await paste(editor, { "text/html": WORD_TABLE, "text/plain": "Région\tPirogues" });
      await expect(editor.locator("table tr")).toHaveCount(3);
      await expect(editor.locator("table tr").first().locator("td, th")).toHaveCount(5);
      await press("Control+End");
      await press("Enter");
      await page.keyboard.type("Les prises baissent depuis dix ans");
      await note("FAO, La situation mondiale des pêches, 2024.");
      await page.keyboard.type(".");
      await expect(editor.locator("sup.footnote")).toHaveCount(2);
      await press("Enter");

      // The « / » menu: filtered as one types, announced, Enter inserts the active block.
      await page.keyboard.type("/enc");
      const menu = dialog.getByRole("listbox", { name: "Blocs à insérer" });
      await expect(menu.getByRole("option")).toHaveText([/^Encadré/]);
      await expect(editor).toHaveAttribute("role", "combobox");
      await expect(editor).toHaveAttribute("aria-expanded", "true");
      const active = await editor.getAttribute("aria-activedescendant");
      await expect(page.locator(`[id="${active}"]`)).toHaveAttribute("aria-selected", "true");
      await expect(dialog.getByRole("status").filter({ hasText: "1 bloc proposé" })).toBeAttached();
      await press("Enter");
      await expect(menu).toBeHidden();
      await expect(editor).toHaveAttribute("role", "textbox");
      await page.keyboard.type("À retenir : la moitié des emplois de la côte.");
      // Enter twice leaves the callout.
      await press("Enter");
      await press("Enter");
      await expect(editor.locator(".callout p")).toHaveText(["À retenir : la moitié des emplois de la côte."]);

      // A YouTube address pasted alone on its line becomes the player.
      await paste(editor, { "text/plain": YOUTUBE });
      await expect(editor.locator("figure.embed a")).toHaveAttribute("href", YOUTUBE);

      // A PDF of the media library, from the « / » menu.
      await page.keyboard.type("/pdf");
      await expect(menu.getByRole("option")).toHaveText([/^Fichier PDF/]);
      await press("Enter");
      const picker = page.getByRole("dialog", { name: "Fichier PDF de la médiathèque" });
      const firstPdf = picker.getByRole("list", { name: "Médiathèque" }).getByRole("radio").first();
      await expect(firstPdf).toBeVisible();
      await act(firstPdf, "check");
      await expect(picker.getByText("1 média choisi")).toBeVisible();
      const savedAll = page.waitForResponse(
        (r) => /\/api\/user\/articles/.test(r.url()) && ["POST", "PUT"].includes(r.request().method()) && (r.request().postData() ?? "").includes('figure class=\\"file\\"'),
      );
      await act(picker.getByRole("button", { name: "Insérer le fichier" }));
      await expect(picker).toBeHidden();
      await expect(editor.locator("figure.file figcaption")).toHaveText(/^PDF, [\d,]+ [KM]o$/);
      expect((await savedAll).status()).toBeLessThan(300);
      await expect(dialog.getByText(SAVED)).toBeVisible();

      // « Aperçu »: the page as readers will see it.
      const popup = page.waitForEvent("popup");
      await act(dialog.getByRole("link", { name: /^Aperçu/ }));
      const preview = await popup;
      const previewBody = preview.locator(".article-page .html-content");
      await expect(previewBody.locator("section.footnotes li")).toHaveCount(2);
      const previewHtml = await previewBody.evaluate((el) => el.innerHTML);
      await preview.close();

      const created = articleSubmitted(page);
      await act(dialog.getByRole("button", { name: "Soumettre pour publication" }));
      const article = (await (await created).json()) as { _id: string; url: string; html_content: string };
      await expect(dialog).toBeHidden();
      const html = article.html_content;
      expect(html).toMatch(/<table><tbody><tr><td><strong>Région<\/strong><\/td>/);
      expect(html).toContain('<sup class="footnote" data-note="ANSD, enquête sur l\'emploi, 2024.">1</sup>');
      expect(html).toContain('<sup class="footnote" data-note="FAO, La situation mondiale des pêches, 2024.">2</sup>');
      expect(html).toContain('<div class="callout"><p>À retenir : la moitié des emplois de la côte.</p></div>');
      expect(html).toContain(`<figure class="embed"><a href="${YOUTUBE}"`);
      expect(html).toMatch(/<figure class="file"><a href="\/uploads\/media\/[^"]+\.pdf"[^>]*>[^<]+<\/a><figcaption>PDF, [^<]+<\/figcaption><\/figure>/);
      expect(html).not.toMatch(/style=|class="Mso|<o:p/);

      // Approved by an admin and rebuilt: the public page renders the same body as « Aperçu ».
      for (const [flag, body] of [["approve", { approved: true }], ["online", { online: true }]] as const) {
        expect((await request.put(`/api/admin/articles/${article._id}/${flag}`, { headers: bearer(admin), data: body })).status()).toBe(200);
      }
      const path = `/article/${article.url}`;
      await expect(async () => {
        const res = await page.goto(path);
        expect(res?.status()).toBe(200);
      }).toPass({ timeout: 90_000, intervals: [1_000, 2_000] });
      const body = page.locator(".article-page .html-content");
      expect(await body.evaluate((el) => el.innerHTML)).toBe(previewHtml);

      // The table: a labelled, focusable region that scrolls by itself; the page never scrolls sideways.
      const box = body.getByRole("region", { name: "Tableau 1" });
      await expect(box).toHaveAttribute("tabindex", "0");
      await expect(box.locator("tr")).toHaveCount(3);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      if (width === 375) expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

      // Notes: numbered calls described by « Notes », each note linking back to its call.
      const calls = body.locator("sup.footnote-ref a");
      await expect(calls).toHaveText(["1", "2"]);
      await expect(calls.nth(1)).toHaveAccessibleName("Note 2");
      await expect(calls.first()).toHaveAttribute("aria-describedby", "notes-titre");
      const notes = body.getByRole("region", { name: "Notes" });
      await expect(notes.getByRole("listitem")).toHaveText([/^ANSD, enquête sur l.emploi, 2024\./, /^FAO, La situation mondiale des pêches, 2024\./]);
      await act(calls.nth(1));
      await expect(page).toHaveURL(/#note-2$/);
      await act(notes.getByRole("link", { name: /^Retour au texte \(appel de la note 2\)/ }));
      await expect(page).toHaveURL(/#appel-2$/);

      // The callout, the player's facade and the file card.
      await expect(body.locator(".callout")).toHaveText("À retenir : la moitié des emplois de la côte.");
      await expect(body.getByRole("button", { name: /^Lire la vidéo/ })).toBeVisible();
      expect(await page.locator("iframe").count()).toBe(0);
      await expect(body.locator("figure.file a")).toHaveAttribute("href", /^\/uploads\/media\/.+\.pdf$/);

      expect(await appViolations(page)).toEqual([]);
      const res = await request.get(path);
      const problems = vnuProblems(new Map([[path, await res.body()]]));
      expect(problems, problems.join("\n")).toEqual([]);
    });

    test("a picture selected in the text is outlined, typing goes after it, and its removal can be undone", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, MEMBER);
      await page.goto("/user/articles");
      await page.getByRole("button", { name: "Nouvel Article" }).click();
      const dialog = page.getByRole("dialog", { name: "Nouvel article" });
      const editor = dialog.locator(".body-editor-text");
      await dialog.getByLabel("Titre").fill(`Images ${width} ${stamp()}`);
      await editor.click();
      await page.keyboard.type("Avant l'image.");
      await page.keyboard.press("Enter");
      await page.keyboard.type("/médiathèque");
      await page.keyboard.press("Enter");
      const picker = page.getByRole("dialog", { name: "Image de la médiathèque", exact: true });
      await picker.getByRole("list", { name: "Médiathèque" }).getByRole("radio").first().check();
      await picker.getByRole("button", { name: "Choisir cette image" }).click();
      const alt = page.getByRole("dialog", { name: "Insérer une image de la médiathèque" });
      await alt.getByLabel("Texte alternatif").fill("Une pirogue au large");
      await alt.getByRole("button", { name: "Insérer l'image" }).click();
      await expect(alt).toBeHidden();
      const picture = editor.getByRole("img", { name: "Une pirogue au large" });
      await expect(picture).toBeVisible();

      // Selected: a thick outline; a key typed goes into the paragraph after it.
      await picture.click();
      await expect(picture).toHaveClass(/ProseMirror-selectednode/);
      expect(await picture.evaluate((img) => [getComputedStyle(img).outlineStyle, getComputedStyle(img).outlineWidth])).toEqual(["solid", "3px"]);
      await page.keyboard.type("Après");
      await expect(picture).toBeVisible();
      await expect(editor.locator("img + p")).toHaveText("Après");

      // Selected from the keyboard (← from the start of the next line); Backspace removes it; « Annuler » brings it back.
      // The cursor is after « Après »: five steps to the start of the line, a sixth onto the picture.
      for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowLeft");
      await expect(picture).toHaveClass(/ProseMirror-selectednode/);
      await page.keyboard.press("Backspace");
      await expect(picture).toHaveCount(0);
      const toastBox = dialog.locator(".toast").filter({ hasText: "Image supprimée." });
      await expect(toastBox).toBeVisible();
      await toastBox.getByRole("button", { name: "Annuler" }).click();
      await expect(picture).toBeVisible();
      await expect(editor.locator("img + p")).toHaveText("Après");
    });
  });
}
