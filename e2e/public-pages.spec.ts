import { expect, test } from "@playwright/test";
import { frenchTypography as fr } from "../site/src/lib/typography";

/** Every public route of the spec answers with demo content; paths are discovered through the public API. */
test.describe("public pages exist with real content", () => {
  test("static routes answer 200 with their headings", async ({ page }) => {
    for (const [path, text] of [
      ["/", "Cercle Impulsion"],
      ["/about", "Cercle Axiologique"],
      ["/cercle-impulsion", "Cercle Impulsion"],
      ["/cercle-axiologique", "Cercle Axiologique"],
      ["/contact", "Envoyer"],
      ["/mediatheque", "Médiathèque"],
      ["/articles", "Articles"],
      ["/events", "Events"],
    ] as const) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(200);
      await expect(page.locator("main"), path).toContainText(text);
    }
  });

  test("member grids link to member profiles with accented and compound names", async ({ page, request }) => {
    const members = await (await request.get("/api/public/cercle-impulsion")).json();
    expect(members.length).toBeGreaterThanOrEqual(10);
    await page.goto("/cercle-impulsion/members");
    for (const m of members.slice(0, 3)) await expect(page.locator("main")).toContainText(m.firstname);
    const compound = members.find((m: { fullname: string }) => m.fullname.split("_").length > 2) ?? members[0];
    const res = await page.goto(`/cercle-impulsion/${encodeURIComponent(compound.fullname)}`);
    expect(res?.status()).toBe(200);
    await expect(page.locator("h1")).toContainText(compound.firstname);
  });

  test("articles, themes and an article page come from the database", async ({ page, request }) => {
    const articles = await (await request.get("/api/public/articles")).json();
    expect(articles.length).toBeGreaterThanOrEqual(30);
    await page.goto("/articles");
    await expect(page.locator("main")).toContainText(fr(articles[0].title));
    const res = await page.goto(`/article/${articles[0].url}`);
    expect(res?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveText(fr(articles[0].title));
    const theme = articles[0].themes[0];
    await page.goto(`/articles/${theme.url}`);
    await expect(page.locator("main")).toContainText(theme.name);
    await expect(page.getByRole("link", { name: "← Tous les articles" })).toBeVisible();
  });

  test("media pages exist for every type, with typed audio and video pages", async ({ page, request }) => {
    const media = await (await request.get("/api/public/media")).json();
    for (const type of ["audio", "video", "pdf", "image", "external", "link"]) {
      expect((await page.goto(`/mediatheque/${type}`))?.status(), type).toBe(200);
      const one = media.find((m: { type: string }) => m.type === type);
      expect(one, `a public ${type} media`).toBeTruthy();
      expect((await page.goto(`/media/${one.url}`))?.status(), one.url).toBe(200);
      await expect(page.locator("h1")).toHaveText(fr(one.title));
    }
    const audio = media.find((m: { type: string }) => m.type === "audio");
    expect((await page.goto(`/mediatheque/audio/${audio.url}`))?.status()).toBe(200);
    const video = media.find((m: { type: string }) => m.type === "video");
    expect((await page.goto(`/mediatheque/video/${video.url}`))?.status()).toBe(200);
  });

  test("events and an event page, and an author profile", async ({ page, request }) => {
    const events = await (await request.get("/api/public/events")).json();
    expect(events.length).toBeGreaterThanOrEqual(10);
    expect((await page.goto(`/event/${events[0].url}`))?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveText(fr(events[0].title));
    const articles = await (await request.get("/api/public/articles")).json();
    const author = articles[0].authors[0];
    expect((await page.goto(`/user/${author.nickname}`))?.status()).toBe(200);
    await expect(page.locator("main")).toContainText(author.firstname);
  });

  test("content that is pending or offline is not on the public site", async ({ request }) => {
    const articles: { approved: boolean; online: boolean }[] = await (await request.get("/api/public/articles")).json();
    expect(articles.every((a) => a.approved && a.online)).toBe(true);
    const media: { approved: boolean; online: boolean }[] = await (await request.get("/api/public/media")).json();
    expect(media.every((m) => m.approved && m.online)).toBe(true);
  });

  test("unknown paths get the French 404 page with status 404", async ({ page }) => {
    const res = await page.goto("/cette-page-n-existe-pas");
    expect(res?.status()).toBe(404);
    await expect(page.locator("main")).toContainText("Page introuvable");
    expect((await page.goto("/article/article-inconnu"))?.status()).toBe(404);
  });

  test("pages are compressed and HTML revalidates", async ({ request }) => {
    const res = await request.get("/articles", { headers: { "accept-encoding": "br, gzip" } });
    expect(["br", "gzip"]).toContain(res.headers()["content-encoding"]);
    expect(res.headers()["cache-control"]).toContain("must-revalidate");
    expect(res.headers()["content-security-policy"]).toContain("default-src 'self'");
  });

  test("uploaded files are served with their type and byte ranges", async ({ request }) => {
    const media = await (await request.get("/api/public/media")).json();
    const audio = media.find((m: { type: string; path: string }) => m.type === "audio" && m.path);
    const res = await request.get(audio.path, { headers: { range: "bytes=0-11" } });
    expect(res.status()).toBe(206);
    expect(res.headers()["content-type"]).toMatch(/^audio\//);
    expect((await res.body()).length).toBe(12);
  });
});
