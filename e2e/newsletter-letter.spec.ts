import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, appViolations, authHeaders, islandsHydrated, signIn, tag } from "./support/apps";
import { mailboxMark, waitForMail } from "./support/mailbox";

/**
 * The newsletter people want to read (issue 33 §2), at 1280 and 375 px: an admin composes an issue from the
 * site's proposal in sections (« Articles », « Événements », « Médias »: a checkbox per item, « Tout retirer » per
 * section), sends a test to themself, and the copy read at the journeys' real SMTP server carries twelve pictures
 * (JPEGs served from the uploads, with width, height and alt), an HTML part under Gmail's 102 KB clipping size and
 * a text part with every title, summary and link; the mail itself has no serious axe violation at 375 px in dark
 * mode. Then a subscriber's unsubscribe page, at 375 px: it says what the press will do, does it on one press and
 * confirms.
 */

const GMAIL_CLIP = 102 * 1024;
const SUMMARY =
  "Les communes littorales font face à l'érosion, à la salinisation des nappes et à la pression foncière. Trois années d'enquêtes menées avec les élus, les pêcheurs et les associations de quartier proposent des pistes de gouvernance partagée.";

/** Twelve approved articles, each with a real picture, written by the admin just now (so new since any issue). */
async function twelveArticles(request: APIRequestContext, t: string): Promise<string[]> {
  const headers = await authHeaders(request, ADMIN);
  const themes = (await (await request.get("/api/user/themes", { headers })).json()) as { _id: string }[];
  const titles: string[] = [];
  for (let i = 1; i <= 12; i++) {
    const title = `Lettre ${t}, article ${i}\u00a0: le littoral en partage`;
    const created = await request.post("/api/admin/articles", { headers, data: { title, txt_content: SUMMARY, themes: [themes[0]!._id] } });
    expect(created.status(), await created.text()).toBe(200);
    const { _id } = (await created.json()) as { _id: string };
    const photo = await sharp({ create: { width: 1200, height: 675, channels: 3, background: { r: 15 * i, g: 110, b: 160 } } }).jpeg().toBuffer();
    const crop = await request.post(`/api/admin/articles/${_id}/article-pic-crop`, {
      headers,
      multipart: { croppedPic: { name: `photo-${i}.jpg`, mimeType: "image/jpeg", buffer: photo } },
    });
    expect(crop.status(), await crop.text()).toBe(200);
    titles.push(title);
  }
  return titles;
}

/**
 * The twelve articles go to the trash after the journey, and the journey waits for the site to show them gone: the
 * public list journeys that follow count the articles on one built page (a list pages past 100 articles).
 */
async function withTwelveArticles(request: APIRequestContext, t: string, run: (titles: string[]) => Promise<void>) {
  const titles = await twelveArticles(request, t);
  try {
    await run(titles);
  } finally {
    const headers = await authHeaders(request, ADMIN);
    const removed = await request.post("/api/admin/articles/bulk", { headers, data: { action: "delete", filter: { q: `Lettre ${t}` } } });
    expect(removed.status(), await removed.text()).toBe(200);
    const live = async () => {
      const html = await (await request.get("/articles")).text();
      const count = ((await (await request.get("/api/public/articles")).json()) as unknown[]).length;
      return !html.includes(`Lettre ${t}`) && html.includes(`>${count} article`);
    };
    await expect.poll(live, { timeout: 150_000, intervals: [1_000, 2_000] }).toBe(true);
  }
}

async function composeAndTest(page: Page, request: APIRequestContext, width: number) {
  const t = `${tag()}-${width}`;
  await withTwelveArticles(request, t, (titles) => composeAndRead(page, request, t, titles, width));
}

