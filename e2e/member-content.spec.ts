import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { type Account, ADMIN, apiToken, appViolations, articleSubmitted, chantWav, islandsHydrated, landingOf, MEMBER, throttleUpload } from "./support/apps";

/**
 * The member's own content (issue 9): articles with a cropped picture and media uploads, from the member space to
 * the public site through an admin's approval, deletion with the files, the refusal of someone else's edit
 * address, the search box, and axe on both screens and their modals. With MEMBER_SCREENSHOTS=1 the screens and
 * modals are also saved to docs/screenshots/member-*.png (1280 and 375 px).
 */

const stamp = () => Date.now().toString(36);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type Article = { _id: string; url: string; title: string; articlePic: string | null; authors: { _id: string }[] };
type Media = { _id: string; url: string; title: string; path: string; uploadedBy: { _id: string } | null };

/** A real photo of the demo content, as the picture to crop. */
async function demoPhoto(request: APIRequestContext): Promise<Buffer> {
  const members = (await (await request.get("/api/public/members")).json()) as { profilePic: string | null }[];
  const photo = await request.get(`/uploads/profile_pics/${members.find((m) => m.profilePic)!.profilePic}`);
  expect(photo.ok()).toBe(true);
  return photo.body();
}

async function memberId(request: APIRequestContext, token: string): Promise<string> {
  return ((await (await request.get("/api/user/me", { headers: bearer(token) })).json()) as { _id: string })._id;
}

async function firstThemeId(request: APIRequestContext, token: string): Promise<string> {
  return ((await (await request.get("/api/user/themes", { headers: bearer(token) })).json()) as { _id: string }[])[0]!._id;
}

/** Loads `path` until `ready` holds: the server rebuilds the public site a few seconds after a change. */
async function untilPublished(page: Page, path: string, ready: () => Promise<void>) {
  await expect(async () => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await ready();
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000] });
}

/**
 * Signs in through /login once its form is live: text typed before the island hydrates is wiped by React (the
 * fields are controlled), which made sign-in fail now and then on a busy machine.
 */
