import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, articleThemes, auditLog } from "../../../db/schema";
import { makeArticle, makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { changesDuring, person, send, type Person } from "./test-kit";

/** POST /api/admin/articles/bulk: counts, one journal entry per article, one rebuild per batch, French refusals. */
describe("bulk article actions", () => {
  let h: Harness;
  let chef: Person;
  let awa: Person;
  let theme: { id: string };
  let other: { id: string };

  beforeAll(async () => {
    h = await createHarness();
    chef = await person(h, "chef", "admin");
    awa = await person(h, "awa");
    theme = await makeTheme(h.database.db, "Gouvernance");
    other = await makeTheme(h.database.db, "Économie");
  });
  afterAll(() => h.close());

  const pending = async (n: number, title = "Brouillon") => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await makeArticle(h.database.db, { title: `${title} ${i}`, approved: false, online: false, themes: [theme.id] })).id);
    return ids;
  };
  const journal = async (id: string) => h.database.db.select().from(auditLog).where(eq(auditLog.itemId, id));
  const row = async (id: string) => (await h.database.db.select().from(articles).where(eq(articles.id, id)))[0];

  it("approves three chosen articles: one journal entry each, one rebuild for the batch", async () => {
    const ids = await pending(3);
    const untouched = (await pending(1))[0]!;
    let res!: Awaited<ReturnType<typeof send>>;
    const changes = await changesDuring(h, async () => {
      res = await send(h, "POST", "/api/admin/articles/bulk", { action: "approve", ids }, chef.auth);
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ action: "approve", count: 3, message: "3 articles approuvés." });
    expect(changes).toBe(1);
    for (const id of ids) {
      expect((await row(id))!.approved).toBe(true);
      const entries = await journal(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: "approve", actor: "chef", itemKind: "article" });
      expect(entries[0]!.summary).toContain("approuvé");
    }
    // No extra entry for the request itself.
    expect(await h.database.db.select().from(auditLog).where(eq(auditLog.route, "POST /api/admin/articles/bulk"))).toHaveLength(3);
    expect((await row(untouched))!.approved).toBe(false);
  });

  it("acts on every article matching a filter (search, status), and adds a theme", async () => {
    const ids = await pending(4, "Zanzibar");
    await pending(2, "Tombouctou");
    const res = await send(h, "POST", "/api/admin/articles/bulk", { action: "theme", themeId: other.id, filter: { q: "zanzibar", status: "pending" } }, chef.auth);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ count: 4, message: "4 articles ajoutés au thème Économie." });
    const linked = await h.database.db.select().from(articleThemes).where(eq(articleThemes.themeId, other.id));
    expect(linked.map((l) => l.articleId).sort()).toEqual([...ids].sort());
    const online = await send(h, "POST", "/api/admin/articles/bulk", { action: "online", filter: { theme: other.id } }, chef.auth);
    expect(online.json.count).toBe(4);
    for (const id of ids) expect((await row(id))!.online).toBe(true);
  });

  it("moves the chosen articles to the trash with one rebuild", async () => {
    const ids = await pending(2, "Périmé");
    const changes = await changesDuring(h, async () => {
      const res = await send(h, "POST", "/api/admin/articles/bulk", { action: "delete", ids }, chef.auth);
      expect(res.json).toMatchObject({ count: 2, message: "2 articles supprimés." });
    });
    expect(changes).toBe(1);
    for (const id of ids) {
      expect((await row(id))?.deletedAt).toBeInstanceOf(Date);
      expect((await journal(id)).map((e) => e.action)).toEqual(["trash"]);
    }
  });

  it("refuses an empty selection, an unknown action, a missing theme and unknown fields with a French 400, changing nothing", async () => {
    const [id] = await pending(1, "Intact");
    const cases: [object, RegExp][] = [
      [{ action: "approve", ids: [] }, /Aucun article sélectionné/],
      [{ action: "publish", ids: [id] }, /Action inconnue/],
      [{ action: "theme", ids: [id] }, /thème existant/],
      [{ action: "approve" }, /Choisissez les articles/],
      [{ action: "approve", filter: { q: "introuvablexyz" } }, /Aucun article ne correspond/],
    ];
    const changes = await changesDuring(h, async () => {
      for (const [body, message] of cases) {
        const res = await send(h, "POST", "/api/admin/articles/bulk", body, chef.auth);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(res.json)).toMatch(message);
      }
      const extra = await send(h, "POST", "/api/admin/articles/bulk", { action: "approve", ids: [id], everything: true }, chef.auth);
      expect(extra.status).toBe(400);
    });
    expect(changes).toBe(0);
    expect((await row(id!))!.approved).toBe(false);
    expect(await journal(id!)).toHaveLength(0);
  });

  it("refuses more than 5,000 articles in one call", async () => {
    const ids = Array.from({ length: 5001 }, (_, i) => `id-${i}`);
    const res = await send(h, "POST", "/api/admin/articles/bulk", { action: "approve", ids }, chef.auth);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toMatch(/5\s000 articles par opération/);
  });

  it("is for admins only", async () => {
    const [id] = await pending(1, "Protégé");
    expect((await send(h, "POST", "/api/admin/articles/bulk", { action: "approve", ids: [id] }, awa.auth)).status).toBe(403);
    expect((await send(h, "POST", "/api/admin/articles/bulk", { action: "approve", ids: [id] })).status).toBe(401);
    expect((await row(id!))!.approved).toBe(false);
  });
});
