/**
 * « Corbeille » (issue 20 §6) through the real app on a real libSQL file: a deleted article or media leaves every
 * public answer, list and count at once; « Restaurer » brings it back exactly as it was; « Supprimer
 * définitivement » and the 30-day purge remove it and its files; each step is in the journal.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { articles, auditLog, media } from "../../../db/schema";
import * as sample from "../../lib/uploads/samples";
import { makeArticle, makeMedia, makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { formData, person, send, uploaded, type Person } from "../articles/test-kit";
import { purgeExpired } from "./purge";

describe("the trash", () => {
  let h: Harness;
  let awa: Person;
  let jean: Person;
  let chef: Person;
  let theme: { id: string; name: string };

  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa-corbeille");
    jean = await person(h, "jean-corbeille");
    chef = await person(h, "chef-corbeille", "admin");
    theme = await makeTheme(h.database.db, "Pêche durable");
  });
  afterAll(() => h.close());

  const journal = async (itemId: string) =>
    (await h.database.db.select().from(auditLog).where(eq(auditLog.itemId, itemId))).map((e) => [e.action, e.actor]);
  const ids = (list: { _id: string }[]) => list.map((x) => x._id);
  /** A picture Awa uploads through the route, so it has a file on disk for the purge to remove. */
  const uploadPicture = async (title: string, width: number, height: number) =>
    send(h, "POST", "/api/user/media", formData({ title, type: "image", description: "Affiche.", file: new File([await sample.picture("png", width, height)], "a.png") }), awa.auth);

  it("hides a deleted article from the public answers, the lists and the counts, and brings it back as it was", async () => {
    const db = h.database.db;
    const linked = await makeMedia(db, { title: "Carte des zones de pêche", uploadedBy: awa.id });
    const article = await makeArticle(db, { title: "La pêche au Saloum", authors: [awa.id, jean.id], themes: [theme.id], media: [linked.id] });
    const before = {
      article: (await send(h, "GET", `/api/public/article/${article.url}`)).json,
      stats: (await send(h, "GET", "/api/admin/stats", undefined, chef.auth)).json,
      themes: (await send(h, "GET", "/api/public/themes-with-count")).json,
      mine: (await send(h, "GET", "/api/user/stats", undefined, jean.auth)).json,
    };
    expect(before.article.media.map((m: { _id: string }) => m._id)).toEqual([linked.id]);

    expect(await send(h, "DELETE", `/api/user/articles/${article.id}`, undefined, awa.auth)).toEqual({ status: 200, json: { message: "Article supprimé avec succès." } });

    expect((await send(h, "GET", `/api/public/article/${article.url}`)).status).toBe(404);
    expect(ids((await send(h, "GET", "/api/public/articles")).json)).not.toContain(article.id);
    expect(ids((await send(h, "GET", "/api/public/articles/full")).json)).not.toContain(article.id);
    expect(ids((await send(h, "GET", `/api/public/author/${awa.nickname}`)).json.articles)).not.toContain(article.id);
    expect(ids((await send(h, "GET", "/api/user/articles", undefined, jean.auth)).json)).not.toContain(article.id);
    expect(ids((await send(h, "GET", "/api/user/articles?page=1", undefined, jean.auth)).json.items)).not.toContain(article.id);
    expect(ids((await send(h, "GET", "/api/admin/articles?page=1", undefined, chef.auth)).json.items)).not.toContain(article.id);
    expect((await send(h, "GET", `/api/user/articles/${article.id}`, undefined, jean.auth)).status).toBe(404);
    expect((await send(h, "PUT", `/api/admin/articles/${article.id}/online`, { online: false }, chef.auth)).status).toBe(404);
    const stats = (await send(h, "GET", "/api/admin/stats", undefined, chef.auth)).json;
    expect(stats.articles).toBe(before.stats.articles - 1);
    expect((await send(h, "GET", "/api/user/stats", undefined, jean.auth)).json.articles).toBe(before.mine.articles - 1);
    const count = (list: { _id: string; count: number }[]) => list.find((t) => t._id === theme.id)?.count;
    expect(count((await send(h, "GET", "/api/public/themes-with-count")).json)).toBe(count(before.themes)! - 1);

    // Both co-authors find it in their trash; a stranger does not.
    for (const who of [awa, jean]) {
      const trash = (await send(h, "GET", "/api/user/trash?page=1", undefined, who.auth)).json;
      expect(trash.items).toContainEqual(expect.objectContaining({ kind: "article", _id: article.id, title: "La pêche au Saloum", deletedBy: expect.objectContaining({ nickname: awa.nickname }) }));
    }
    expect(ids((await send(h, "GET", "/api/user/trash", undefined, chef.auth)).json.items)).not.toContain(article.id);

    expect(await send(h, "POST", `/api/user/trash/article/${article.id}/restore`, undefined, jean.auth)).toMatchObject({ status: 200, json: { message: "Article restauré." } });
    const back = (await send(h, "GET", `/api/public/article/${article.url}`)).json;
    expect(back).toEqual(before.article);
    expect(back.authors.map((a: { _id: string }) => a._id)).toEqual([awa.id, jean.id]);
    expect(back.themes.map((t: { _id: string }) => t._id)).toEqual([theme.id]);
    expect((await send(h, "GET", "/api/admin/stats", undefined, chef.auth)).json).toEqual(before.stats);
    expect(ids((await send(h, "GET", "/api/user/trash", undefined, awa.auth)).json.items)).not.toContain(article.id);
    expect(await journal(article.id)).toEqual([
      ["trash", awa.nickname],
      ["restore", jean.nickname],
    ]);
  });

  it("keeps a trashed media's place in its articles while it is away, and puts it back on restore", async () => {
    const db = h.database.db;
    const [first, second] = [await makeMedia(db, { title: "Un" }), await makeMedia(db, { title: "Deux" })];
    const article = await makeArticle(db, { authors: [awa.id], themes: [theme.id], media: [first.id, second.id] });
    expect((await send(h, "DELETE", `/api/admin/media/${first.id}`, undefined, chef.auth)).status).toBe(200);
    expect((await send(h, "GET", `/api/public/media/${first.url}`)).status).toBe(404);
    expect(ids((await send(h, "GET", "/api/public/media")).json)).not.toContain(first.id);
    expect(ids((await send(h, "GET", `/api/public/article/${article.url}`)).json.media)).toEqual([second.id]);
    // The author re-saves the article meanwhile: the link to the trashed media is not lost.
    const saved = await send(h, "PUT", `/api/user/articles/${article.id}`, { title: "Deux médias", txt_content: "Texte.", themes: [theme.id], media: [second.id] }, awa.auth);
    expect(saved.status).toBe(200);
    // A trashed media cannot be newly attached.
    const attach = await send(h, "PUT", `/api/user/articles/${article.id}`, { title: "Deux médias", txt_content: "Texte.", themes: [theme.id], media: [first.id] }, awa.auth);
    expect(attach).toMatchObject({ status: 400, json: { message: "Média inconnu ou non disponible." } });
    expect((await send(h, "POST", `/api/admin/trash/media/${first.id}/restore`, undefined, chef.auth)).status).toBe(200);
    // Back in the article (its place among the others may have moved if the article was re-saved meanwhile).
    expect(ids((await send(h, "GET", `/api/admin/articles/${article.id}`, undefined, chef.auth)).json.media).sort()).toEqual([first.id, second.id].sort());
  });

  it("lets a member restore or purge only what they may delete, and says so in French", async () => {
    const db = h.database.db;
    const hers = await makeMedia(db, { uploadedBy: awa.id });
    const live = await makeMedia(db, { uploadedBy: awa.id });
    expect((await send(h, "DELETE", `/api/user/media/${hers.id}`, undefined, awa.auth)).status).toBe(200);
    expect(await send(h, "POST", `/api/user/trash/media/${hers.id}/restore`, undefined, jean.auth)).toMatchObject({ status: 403, json: { message: expect.stringMatching(/pas le vôtre/) } });
    expect((await send(h, "DELETE", `/api/user/trash/media/${hers.id}`, undefined, jean.auth)).status).toBe(403);
    expect(await send(h, "POST", `/api/user/trash/media/${live.id}/restore`, undefined, awa.auth)).toMatchObject({ status: 404, json: { message: "Média introuvable dans la corbeille." } });
    expect(await send(h, "POST", `/api/user/trash/theme/${hers.id}/restore`, undefined, awa.auth)).toMatchObject({ status: 400, json: { message: "Type inconnu (article ou media)." } });
    expect(await send(h, "GET", "/api/user/trash?kind=event", undefined, awa.auth)).toMatchObject({ status: 400 });
    expect(await send(h, "GET", "/api/user/trash?owner=x", undefined, awa.auth)).toMatchObject({ status: 400 });
    expect((await db.select().from(media).where(eq(media.id, hers.id)))[0]?.deletedAt).toBeInstanceOf(Date);
  });

  it("lists the trash by kind and by search, newest deletion first, with the day of the purge", async () => {
    const db = h.database.db;
    const a = await makeArticle(db, { title: "Mangroves du delta", authors: [jean.id], themes: [theme.id] });
    const m = await makeMedia(db, { title: "Mangroves en images", uploadedBy: jean.id });
    expect((await send(h, "DELETE", `/api/user/articles/${a.id}`, undefined, jean.auth)).status).toBe(200);
    expect((await send(h, "DELETE", `/api/user/media/${m.id}`, undefined, jean.auth)).status).toBe(200);
    const all = (await send(h, "GET", "/api/admin/trash?q=mangroves", undefined, chef.auth)).json;
    expect(all.items.map((i: { _id: string }) => i._id)).toEqual([m.id, a.id]);
    expect(all.total).toBe(2);
    const item = all.items[0];
    expect(new Date(item.purgeAt).getTime() - new Date(item.deletedAt).getTime()).toBe(30 * 86_400_000);
    expect(ids((await send(h, "GET", "/api/admin/trash?q=mangroves&kind=article", undefined, chef.auth)).json.items)).toEqual([a.id]);
    expect((await send(h, "GET", "/api/user/trash?kind=media&pageSize=25", undefined, jean.auth)).json.items.map((i: { mediaType: string }) => i.mediaType)).toContain("link");
  });

  it("removes the row and the files for good on « Supprimer définitivement »", async () => {
    const created = await uploadPicture("Affiche", 400, 300);
    const id = created.json._id as string;
    expect((await send(h, "DELETE", `/api/user/media/${id}`, undefined, awa.auth)).status).toBe(200);
    expect(uploaded(h, created.json.path)).toBe(true);
    expect(await send(h, "DELETE", `/api/user/trash/media/${id}`, undefined, awa.auth)).toMatchObject({ status: 200, json: { message: "Média supprimé définitivement." } });
    expect(uploaded(h, created.json.path)).toBe(false);
    expect(await h.database.db.select().from(media).where(eq(media.id, id))).toEqual([]);
    expect(await journal(id)).toEqual([
      ["trash", awa.nickname],
      ["purge", awa.nickname],
    ]);
  });

  it("purges what has waited more than 30 days, not before, and a second run changes nothing", async () => {
    const db = h.database.db;
    const deletedAt = new Date("2026-10-01T10:00:00Z");
    const article = await makeArticle(db, { authors: [awa.id], themes: [theme.id] });
    const created = await uploadPicture("Vieille affiche", 300, 200);
    const mediaId = created.json._id as string;
    await db.update(articles).set({ deletedAt, deletedBy: awa.id }).where(eq(articles.id, article.id));
    await db.update(media).set({ deletedAt, deletedBy: awa.id }).where(eq(media.id, mediaId));
    const day = 86_400_000;

    const at29 = await purgeExpired(db, h.deps.env.uploadsDir, new Date(deletedAt.getTime() + 29 * day));
    expect(at29).toMatchObject({ articles: 0, media: 0 });
    expect(uploaded(h, created.json.path)).toBe(true);

    const at31 = new Date(deletedAt.getTime() + 31 * day);
    expect(await purgeExpired(db, h.deps.env.uploadsDir, at31)).toMatchObject({ articles: 1, media: 1, more: false });
    expect(await db.select().from(articles).where(eq(articles.id, article.id))).toEqual([]);
    expect(await db.select().from(media).where(eq(media.id, mediaId))).toEqual([]);
    expect(uploaded(h, created.json.path)).toBe(false);
    expect(await purgeExpired(db, h.deps.env.uploadsDir, at31)).toMatchObject({ articles: 0, media: 0 });
    const purged = await db.select().from(auditLog).where(and(eq(auditLog.action, "purge"), eq(auditLog.itemId, mediaId)));
    expect(purged).toHaveLength(1);
    expect(purged[0]).toMatchObject({ actor: "purge automatique", userId: null });
  });
});