async function signIn(page: Page, who: Account) {
  await page.goto("/login");
  await islandsHydrated(page);
  await page.getByLabel("Identifiant").fill(who.nickname);
  await page.getByLabel("Mot de passe").fill(who.password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL(landingOf(who));
}

const SHOTS = process.env.MEMBER_SCREENSHOTS === "1";

/** Saves the viewport as docs/screenshots/member-<name>-<width>.png (palette PNG, as scripts/screenshots.ts). */
async function screenshot(page: Page, name: string) {
  if (!SHOTS) return;
  const dir = join(import.meta.dirname, "..", "docs", "screenshots");
  await mkdir(dir, { recursive: true });
  const png = await page.screenshot({ animations: "disabled" });
  const small = await sharp(png).png({ palette: true, quality: 90, effort: 8 }).toBuffer();
  await writeFile(join(dir, `member-${name}-${page.viewportSize()!.width}.png`), small);
}

test("a member writes an article with a cropped picture; pending until an admin approves it, then on /articles", async ({ page, request }) => {
  test.setTimeout(150_000);
  const title = `Dunes de Joal ${stamp()}`;
  await signIn(page, MEMBER);
  await page.goto("/user/articles");
  await page.getByRole("button", { name: "Nouvel Article" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvel article" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/user\/articles\?new$/);

  // Nothing filled: the spec's messages, and nothing is sent.
  await dialog.getByRole("button", { name: "Soumettre pour publication" }).click();
  await expect(dialog.getByText("Le titre est obligatoire")).toBeVisible();
  await expect(dialog.getByText("Le contenu est obligatoire")).toBeVisible();
  await expect(dialog.getByText("Au moins un thème doit être sélectionné")).toBeVisible();
  await expect(dialog.getByLabel("Titre")).toBeFocused();

  await dialog.getByLabel("Titre").fill(title);
  await dialog.getByRole("textbox", { name: "Contenu" }).fill("Les dunes reculent devant la mer ; les pêcheurs déplacent leurs pirogues.");
  await dialog.getByRole("group", { name: /Thèmes/ }).getByRole("checkbox").first().check();
  await dialog.getByLabel("Mots-clés").fill("littoral, dunes");

  // A file that is not a picture is refused with the picker's message and the choice is cleared.
  const picker = dialog.getByLabel("Image de l'article");
  await picker.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("pas une image") });
  await expect(dialog.getByText("❌ Format non supporté. Utilisez JPG, PNG ou WEBP.")).toBeVisible();
  await expect(picker).toHaveValue("");

  // A photo: cropped in its own dialog, then held locally (the article does not exist yet).
  await picker.setInputFiles({ name: "dunes.jpg", mimeType: "image/jpeg", buffer: await demoPhoto(request) });
  const cropper = page.getByRole("dialog", { name: "Recadrer l'image de l'article" });
  await cropper.getByRole("button", { name: "Recadrer" }).click();
  await expect(cropper).toBeHidden();
  await expect(dialog.getByAltText("Aperçu de l'image de l'article")).toHaveAttribute("src", /^blob:/);

  const created = articleSubmitted(page);
  const cropSent = page.waitForResponse((r) => r.url().includes("/article-pic-crop") && r.request().method() === "POST");
  await dialog.getByRole("button", { name: "Soumettre pour publication" }).click();
  const article = (await (await created).json()) as Article;
  expect((await cropSent).status()).toBe(200);
  await expect(page.getByRole("status").getByText("Article créé avec succès.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/user\/articles$/);

  // In « Mes articles », waiting for an admin (hourglass icon), still online (globe icon).
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
  await expect(row.getByTitle("En attente d'approbation")).toBeVisible();
  await expect(row.getByTitle("En ligne")).toBeVisible();
  await expect(row.getByRole("link", { name: title })).toHaveAttribute("href", `/article/${article.url}`);

  // The admin approves it and puts it online through the API.
  const admin = await apiToken(request, ADMIN);
  for (const [flag, body] of [["approve", { approved: true }], ["online", { online: true }]] as const) {
    const res = await request.put(`/api/admin/articles/${article._id}/${flag}`, { headers: bearer(admin), data: body });
    expect(res.status(), await res.text()).toBe(200);
  }
  const stored = (await (await request.get(`/api/admin/articles/${article._id}`, { headers: bearer(admin) })).json()) as Article;
  expect(stored.articlePic, "the crop was saved after the creation").toBeTruthy();

  await untilPublished(page, "/articles", () => expect(page.getByRole("link", { name: title }).first()).toBeVisible({ timeout: 1_000 }));
  // The crop is 800 px wide (spec §9).
  const pic = await request.get(`/uploads/article_pics/${stored.articlePic}`);
  expect(pic.status()).toBe(200);
  expect((await sharp(await pic.body()).metadata()).width).toBe(800);

  await page.goto("/user/articles");
  await expect(row.getByTitle("Approuvé")).toBeVisible();
});

test("a member uploads an audio file with a progress bar they can cancel; once approved it plays on its page", async ({ page, request }) => {
  test.setTimeout(150_000);
  const title = `Chant du port ${stamp()}`;
  const wav = await chantWav();

  await signIn(page, MEMBER);
  await page.goto("/user/media");
  await page.getByRole("button", { name: "Créer un média" }).click();
  const dialog = page.getByRole("dialog", { name: "Créer un média" });
  await dialog.getByRole("button", { name: "Créer le média" }).click();
  await expect(dialog.getByText("Le titre est obligatoire")).toBeVisible();
  await expect(dialog.getByText("Le type de média est obligatoire")).toBeVisible();

  await dialog.getByLabel("Titre").fill(title);
  await dialog.getByLabel("Type de média").selectOption("audio");
  await dialog.getByLabel("Description").fill("Les piroguiers chantent en rentrant au port.");
  await dialog.getByLabel("Mots-clés").fill("chant, port");
  const file = dialog.getByLabel("Fichier");
  await expect(file).toHaveAttribute("accept", /\.mp3/);
  await dialog.getByRole("button", { name: "Créer le média" }).click();
  await expect(dialog.getByText("Un fichier est obligatoire")).toBeVisible();
  await file.setInputFiles(wav);

  // A slow link (32 KB/s up) so the upload lasts long enough to be watched, then cancelled.
  const fullSpeed = await throttleUpload(page, 32 * 1024);
  await dialog.getByRole("button", { name: "Créer le média" }).click();
  const bar = dialog.getByRole("progressbar", { name: "Envoi du fichier" });
  await expect(bar).toBeVisible();
  await expect.poll(() => bar.evaluate((p: HTMLProgressElement) => p.value)).toBeGreaterThan(0);
  expect(await bar.evaluate((p: HTMLProgressElement) => p.max)).toBeGreaterThan(200_000);
  await dialog.getByRole("button", { name: "Annuler l'envoi" }).click();
  await expect(dialog.getByText("Envoi annulé. Rien n'a été enregistré.")).toBeVisible();
  await expect(bar).toBeHidden();
  const member = await apiToken(request, MEMBER);
  const mine = (await (await request.get("/api/user/media?mine=1", { headers: bearer(member) })).json()) as Media[];
  expect(mine.some((m) => m.title === title), "a cancelled upload creates nothing").toBe(false);

  // Full speed: sent, created, listed as pending.
  await fullSpeed();
  const created = page.waitForResponse((r) => r.url().endsWith("/api/user/media") && r.request().method() === "POST");
  await dialog.getByRole("button", { name: "Créer le média" }).click();
  const media = (await (await created).json()) as Media;
  expect(media.path).toMatch(/^\/uploads\/media\/.+\.wav$/);
  await expect(page.getByRole("status").getByText("Média créé avec succès.")).toBeVisible();
  const row = page.getByRole("table", { name: /^Médias/ }).getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
  await expect(row.getByTitle("En attente d'approbation")).toBeVisible();

  const admin = await apiToken(request, ADMIN);
  const approved = await request.put(`/api/admin/media/${media._id}/approve`, { headers: bearer(admin), data: { approved: true } });
  expect(approved.status(), await approved.text()).toBe(200);

  const audio = page.locator(`audio[src="${media.path}"]`);
  await untilPublished(page, `/mediatheque/audio/${media.url}`, () => expect(audio).toHaveCount(1, { timeout: 1_000 }));
  await audio.evaluate((a: HTMLAudioElement) => a.play());
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);
  expect(await audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(10);
});

test("a member deletes their own article and its picture files are gone", async ({ page, request }) => {
  const member = await apiToken(request, MEMBER);
  const title = `Article à supprimer ${stamp()}`;
  const res = await request.post("/api/user/articles", {
    headers: bearer(member),
    data: { title, txt_content: "Un texte de passage.", themes: [await firstThemeId(request, member)] },
  });
  expect(res.status(), await res.text()).toBe(200);
  const article = (await res.json()) as Article;
  const crop = await request.post(`/api/user/articles/${article._id}/article-pic-crop`, {
    headers: bearer(member),
    multipart: { croppedPic: { name: "a.jpg", mimeType: "image/jpeg", buffer: await demoPhoto(request) } },
  });
  expect(crop.status(), await crop.text()).toBe(200);
  const pic = ((await crop.json()) as { articlePic: string }).articlePic;
  // Pending: its authors see it, nobody else does (api/lib/uploads/visibility.ts).
  expect((await request.get(`/uploads/article_pics/${pic}`, { headers: bearer(member) })).status()).toBe(200);

  await signIn(page, MEMBER);
  await page.goto("/user/articles");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
  await row.getByRole("button", { name: /^Supprimer/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer cet article\u00a0?" });
  await expect(confirm.getByRole("button", { name: "Annuler" })).toBeFocused();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByRole("status").getByText("Article supprimé avec succès.")).toBeVisible();
  await expect(row).toHaveCount(0);

  expect((await request.get(`/api/user/articles/${article._id}`, { headers: bearer(member) })).status()).toBe(404);
  // In the trash for 30 days, its picture kept for its authors only; « Supprimer définitivement » removes it.
  expect((await request.get(`/uploads/article_pics/${pic}`, { headers: bearer(member) })).status()).toBe(200);
  expect((await request.delete(`/api/user/trash/article/${article._id}`, { headers: bearer(member) })).status()).toBe(200);
  expect((await request.get(`/uploads/article_pics/${pic}`, { headers: bearer(member) })).status()).toBe(404);
});

test("a member edits their article from its own address: a new picture is saved at once, then removed once confirmed", async ({ page, request }) => {
  const member = await apiToken(request, MEMBER);
  const title = `Article à retoucher ${stamp()}`;
  const res = await request.post("/api/user/articles", {
    headers: bearer(member),
    data: { title, txt_content: "Premier jet.", themes: [await firstThemeId(request, member)], keywords: ["brouillon"] },
  });
  expect(res.status(), await res.text()).toBe(200);
  const article = (await res.json()) as Article;

  await signIn(page, MEMBER);
  await page.goto("/user/articles");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: title }) });
  await row.getByRole("button", { name: /^Modifier/ }).click();
  await expect(page).toHaveURL(new RegExp(`/user/articles\\?edit=${article._id}$`));
  // The address reopens the same form after a reload.
  await page.reload();
  const dialog = page.getByRole("dialog", { name: "Modifier l'article" });
  await expect(dialog.getByLabel("Titre")).toHaveValue(title);
  await expect(dialog.getByLabel("Mots-clés")).toHaveValue("brouillon");
  await expect(dialog.getByText("Pas d'image")).toBeVisible();

  const cropSaved = page.waitForResponse((r) => r.url().endsWith(`/api/user/articles/${article._id}/article-pic-crop`));
  await dialog.getByLabel("Image de l'article").setInputFiles({ name: "retouche.jpg", mimeType: "image/jpeg", buffer: await demoPhoto(request) });
  await page.getByRole("dialog", { name: "Recadrer l'image de l'article" }).getByRole("button", { name: "Recadrer" }).click();
  expect((await cropSaved).status()).toBe(200);
  await expect(page.getByRole("status").getByText("Image recadrée et sauvée")).toBeVisible();
  const preview = dialog.getByAltText("Aperçu de l'image de l'article");
  await expect(preview).toHaveAttribute("src", /^\/uploads\/article_pics\//);
  const saved = (await preview.getAttribute("src"))!;
  expect((await request.get(saved, { headers: bearer(member) })).status()).toBe(200);

  await dialog.getByRole("button", { name: "Supprimer l'image" }).click();
  // The stored files go at once and cannot come back: it asks first.
  await page.getByRole("alertdialog", { name: /^Supprimer l'image de l'article \?/ }).getByRole("button", { name: "Supprimer l'image" }).click();
  await expect(page.getByRole("status").getByText("Image supprimée")).toBeVisible();
  await expect(dialog.getByText("Pas d'image")).toBeVisible();
  expect((await request.get(saved, { headers: bearer(member) })).status()).toBe(404);

  await dialog.getByLabel("Titre").fill(`${title} (revu)`);
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByRole("status").getByText("Article mis à jour avec succès.")).toBeVisible();
  await expect(page.getByRole("link", { name: `${title} (revu)` })).toBeVisible();
  await expect(page).toHaveURL(/\/user\/articles$/);
});

