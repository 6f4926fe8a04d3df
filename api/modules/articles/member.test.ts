import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sample from "../../lib/uploads/samples";
import { makeArticle, makeMedia, makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { changesDuring, formData, person, send, uploaded, type Person } from "./test-kit";

describe("member article routes", () => {
  let h: Harness;
  let awa: Person;
  let jean: Person;
  let eco: { id: string };
  let mer: { id: string };
  let ids: Record<"jeanPublic" | "jeanPending" | "awaPending" | "awaPendingUrl" | "awaOffline" | "jeanMediaPending" | "awaMediaPending", string>;

  const valid = () => ({ title: "Une idée neuve", txt_content: "Un texte.", themes: [eco.id] });

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    awa = await person(h, "awa");
    jean = await person(h, "jean");
    eco = await makeTheme(db, "Économie");
    mer = await makeTheme(db, "Mer");
    const jeanPublic = await makeArticle(db, { title: "Public de Jean", authors: [jean.id], themes: [eco.id] });
    const jeanPending = await makeArticle(db, { title: "Brouillon de Jean", approved: false, authors: [jean.id] });
    const awaPending = await makeArticle(db, { title: "Brouillon d'Awa", approved: false, authors: [awa.id], themes: [eco.id] });
    const awaOffline = await makeArticle(db, { title: "Hors ligne d'Awa", online: false, authors: [awa.id], themes: [eco.id] });
    const jeanMediaPending = await makeMedia(db, { approved: false, uploadedBy: jean.id });
    const awaMediaPending = await makeMedia(db, { approved: false, uploadedBy: awa.id });
    ids = {
      jeanPublic: jeanPublic.id,
      jeanPending: jeanPending.id,
      awaPending: awaPending.id,
      awaPendingUrl: awaPending.url,
      awaOffline: awaOffline.id,
      jeanMediaPending: jeanMediaPending.id,
      awaMediaPending: awaMediaPending.id,
    };
  });
  afterAll(() => h.close());

  it("answers 401 with a French message to anonymous callers on every member route", async () => {
    const routes: [string, string][] = [
      ["GET", "/api/user/articles"],
      ["GET", `/api/user/articles/${ids.jeanPublic}`],
      ["POST", "/api/user/articles"],
      ["PUT", `/api/user/articles/${ids.awaPending}`],
      ["DELETE", `/api/user/articles/${ids.awaPending}`],
      ["PUT", `/api/user/articles/${ids.awaPending}/article-pic/original`],
      ["POST", `/api/user/articles/${ids.awaPending}/article-pic-crop`],
      ["DELETE", `/api/user/articles/${ids.awaPending}/article-pic`],
      ["GET", "/api/user/themes"],
      ["GET", "/api/user/stats"],
    ];
    for (const [method, path] of routes) {
      const body = method === "POST" || method === "PUT" ? valid() : undefined;
      expect(await send(h, method, path, body), `${method} ${path}`).toEqual({ status: 401, json: { message: "Veuillez vous connecter." } });
    }
  });

  it("lists the caller's articles in any state and the other members' public ones, with their flags", async () => {
    const { status, json } = await send(h, "GET", "/api/user/articles", undefined, awa.auth);
    expect(status).toBe(200);
    const byTitle = Object.fromEntries(json.map((a: { title: string }) => [a.title, a]));
    expect(Object.keys(byTitle).sort()).toEqual(["Brouillon d'Awa", "Hors ligne d'Awa", "Public de Jean"]);
    expect(byTitle["Brouillon d'Awa"]).toMatchObject({ approved: false, online: true });
    expect(byTitle["Hors ligne d'Awa"]).toMatchObject({ approved: true, online: false });
  });

  it("keeps only the caller's own articles with mine=1", async () => {
    const { json } = await send(h, "GET", "/api/user/articles?mine=1", undefined, awa.auth);
    expect(json.map((a: { title: string }) => a.title).sort()).toEqual(["Brouillon d'Awa", "Hors ligne d'Awa"]);
  });

  it("searches title, text and keywords whatever the case and the accents", async () => {
    const created = await send(
      h,
      "POST",
      "/api/user/articles",
      { title: "Pêche à Gorée", txt_content: "Les pirogues de Soumbédioune.", keywords: "Océan, Sénégal", themes: [mer.id] },
      awa.auth,
    );
    expect(created.status).toBe(200);
    const titles = async (q: string) =>
      (await send(h, "GET", `/api/user/articles?q=${encodeURIComponent(q)}`, undefined, awa.auth)).json.map((a: { title: string }) => a.title);
    expect(await titles("PECHE goree")).toEqual(["Pêche à Gorée"]);
    expect(await titles("soumbedioune")).toEqual(["Pêche à Gorée"]);
    expect(await titles("senegal")).toEqual(["Pêche à Gorée"]);
    expect(await titles("OCÉAN")).toEqual(["Pêche à Gorée"]);
    expect(await titles("pêche introuvable")).toEqual([]);
    // Another member's pending article is not found by searching either.
    expect(await titles("brouillon")).toEqual(["Brouillon d'Awa"]);
  });

  it("answers one page of what the member may see when a page is asked for, searched and sorted in the database", async () => {
    const get = async (query: string) => (await send(h, "GET", `/api/user/articles?page=1&${query}`, undefined, awa.auth)).json;
    const page = await get("pageSize=25&sort=title");
    expect(page).toMatchObject({ page: 1, pageSize: 25 });
    // Jean's draft stays hidden; Awa's own drafts and offline article are there.
    expect(page.items.map((a: { title: string }) => a.title)).toEqual(["Brouillon d'Awa", "Hors ligne d'Awa", "Pêche à Gorée", "Public de Jean"]);
    expect(page.total).toBe(4);
    expect((await get("mine=1")).total).toBe(3);
    // « Articles des membres »: the others' public articles only.
    expect((await get("mine=0")).items.map((a: { title: string }) => a.title)).toEqual(["Public de Jean"]);
    expect((await get("q=brouil")).items.map((a: { title: string }) => a.title)).toEqual(["Brouillon d'Awa"]);
    expect((await get("q=brouil")).total).toBe(1);
    expect((await get("status=pending")).total).toBe(2);
    expect((await get("q=goree&status=pending")).items.map((a: { title: string }) => a.title)).toEqual(["Pêche à Gorée"]);
  });

  it("counts a public article the member co-wrote once in the page's total", async () => {
    const total = async () => (await send(h, "GET", "/api/user/articles?page=1&q=carnet", undefined, awa.auth)).json.total;
    expect(await total()).toBe(0);
    await makeArticle(h.database.db, { title: "Carnet commun", authors: [awa.id] });
    expect(await total()).toBe(1);
  });

  it("creates a pending article from a multipart form, authored by the caller, without rebuilding the site", async () => {
    let res: Awaited<ReturnType<typeof send>> = { status: 0, json: null };
    const changes = await changesDuring(h, async () => {
      res = await send(
        h,
        "POST",
        "/api/user/articles",
        formData({
          title: "L'économie bleue",
          txt_content: "Premier paragraphe.",
          html_content: '<p>Premier <script>alert(1)</script><a href="javascript:alert(1)">lien</a></p>',
          keywords: "mer, pêche, , mer",
          themes: [eco.id, mer.id],
          media: ids.awaMediaPending,
        }),
        awa.auth,
      );
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: "L'économie bleue", url: "l-economie-bleue", approved: false, online: true, keywords: ["mer", "pêche"] });
    expect(res.json.authors.map((a: { nickname: string }) => a.nickname)).toEqual(["awa"]);
    expect(res.json.themes.map((t: { _id: string }) => t._id).sort()).toEqual([eco.id, mer.id].sort());
    expect(res.json.media.map((m: { _id: string }) => m._id)).toEqual([ids.awaMediaPending]);
    expect(res.json.html_content).not.toContain("script");
    expect(res.json.html_content).not.toContain("javascript:");
    expect(changes).toBe(0);
    expect((await send(h, "GET", `/api/public/article/${res.json.url}`)).status).toBe(404);
    // Nowhere on the public API: lists, the build's bulk read, the author page, theme counts.
    for (const path of ["/api/public/articles", "/api/public/articles/full", "/api/public/author/awa", "/api/public/themes-with-count"]) {
      const { status, json } = await send(h, "GET", path);
      expect(status, path).toBe(200);
      expect(JSON.stringify(json), path).not.toContain("conomie bleue");
    }
    expect((await send(h, "GET", "/api/public/themes-with-count")).json.find((t: { _id: string }) => t._id === mer.id).count).toBe(0);
  });

  it("lets an article keep a media withdrawn since it was attached, but not attach a new one", async () => {
    const other = await makeMedia(h.database.db, { uploadedBy: jean.id });
    const mine = await makeArticle(h.database.db, { authors: [awa.id], themes: [eco.id], media: [other.id] });
    await h.database.client.execute({ sql: "update media set approved = 0 where id = ?", args: [other.id] });
    const kept = await send(h, "PUT", `/api/user/articles/${mine.id}`, { ...valid(), media: [other.id] }, awa.auth);
    expect(kept.status).toBe(200);
    const added = await send(h, "PUT", `/api/user/articles/${mine.id}`, { ...valid(), media: [other.id, ids.jeanMediaPending] }, awa.auth);
    expect(added).toEqual({ status: 400, json: { message: "Média inconnu ou non disponible." } });
  });

  it("gives a second article with the same title its own url", async () => {
    const a = await send(h, "POST", "/api/user/articles", { ...valid(), title: "Même titre" }, awa.auth);
    const b = await send(h, "POST", "/api/user/articles", formData({ ...valid(), title: "Même titre" }), jean.auth);
    expect([a.json.url, b.json.url]).toEqual(["meme-titre", "meme-titre-2"]);
  });

  it("refuses bad article forms with the spec's French messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ txt_content: "x", themes: [eco.id] }, "Le titre est obligatoire"],
      [{ ...valid(), title: "   " }, "Le titre est obligatoire"],
      [{ ...valid(), title: "t".repeat(201) }, "Le titre est trop long (max 200 caractères)"],
      [{ ...valid(), txt_content: " " }, "Le contenu est obligatoire"],
      [{ ...valid(), txt_content: "x".repeat(10_001) }, "Le contenu est trop long (max 10 000 caractères)"],
      [{ title: "Sans thème", txt_content: "x" }, "Au moins un thème doit être sélectionné"],
      [{ ...valid(), themes: ["000000000000000000000000"] }, "Thème inconnu."],
      [{ ...valid(), media: [ids.jeanMediaPending] }, "Média inconnu ou non disponible."],
    ];
    for (const [body, message] of cases) {
      expect(await send(h, "POST", "/api/user/articles", body, awa.auth), message).toEqual({ status: 400, json: { message } });
    }
    // The same rules hold for multipart bodies.
    const multipart = await send(h, "POST", "/api/user/articles", formData({ title: "Sans thème", txt_content: "x", clearThemes: "true" }), awa.auth);
    expect(multipart).toEqual({ status: 400, json: { message: "Au moins un thème doit être sélectionné" } });
  });

  it("reads one article by id or by url, the caller's own drafts included", async () => {
    expect((await send(h, "GET", `/api/user/articles/${ids.awaPending}`, undefined, awa.auth)).json.title).toBe("Brouillon d'Awa");
    expect((await send(h, "GET", `/api/user/articles/${ids.awaPendingUrl}`, undefined, awa.auth)).json._id).toBe(ids.awaPending);
    expect((await send(h, "GET", `/api/user/articles/${ids.jeanPending}`, undefined, awa.auth)).status).toBe(404);
  });

  it("keeps an approved article public, as approved, while its author's edit waits for an admin", async () => {
    const mine = await makeArticle(h.database.db, { title: "Publié d'Awa", authors: [awa.id, jean.id], themes: [eco.id] });
    expect((await send(h, "GET", `/api/public/article/${mine.url}`)).status).toBe(200);
    let res: Awaited<ReturnType<typeof send>> = { status: 0, json: null };
    // A co-author may edit too.
    const changes = await changesDuring(h, async () => {
      res = await send(h, "PUT", `/api/user/articles/${mine.id}`, formData({ title: "Publié puis revu", txt_content: "Nouveau texte." }), jean.auth);
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: "Publié puis revu", txt_content: "Nouveau texte.", approved: true, pendingEdit: true, url: mine.url });
    // Themes not sent are kept.
    expect(res.json.themes.map((t: { _id: string }) => t._id)).toEqual([eco.id]);
    // Nothing the public reads changed (api/modules/articles/revisions.test.ts follows the approval).
    expect(changes).toBe(0);
    expect((await send(h, "GET", `/api/public/article/${mine.url}`)).json.title).toBe("Publié d'Awa");
  });

  it("replaces or clears the media and themes of an article as the flags say", async () => {
    const mine = await makeArticle(h.database.db, { authors: [awa.id], themes: [eco.id], media: [ids.awaMediaPending] });
    const cleared = await send(h, "PUT", `/api/user/articles/${mine.id}`, formData({ ...valid(), themes: mer.id, clearMedia: "true" }), awa.auth);
    expect(cleared.status).toBe(200);
    expect(cleared.json.media).toEqual([]);
    expect(cleared.json.themes.map((t: { _id: string }) => t._id)).toEqual([mer.id]);
    const noTheme = await send(h, "PUT", `/api/user/articles/${mine.id}`, { ...valid(), themes: undefined, clearThemes: true }, awa.auth);
    expect(noTheme).toEqual({ status: 400, json: { message: "Au moins un thème doit être sélectionné" } });
  });

  it("refuses with 403 to edit or delete another member's article, and 404 for an unknown one", async () => {
    const forbidden = { status: 403, json: { message: "Cet article n'est pas le vôtre\u00a0: seuls ses auteurs peuvent le modifier ou le supprimer." } };
    expect(await send(h, "PUT", `/api/user/articles/${ids.jeanPublic}`, valid(), awa.auth)).toEqual(forbidden);
    expect(await send(h, "DELETE", `/api/user/articles/${ids.jeanPending}`, undefined, awa.auth)).toEqual(forbidden);
    expect(await send(h, "DELETE", `/api/user/articles/${ids.jeanPublic}/article-pic`, undefined, awa.auth)).toEqual(forbidden);
    const pic = formData({ croppedPic: new File([await sample.picture("jpeg")], "a.jpg", { type: "image/jpeg" }) });
    expect(await send(h, "POST", `/api/user/articles/${ids.jeanPublic}/article-pic-crop`, pic, awa.auth)).toEqual(forbidden);
    const unknown = { status: 404, json: { message: "Article non trouvé." } };
    expect(await send(h, "PUT", "/api/user/articles/000000000000000000000000", valid(), awa.auth)).toEqual(unknown);
    expect(await send(h, "DELETE", "/api/user/articles/000000000000000000000000", undefined, awa.auth)).toEqual(unknown);
    // Nothing changed.
    expect((await send(h, "GET", `/api/public/article/${(await send(h, "GET", `/api/user/articles/${ids.jeanPublic}`, undefined, jean.auth)).json.url}`)).status).toBe(200);
  });

  it("saves a cropped picture 800 px wide, replaces it under a new name and removes the old files", async () => {
    const mine = await makeArticle(h.database.db, { authors: [awa.id], themes: [eco.id], approved: false });
    const crop = async () =>
      send(h, "POST", `/api/user/articles/${mine.id}/article-pic-crop`, formData({ croppedPic: new File([await sample.picture("png", 1600, 900)], "c.png") }), awa.auth);
    const first = await crop();
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ _id: mine.id, message: "Image recadrée et sauvée" });
    const name = first.json.articlePic as string;
    expect(uploaded(h, `article_pics/${name}`)).toBe(true);
    expect((await sharp(`${h.deps.env.uploadsDir}/article_pics/${name}`).metadata()).width).toBe(800);
    const second = await crop();
    expect(second.json.articlePic).not.toBe(name);
    expect(uploaded(h, `article_pics/${name}`)).toBe(false);
    expect(uploaded(h, `article_pics/${second.json.articlePic}`)).toBe(true);

    const original = await send(
      h,
      "PUT",
      `/api/user/articles/${mine.id}/article-pic/original`,
      formData({ originalPic: new File([await sample.picture("jpeg", 300, 200)], "o.jpg") }),
      awa.auth,
    );
    expect(original.status).toBe(200);
    expect(uploaded(h, `article_pics/${original.json.articlePicOriginal}`)).toBe(true);

    const removed = await send(h, "DELETE", `/api/user/articles/${mine.id}/article-pic`, undefined, awa.auth);
    expect(removed.json).toEqual({ _id: mine.id, articlePic: null, articlePicOriginal: null, message: "Image supprimée" });
    expect(uploaded(h, `article_pics/${second.json.articlePic}`)).toBe(false);
    expect(uploaded(h, `article_pics/${original.json.articlePicOriginal}`)).toBe(false);
  });

  it("refuses pictures of the wrong format, too large or missing with the spec's messages", async () => {
    const path = `/api/user/articles/${ids.awaPending}/article-pic-crop`;
    const pdf = await send(h, "POST", path, formData({ croppedPic: new File([sample.pdf()], "fake.jpg", { type: "image/jpeg" }) }), awa.auth);
    expect(pdf).toEqual({ status: 415, json: { message: "Format d'image non supporté (JPG, PNG, WEBP uniquement)" } });
    const gif = await send(h, "POST", path, formData({ croppedPic: new File([await sample.picture("gif")], "a.gif") }), awa.auth);
    expect(gif.status).toBe(415);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await sample.picture("jpeg"));
    const tooBig = await send(h, "POST", path, formData({ croppedPic: new File([big], "big.jpg") }), awa.auth);
    expect(tooBig).toEqual({ status: 413, json: { message: "Image trop volumineuse (max 5MB)" } });
    const none = await send(h, "POST", path, formData({ other: "x" }), awa.auth);
    expect(none.status).toBe(400);
    expect(none.json.message).toMatch(/[a-zé]/);
  });

  it("moves the caller's deleted article to the trash, and removes its picture files once purged from there", async () => {
    const mine = await makeArticle(h.database.db, { authors: [awa.id], themes: [eco.id] });
    const crop = await send(
      h,
      "POST",
      `/api/user/articles/${mine.id}/article-pic-crop`,
      formData({ croppedPic: new File([await sample.picture("jpeg", 900, 500)], "c.jpg") }),
      awa.auth,
    );
    const file = `article_pics/${crop.json.articlePic}`;
    expect(uploaded(h, file)).toBe(true);
    const res = await send(h, "DELETE", `/api/user/articles/${mine.id}`, undefined, awa.auth);
    expect(res).toEqual({ status: 200, json: { message: "Article supprimé avec succès." } });
    expect((await send(h, "GET", `/api/user/articles/${mine.id}`, undefined, awa.auth)).status).toBe(404);
    // In the trash its files stay (« Restaurer » must find them) until « Supprimer définitivement ».
    expect(uploaded(h, file)).toBe(true);
    expect((await send(h, "DELETE", `/api/user/trash/article/${mine.id}`, undefined, awa.auth)).status).toBe(200);
    expect(uploaded(h, file)).toBe(false);
    expect(uploaded(h, file.replace(".jpg", "-800.webp"))).toBe(false);
  });

  it("lists the themes for the article form and counts the caller's own articles and media", async () => {
    const themes = await send(h, "GET", "/api/user/themes", undefined, awa.auth);
    expect(themes.status).toBe(200);
    expect(themes.json.map((t: { _id: string }) => t._id).sort()).toEqual([eco.id, mer.id].sort());
    const jeanStats = await send(h, "GET", "/api/user/stats", undefined, jean.auth);
    const jeanOwn = (await send(h, "GET", "/api/user/articles?mine=1", undefined, jean.auth)).json.length;
    const jeanMedia = (await send(h, "GET", "/api/user/media?mine=1", undefined, jean.auth)).json.length;
    expect(jeanMedia).toBeGreaterThan(0);
    expect(jeanStats).toEqual({ status: 200, json: { articles: jeanOwn, published: expect.any(Number), pending: expect.any(Number), drafts: 0, media: jeanMedia } });
  });

  it("counts as published only the caller's approved and online articles, and the pending ones apart (issue 19 §3.19)", async () => {
    const db = h.database.db;
    const solo = await person(h, "solo");
    await makeArticle(db, { authors: [solo.id], approved: true, online: true });
    await makeArticle(db, { authors: [solo.id], approved: true, online: false });
    await makeArticle(db, { authors: [solo.id], approved: false, online: true });
    await makeArticle(db, { authors: [solo.id], approved: false, online: true });
    const { status, json } = await send(h, "GET", "/api/user/stats", undefined, solo.auth);
    expect(status).toBe(200);
    expect(json).toMatchObject({ articles: 4, published: 1, pending: 2 });
  });
});
