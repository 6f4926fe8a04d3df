import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, notifications } from "../../../db/schema";
import { makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { person, send, type Person } from "./test-kit";

/** Issue 20 §2: « Brouillon » (draft) articles and the version check of a save. */
describe("article drafts and versions", () => {
  let h: Harness;
  let awa: Person;
  let jean: Person;
  let other: Person;
  let chef: Person;
  let eco: { id: string };

  const body = (extra: object = {}) => ({ title: "Un brouillon", txt_content: "Premier jet.", themes: [eco.id], ...extra });
  // An edit of a published article is announced as such (`article-edit-submitted`, issue 32 §3), a new one as a submission.
  const submissions = async (id: string) =>
    (await h.database.db.select().from(notifications).where(eq(notifications.itemId, id))).filter((n) => n.kind === "article-submitted" || n.kind === "article-edit-submitted").length;
  const adminIds = async (query: string) => (await send(h, "GET", `/api/admin/articles?page=1&${query}`, undefined, chef.auth)).json.items.map((a: { _id: string }) => a._id);

  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa");
    jean = await person(h, "jean");
    other = await person(h, "autre");
    chef = await person(h, "chef", "admin");
    eco = await makeTheme(h.database.db, "Économie");
  });
  afterAll(() => h.close());

  it("creates a draft on request: not public, not pending for admins, seen by its authors and admins only", async () => {
    const created = await send(h, "POST", "/api/user/articles", body({ draft: true }), awa.auth);
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ draft: true, approved: false, version: 1 });
    const id = created.json._id;
    // A co-author (added by an admin) sees it too.
    expect((await send(h, "PUT", `/api/admin/articles/${id}`, { ...body(), authors: [awa.id, jean.id] }, chef.auth)).status).toBe(200);

    expect((await send(h, "GET", `/api/public/article/${created.json.url}`)).status).toBe(404);
    expect((await send(h, "GET", `/api/user/articles/${id}`, undefined, awa.auth)).json.draft).toBe(true);
    expect((await send(h, "GET", `/api/user/articles/${id}`, undefined, jean.auth)).status).toBe(200);
    expect((await send(h, "GET", `/api/user/articles/${id}`, undefined, other.auth)).status).toBe(404);
    expect((await send(h, "GET", `/api/admin/articles/${id}`, undefined, chef.auth)).status).toBe(200);
    expect((await send(h, "GET", "/api/user/articles?mine=0&page=1", undefined, other.auth)).json.items.map((a: { _id: string }) => a._id)).not.toContain(id);

    expect(await adminIds("status=pending")).not.toContain(id);
    expect(await adminIds("status=draft")).toEqual([id]);
    expect((await send(h, "GET", "/api/user/articles?mine=1&page=1&status=draft", undefined, awa.auth)).json.items[0]).toMatchObject({ _id: id, draft: true });
    // No submission event for admins while it is a draft.
    expect(await submissions(id)).toBe(0);
    // Admins cannot approve what was not submitted.
    const approve = await send(h, "PUT", `/api/admin/articles/${id}/approve`, { approved: true }, chef.auth);
    expect(approve).toEqual({ status: 409, json: { message: "Cet article est un brouillon\u00a0: ses auteurs ne l'ont pas encore soumis." } });
    const bulk = await send(h, "POST", "/api/admin/articles/bulk", { action: "approve", ids: [id] }, chef.auth);
    expect(bulk.json.count).toBe(0);
    expect((await send(h, "GET", `/api/admin/articles/${id}`, undefined, chef.auth)).json.approved).toBe(false);
  });

  it("keeps the spec's default: a create without `draft` is pending and tells the admins", async () => {
    const created = await send(h, "POST", "/api/user/articles", body({ title: "Soumis d'emblée" }), awa.auth);
    expect(created.json).toMatchObject({ draft: false, approved: false });
    expect(await submissions(created.json._id)).toBe(1);
    expect(await adminIds("status=pending")).toContain(created.json._id);
  });

  it("submits a draft with a save that does not say draft, and only then records the submission", async () => {
    const { json: draft } = await send(h, "POST", "/api/user/articles", body({ title: "À soumettre", draft: true }), awa.auth);
    const saved = await send(h, "PUT", `/api/user/articles/${draft._id}`, body({ title: "À soumettre", txt_content: "Deuxième jet.", draft: true, version: 1 }), awa.auth);
    expect(saved.json).toMatchObject({ draft: true, version: 2, txt_content: "Deuxième jet." });
    expect(await submissions(draft._id)).toBe(0);
    const submitted = await send(h, "PUT", `/api/user/articles/${draft._id}`, body({ title: "À soumettre", version: 2 }), awa.auth);
    expect(submitted.json).toMatchObject({ draft: false, approved: false, version: 3 });
    expect(await submissions(draft._id)).toBe(1);
    expect(await adminIds("status=pending")).toContain(draft._id);
    expect(await adminIds("status=draft")).not.toContain(draft._id);
  });

  it("autosaves a draft save of an approved article into its pending edit, unannounced, never to the public row", async () => {
    const { json: created } = await send(h, "POST", "/api/admin/articles", body({ title: "Déjà publié", authors: [awa.id] }), chef.auth);
    expect(created).toMatchObject({ approved: true, draft: false });
    const res = await send(h, "PUT", `/api/user/articles/${created._id}`, body({ title: "Déjà publié, revu", txt_content: "Texte en cours.", draft: true }), awa.auth);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ approved: true, draft: false, pendingEdit: true, title: "Déjà publié, revu", txt_content: "Texte en cours." });
    const [row] = await h.database.db.select().from(articles).where(eq(articles.id, created._id));
    // The row is what the public reads: untouched.
    expect(row).toMatchObject({ approved: true, draft: false, title: "Déjà publié", txtContent: "Premier jet." });
    expect((await send(h, "GET", `/api/public/article/${created.url}`)).json.title).toBe("Déjà publié");
    // Admins hear of it when the author saves for good, not at each autosave.
    expect(await submissions(created._id)).toBe(0);
    const saved = await send(h, "PUT", `/api/user/articles/${created._id}`, body({ title: "Déjà publié, revu", txt_content: "Texte fini." }), awa.auth);
    expect(saved.json).toMatchObject({ approved: true, pendingEdit: true, txt_content: "Texte fini." });
    expect(await submissions(created._id)).toBe(1);
  });

  it("refuses an autosave of a published article's edit that an admin could not approve, with the rule's message", async () => {
    const { json: created } = await send(h, "POST", "/api/admin/articles", body({ title: "Publié", authors: [awa.id] }), chef.auth);
    const res = await send(h, "PUT", `/api/user/articles/${created._id}`, body({ title: "", draft: true }), awa.auth);
    expect(res).toEqual({ status: 400, json: { message: "Le titre est obligatoire" } });
    expect((await send(h, "GET", `/api/user/articles/${created._id}`, undefined, awa.auth)).json).toMatchObject({ title: "Publié", pendingEdit: false });
  });

  it("refuses the second of two saves made from the same version, and changes nothing", async () => {
    const { json: draft } = await send(h, "POST", "/api/user/articles", body({ title: "Deux onglets", draft: true }), awa.auth);
    const first = await send(h, "PUT", `/api/user/articles/${draft._id}`, body({ title: "Deux onglets", txt_content: "Onglet A.", draft: true, version: draft.version }), awa.auth);
    expect(first.status).toBe(200);
    const second = await send(h, "PUT", `/api/user/articles/${draft._id}`, body({ title: "Deux onglets", txt_content: "Onglet B.", draft: true, version: draft.version }), awa.auth);
    expect(second).toEqual({
      status: 409,
      json: { message: "Cet article a été modifié ailleurs (dans un autre onglet\u00a0?)\u00a0: rechargez-le avant d'enregistrer." },
    });
    const now = (await send(h, "GET", `/api/user/articles/${draft._id}`, undefined, awa.auth)).json;
    expect(now).toMatchObject({ txt_content: "Onglet A.", version: 2 });
    // Multipart forms send the version as text.
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: "Deux onglets", txt_content: "Onglet C.", themes: eco.id, draft: "true", version: "2" })) form.append(k, v);
    expect((await send(h, "PUT", `/api/user/articles/${draft._id}`, form, awa.auth)).json).toMatchObject({ txt_content: "Onglet C.", version: 3 });
    expect((await send(h, "PUT", `/api/user/articles/${draft._id}`, body({ version: "abc" }), awa.auth)).status).toBe(400);
  });

  it("writes nothing of a save whose guarded row update matched nothing (it lost a race), its themes included", async () => {
    const sea = await makeTheme(h.database.db, "Mer");
    const { json: draft } = await send(h, "POST", "/api/user/articles", body({ title: "Course", draft: true }), awa.auth);
    // A lost race, made deterministic: the version check before the write passes, then the row update matches no
    // row, as when another save from the same version has just landed.
    await h.database.db.run(sql.raw(`create trigger lose_race before update on articles when old.id = '${draft._id}' begin select raise(ignore); end`));
    try {
      const lost = await send(h, "PUT", `/api/user/articles/${draft._id}`, body({ title: "Course", txt_content: "Perdu.", themes: [sea.id], draft: true, version: draft.version }), awa.auth);
      expect(lost).toEqual({
        status: 409,
        json: { message: "Cet article a été modifié ailleurs (dans un autre onglet\u00a0?)\u00a0: rechargez-le avant d'enregistrer." },
      });
    } finally {
      await h.database.db.run(sql.raw("drop trigger if exists lose_race"));
    }
    const now = (await send(h, "GET", `/api/user/articles/${draft._id}`, undefined, awa.auth)).json;
    expect(now).toMatchObject({ txt_content: "Premier jet.", version: 1 });
    expect(now.themes.map((t: { _id: string }) => t._id)).toEqual([eco.id]);
  });

  it("counts drafts apart from pending articles in the member's stats", async () => {
    const stats = (await send(h, "GET", "/api/user/stats", undefined, awa.auth)).json;
    expect(stats.drafts).toBeGreaterThan(0);
    const mine = (await send(h, "GET", "/api/user/articles?mine=1", undefined, awa.auth)).json as { draft: boolean; approved: boolean }[];
    expect(stats.pending).toBe(mine.filter((a) => !a.approved && !a.draft).length);
  });
});