test("a member opening the edit address of another member's article or media sees the server's refusal", async ({ page, request }) => {
  const member = await apiToken(request, MEMBER);
  const me = await memberId(request, member);
  const articles = (await (await request.get("/api/user/articles", { headers: bearer(member) })).json()) as Article[];
  const theirs = articles.find((a) => !a.authors.some((u) => u._id === me))!;
  const media = (await (await request.get("/api/user/media", { headers: bearer(member) })).json()) as Media[];
  const theirMedia = media.find((m) => m.uploadedBy && m.uploadedBy._id !== me)!;
  expect(theirs && theirMedia, "the demo has other members' content").toBeTruthy();

  // What the server answers when the member tries to change them.
  const refusedArticle = await request.delete(`/api/user/articles/${theirs._id}`, { headers: bearer(member) });
  expect(refusedArticle.status()).toBe(403);
  const refusedMedia = await request.delete(`/api/user/media/${theirMedia._id}`, { headers: bearer(member) });
  expect(refusedMedia.status()).toBe(403);

  await signIn(page, MEMBER);
  await page.goto(`/user/articles?edit=${theirs._id}`);
  const dialog = page.getByRole("dialog", { name: "Modifier l'article" });
  await expect(dialog.getByRole("alert")).toHaveText(((await refusedArticle.json()) as { message: string }).message);
  await expect(dialog.getByLabel("Titre")).toHaveCount(0);

  await page.goto(`/user/media?edit=${theirMedia._id}`);
  const mediaDialog = page.getByRole("dialog", { name: "Modifier le média" });
  await expect(mediaDialog.getByRole("alert")).toHaveText(((await refusedMedia.json()) as { message: string }).message);
  await mediaDialog.getByRole("button", { name: "Fermer" }).first().click();
  await expect(mediaDialog).toBeHidden();
  await expect(page).toHaveURL(/\/user\/media$/);
});

