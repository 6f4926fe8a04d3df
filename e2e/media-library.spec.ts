import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { appViolations, authHeaders, chantWav, islandsHydrated, MEMBER, signIn, tag, throttleUpload, articleSubmitted } from "./support/apps";

/**
 * The media library picker (issue 19 §2), from the member's article form: opened by « Choisir des médias », it
 * searches on the server (accents ignored), filters by type, pages, keeps the chosen media as chips across pages,
 * uploads a new media in place with its progress bar inside the dialog, and hands the choice back to the form,
 * which saves the article with its three media. Then one choice made with the keyboard only, Escape, and focus
 * back on the opener. At 1280 px and on a 375 px phone, with no serious axe violation on the open picker.
 */

type Article = { _id: string; media: { _id: string; title: string }[] };

/** 26 links and 2 external resources of the member's, all titled « Bibliothèque <word> … » (newest last). */
async function libraryOf(request: APIRequestContext, word: string) {
  const member = await authHeaders(request, MEMBER);
  const made: { _id: string; title: string; type: string }[] = [];
  for (let i = 0; i < 28; i++) {
    const type = i < 2 ? "external" : "link";
    const title = `Bibliothèque ${word} ${type === "link" ? "lien" : "ressource"} ${String(i).padStart(2, "0")}`;
    const res = await request.post("/api/user/media", {
      headers: member,
      // JSON, not multipart: set-up calls do not spend the member's hourly upload allowance.
      data: { title, type, description: "Une ressource du test.", externalUrl: `https://example.org/${word}/${i}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    made.push({ ...((await res.json()) as { _id: string }), title, type });
  }
  return { member, made };
}

async function openNewArticle(page: Page, title: string): Promise<Locator> {
  await page.goto("/user/articles");
  await islandsHydrated(page);
  await page.getByRole("button", { name: "Nouvel Article" }).click();
  const form = page.getByRole("dialog", { name: "Nouvel article" });
  await form.getByLabel("Titre").fill(title);
  await form.getByLabel("Contenu").fill("Un article qui cite des ressources de la médiathèque.");
  await form.getByRole("group", { name: /Thèmes/ }).getByRole("checkbox").first().check();
  return form;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`media library picker at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("searches, filters, pages, uploads in place and gives the article its three media", async ({ page, request }) => {
      test.setTimeout(150_000);
      const word = `bib${tag()}`;
      const { member, made } = await libraryOf(request, word);
      const created: string[] = [];
      try {
        await signIn(page, MEMBER);
        const form = await openNewArticle(page, `Article bibliothèque ${word}`);
        const opener = form.getByRole("button", { name: "Choisir des médias" });
        await opener.click();
        const picker = page.getByRole("dialog", { name: "Choisir des médias" });
        await expect(picker).toBeVisible();
        await expect(picker.getByText("Aucun média choisi")).toBeVisible();

        // The server's search, accents ignored: 28 matches, 25 a page.
        await picker.getByLabel("Rechercher un média").fill(`bibliotheque ${word}`);
        await expect(picker.locator(".picker-count")).toHaveText("28 médias, page 1 sur 2");
        await expect(picker.getByRole("list", { name: "Médiathèque" }).getByRole("listitem")).toHaveCount(25);
        expect(await appViolations(page, "dialog.modal-xl[open]"), "open picker").toEqual([]);

        // Page 2 holds the three oldest; one is chosen there.
        await picker.getByRole("button", { name: "Page suivante" }).click();
        await expect(picker.locator(".picker-count")).toHaveText("28 médias, page 2 sur 2");
        const oldLink = made[2]!;
        await picker.getByRole("checkbox", { name: new RegExp(oldLink.title) }).check();
        await expect(picker.getByText("1 média choisi")).toBeVisible();

        // The type filter (back to page 1): the two external resources; one more is chosen.
        await picker.getByLabel("Type").selectOption("external");
        await expect(picker.locator(".picker-count")).toHaveText("2 médias");
        const external = made[1]!;
        await picker.getByRole("checkbox", { name: new RegExp(external.title) }).check();
        await expect(picker.getByText("2 médias choisis")).toBeVisible();
        // Chosen media stay as chips, each with its remove button.
        const chips = picker.getByRole("region", { name: "Médias choisis" });
        await expect(chips.getByRole("button", { name: `Retirer «\u00a0${oldLink.title}\u00a0»` })).toBeVisible();
        await expect(chips.getByRole("button", { name: `Retirer «\u00a0${external.title}\u00a0»` })).toBeVisible();

        // « Téléverser » in place: a real audio file, its progress bar inside the dialog, then chosen.
        await picker.getByRole("button", { name: "Téléverser", exact: true }).click();
        await picker.getByLabel("Fichier").setInputFiles(await chantWav());
        await expect(picker.getByLabel("Type de média")).toHaveValue("audio");
        await expect(picker.getByLabel("Titre du média")).toHaveValue("chant");
        const uploadTitle = `Chant ${word}`;
        await picker.getByLabel("Titre du média").fill(uploadTitle);
        await picker.getByLabel("Description du média").fill("Un chant enregistré pour le test.");
        const fullSpeed = await throttleUpload(page, 24 * 1024);
        const upload = page.waitForResponse((r) => r.url().endsWith("/api/user/media") && r.request().method() === "POST");
        await picker.getByRole("button", { name: "Téléverser ce média" }).click();
        const bar = picker.getByRole("progressbar", { name: "Envoi du fichier" });
        await expect.poll(() => bar.evaluate((p: HTMLProgressElement) => p.value)).toBeGreaterThan(0);
        await expect(bar).toBeInViewport();
        await fullSpeed();
        const uploaded = (await (await upload).json()) as { _id: string };
        created.push(uploaded._id);
        await expect(picker.getByText(`Média «\u00a0${uploadTitle}\u00a0» téléversé et choisi.`)).toBeVisible();
        await expect(picker.getByText("3 médias choisis")).toBeVisible();
        await expect(chips.getByRole("button", { name: `Retirer «\u00a0${uploadTitle}\u00a0»` })).toBeVisible();

        await picker.getByRole("button", { name: "Valider la sélection" }).click();
        await expect(picker).toBeHidden();
        await expect(opener).toBeFocused();
        const linked = form.getByRole("list", { name: "Médias associés" });
        await expect(linked.getByRole("listitem")).toHaveCount(3);
        await expect(form.getByText("3 médias choisis")).toBeVisible();

        const saved = articleSubmitted(page);
        await form.getByRole("button", { name: "Soumettre pour publication" }).click();
        const article = (await (await saved).json()) as Article;
        created.push(`article:${article._id}`);
        await expect(form).toBeHidden();
        const stored = (await (await request.get(`/api/user/articles/${article._id}`, { headers: member })).json()) as Article;
        expect(stored.media.map((m) => m._id).sort()).toEqual([oldLink._id, external._id, uploaded._id].sort());
      } finally {
        for (const id of created) {
          if (id.startsWith("article:")) await request.delete(`/api/user/articles/${id.slice(8)}`, { headers: member });
          else await request.delete(`/api/user/media/${id}`, { headers: member });
        }
        for (const m of made) await request.delete(`/api/user/media/${m._id}`, { headers: member });
      }
    });
  });
}

test("one media is chosen with the keyboard only; Escape closes the picker and focus returns to its button", async ({ page, request }) => {
  test.setTimeout(120_000);
  const word = `clav${tag()}`;
  const { member, made } = await libraryOf(request, word);
  try {
    await signIn(page, MEMBER);
    const form = await openNewArticle(page, `Article clavier ${word}`);
    const opener = form.getByRole("button", { name: "Choisir des médias" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const picker = page.getByRole("dialog", { name: "Choisir des médias" });
    await expect(picker.getByLabel("Rechercher un média")).toBeVisible();
    await picker.getByLabel("Rechercher un média").focus();
    await page.keyboard.type(`${word} ressource 01`);
    await expect(picker.locator(".picker-count")).toHaveText("1 média");
    // Tab through the tools to the one card, tick it with Space.
    const card = picker.getByRole("checkbox", { name: new RegExp(made[1]!.title) });
    for (let i = 0; i < 12 && !(await card.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(card).toBeFocused();
    await page.keyboard.press("Space");
    await expect(card).toBeChecked();
    await expect(picker.getByText("1 média choisi")).toBeVisible();
    const done = picker.getByRole("button", { name: "Valider la sélection" });
    for (let i = 0; i < 12 && !(await done.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(done).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(picker).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(form.getByRole("list", { name: "Médias associés" }).getByRole("listitem")).toHaveText([new RegExp(made[1]!.title)]);

    // Escape closes without changing the choice; focus comes back. Pressed once the picker is ready (focus in its
    // first field, its list shown), as a person would: a key pressed while it opens may reach the page instead.
    await page.keyboard.press("Enter");
    await expect(picker).toBeVisible();
    await expect(picker.getByLabel("Rechercher un média")).toBeFocused();
    await expect(picker.getByRole("list", { name: "Médiathèque" }).getByRole("checkbox").first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(picker).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(form.getByText("1 média choisi")).toBeVisible();
  } finally {
    for (const m of made) await request.delete(`/api/user/media/${m._id}`, { headers: member });
  }
});

test("the article's picture can be chosen from the library's images, then cropped", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, MEMBER);
  const form = await openNewArticle(page, `Article image ${tag()}`);
  await form.getByRole("button", { name: "Choisir dans la médiathèque" }).click();
  const picker = page.getByRole("dialog", { name: "Choisir l'image dans la médiathèque" });
  // Images only: no type filter, and every card is a picture.
  await expect(picker.getByLabel("Type")).toHaveCount(0);
  const first = picker.getByRole("list", { name: "Médiathèque" }).getByRole("radio").first();
  await expect(first).toBeVisible();
  await expect(picker.getByRole("list", { name: "Médiathèque" }).locator("img").first()).toBeVisible();
  await first.check();
  await picker.getByRole("button", { name: "Choisir cette image" }).click();
  const cropper = page.getByRole("dialog", { name: "Recadrer l'image de l'article" });
  await cropper.getByRole("button", { name: "Recadrer" }).click();
  await expect(cropper).toBeHidden();
  await expect(form.getByAltText("Aperçu de l'image de l'article")).toHaveAttribute("src", /^blob:/);
});