async function composeAndRead(page: Page, request: APIRequestContext, t: string, titles: string[], width: number) {
  const subject = `Lettre illustrée ${t}`;
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, ADMIN);
  await page.goto("/admin/lettre");
  await islandsHydrated(page);
  await page.getByRole("button", { name: "Nouveau numéro" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nouveau numéro" })).toBeVisible();
  await page.getByLabel("Sujet").fill(subject);
  await page.getByLabel("Introduction").fill("Bonjour à toutes et à tous.");

  // The proposal, in three sections, every item ticked; « Tout retirer » empties a section.
  const section = (name: string) => page.getByRole("region", { name: new RegExp(`^${name} \\(`) });
  for (const name of ["Articles", "Événements", "Médias"]) await expect(section(name)).toBeVisible();
  const articles = section("Articles");
  for (const title of titles) await expect(articles.getByRole("checkbox", { name: title })).toBeChecked();
  // Events still to come only: the demo's ongoing and past events are not offered.
  await expect(section("Événements").getByRole("checkbox").first()).toBeChecked();
  for (const name of ["Articles", "Événements", "Médias"]) {
    const clear = section(name).getByRole("button", { name: /^Tout retirer/ });
    if (await clear.isEnabled()) await clear.click();
    await expect(section(name).getByRole("checkbox", { checked: true })).toHaveCount(0);
    await expect(clear).toBeDisabled();
  }
  // The twelve articles ticked back one by one.
  for (const title of titles) await articles.getByRole("checkbox", { name: title }).check();
  await expect(page.getByRole("heading", { name: /^Articles \(12 sur \d+\)$/ })).toBeVisible();
  expect(await appViolations(page), `the composer at ${width} px`).toEqual([]);

  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Articles \(12 sur \d+\)$/ })).toBeVisible();

  // A test to the admin, read at the SMTP server.
  const me = (await (await request.get("/api/user/me", { headers: await authHeaders(request, ADMIN) })).json()) as { email: string };
  const mark = mailboxMark();
  await page.getByRole("button", { name: "Envoyer un test" }).click();
  const got = await waitForMail(me.email, `[Test] ${subject}`, mark);
  const html = got.mail.html || "";
  const text = got.mail.text ?? "";
  expect(html.length).toBeGreaterThan(0);
  expect(text.length).toBeGreaterThan(0);
  expect(Buffer.byteLength(html, "utf8"), "the HTML part stays under Gmail's clipping size").toBeLessThan(GMAIL_CLIP);

  const images = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
  expect(images).toHaveLength(12);
  // Newest first: one picture per article, its title as alternative text.
  expect(images.map((img) => / alt="([^"]+)"/.exec(img)?.[1]).sort()).toEqual([...titles].sort());
  for (const img of images) {
    expect(img).toMatch(/ width="\d+"/);
    expect(img).toMatch(/ height="\d+"/);
    // A JPEG made for mail, served to anybody from the uploads (the article is public).
    const src = new URL(/ src="([^"]+)"/.exec(img)![1]!.replace(/&amp;/g, "&"));
    expect(src.pathname).toMatch(/^\/uploads\/article_pics\/[0-9a-f]+-mail\.jpg$/);
    const picture = await request.get(src.pathname);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/jpeg");
  }
  for (const title of titles) {
    expect(text).toContain(`- ${title}`);
    expect(text).toMatch(new RegExp(`Lire la suite\u00a0: https?://\\S+/article/\\S+`));
  }
  expect(text.split(SUMMARY).length - 1, "every summary in the text part").toBe(12);
  expect(text.match(/Lire la suite\u00a0: https?:\/\/\S+\/article\//g)).toHaveLength(12);

  // The mail at this width in dark mode: nothing wider than the screen, no serious axe finding (contrast included).
  const reader = await page.context().newPage();
  try {
    await reader.setViewportSize({ width, height: 900 });
    await reader.emulateMedia({ colorScheme: "dark" });
    await reader.setContent(html, { waitUntil: "load" });
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const shown = await reader.locator("img").evaluateAll((els) => els.map((e) => (e as HTMLImageElement).getBoundingClientRect().width));
    for (const w of shown) expect(w).toBeLessThanOrEqual(width);
    expect(await appViolations(reader), `the mail at ${width} px in dark mode`).toEqual([]);
  } finally {
    await reader.close();
  }
}

test("an admin composes an issue in sections and reads the illustrated test copy at the SMTP server (1280 px)", async ({ page, request }) => {
  test.setTimeout(180_000);
  await composeAndTest(page, request, 1280);
});

test("an admin composes an issue in sections and reads the illustrated test copy at the SMTP server (375 px)", async ({ page, request }) => {
  test.setTimeout(180_000);
  await composeAndTest(page, request, 375);
});

test("the unsubscribe page says what will happen, unsubscribes on one press and confirms (375 px)", async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = `desabonne-${tag()}@example.sn`;
  const mark = mailboxMark();
  const subscribed = await request.post("/api/newsletter/subscribe", { data: { email, consent: true, source: "lettre" } });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
  const confirmation = await waitForMail(email, /^Confirmez votre inscription/, mark);
  const body = confirmation.mail.text ?? "";
  const token = /\/lettre\/confirmation#token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
  const link = /https?:\/\/\S+?(\/lettre\/desinscription\?id=[0-9a-f]+&sig=[A-Za-z0-9_-]{43})/.exec(body)?.[1];
  expect(token && link, body).toBeTruthy();
  expect((await request.post("/api/newsletter/confirm", { data: { token } })).status()).toBe(200);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(link!);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Se désinscrire" })).toBeVisible();
  await expect(main).toContainText(/Un appui sur «\u00a0Se désinscrire\u00a0» retire l.adresse/);
  await expect(main).not.toContainText("Vous ne recevrez plus");
  const press = main.getByRole("button", { name: "Se désinscrire" });
  await expect(press).toBeInViewport();
  expect(await appViolations(page), "/lettre/desinscription before the press").toEqual([]);

  await press.click();
  const status = main.getByRole("status");
  await expect(status).toHaveText("Vous êtes désinscrit de la lettre d'information. Vous ne la recevrez plus.");
  await expect(status).toBeFocused();
  await expect(press).toBeHidden();
  expect(await appViolations(page), "/lettre/desinscription after the press").toEqual([]);
});

test("a mail's link to a profile section lands on that section on a phone (375 px)", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, ADMIN);
  for (const [id, heading] of [["notifications", "Notifications"], ["double-authentification", "Sécurité de la connexion"]] as const) {
    // From another page each time: a change of the fragment alone would let the browser scroll by itself.
    await page.goto("/");
    await page.goto(`/user/profile#${id}`);
    const section = page.locator(`section#${id}`);
    await expect(section.getByRole("heading", { level: 2, name: heading })).toBeInViewport();
  }
});