test("the search box keeps the member's articles whose title, text or keywords match, whatever the case and accents", async ({ page, request }) => {
  const member = await apiToken(request, MEMBER);
  const theme = await firstThemeId(request, member);
  const tag = stamp();
  const write = async (title: string, txt: string, keywords: string[]) => {
    const res = await request.post("/api/user/articles", { headers: bearer(member), data: { title, txt_content: txt, keywords, themes: [theme] } });
    expect(res.status(), await res.text()).toBe(200);
  };
  await write(`Pêche artisanale ${tag}`, "Les pirogues de Joal.", []);
  await write(`Marché du poisson ${tag}`, "Le port au petit matin.", ["Économie bleue"]);

  await signIn(page, MEMBER);
  await page.goto("/user/articles");
  const table = page.getByRole("table", { name: "Mes articles" });
  const search = page.getByRole("searchbox", { name: "Rechercher dans mes articles" });
  await expect(table.getByRole("link", { name: new RegExp(tag) })).toHaveCount(2);

  await search.fill(`PECHE ${tag}`);
  await expect(table.getByRole("link", { name: new RegExp(tag) })).toHaveCount(1);
  await expect(table.getByRole("link", { name: `Pêche artisanale ${tag}` })).toBeVisible();

  await search.fill(`economie ${tag}`);
  await expect(table.getByRole("link", { name: `Marché du poisson ${tag}` })).toBeVisible();
  await expect(table.getByRole("link", { name: new RegExp(tag) })).toHaveCount(1);

  await search.fill(`PIROGUES ${tag}`);
  await expect(table.getByRole("link", { name: `Pêche artisanale ${tag}` })).toBeVisible();
  await expect(table.getByRole("link", { name: new RegExp(tag) })).toHaveCount(1);

  await search.fill(`introuvable ${tag}`);
  await expect(table.getByText("Aucun de vos articles ne correspond à cette recherche.")).toBeVisible();
  await search.fill("");
  await expect(table.getByRole("link", { name: new RegExp(tag) })).toHaveCount(2);
});

for (const width of [1280, 375]) {
  test(`the articles and media screens and their modals have no serious axe violation at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
    await signIn(page, MEMBER);

    await page.goto("/user/articles");
    await expect(page.getByRole("heading", { level: 2, name: "Articles des membres" })).toBeVisible();
    await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
    await expect(page.getByRole("table", { name: "Articles des membres" }).getByRole("link").first()).toBeVisible();
    expect(await appViolations(page), "/user/articles").toEqual([]);
    await screenshot(page, "articles");
    await page.getByRole("button", { name: "Nouvel Article" }).click();
    const articleDialog = page.getByRole("dialog", { name: "Nouvel article" });
    await expect(articleDialog.getByRole("checkbox").first()).toBeVisible();
    expect(await appViolations(page, "dialog[open]"), "article modal").toEqual([]);
    await screenshot(page, "article-modal");

    await page.goto("/user/media");
    await expect(page.getByRole("table", { name: /^Médias/ }).getByRole("link").first()).toBeVisible();
    expect(await appViolations(page), "/user/media").toEqual([]);
    await screenshot(page, "media");
    await page.getByRole("button", { name: "Créer un média" }).click();
    const mediaDialog = page.getByRole("dialog", { name: "Créer un média" });
    await mediaDialog.getByLabel("Type de média").selectOption("audio");
    await expect(mediaDialog.getByLabel("Fichier")).toBeVisible();
    expect(await appViolations(page, "dialog[open]"), "media modal").toEqual([]);
    await screenshot(page, "media-modal");
  });
}
