import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, articleThemes, auditLog, eventThemes, themes } from "../../../db/schema";
import { makeArticle, makeEvent, makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { changesDuring, person, send, type Person } from "../articles/test-kit";

/**
 * POST /api/admin/themes/bulk: deletes under the rule of one deletion (articles and events lose the theme and stay
 * as they were), one journal entry per theme, one rebuild per batch, French refusals.
 */
describe("bulk theme deletion", () => {
  let h: Harness;
  let chef: Person;
  let awa: Person;

  beforeAll(async () => {
    h = await createHarness();
    chef = await person(h, "chef", "admin");
    awa = await person(h, "awa");
  });
  afterAll(() => h.close());

  const theme = async (id: string) => (await h.database.db.select().from(themes).where(eq(themes.id, id)))[0];
  const journal = async (id: string) => h.database.db.select().from(auditLog).where(eq(auditLog.itemId, id));

  it("deletes two chosen themes: their articles and events lose them and stay published, one rebuild", async () => {
    const db = h.database.db;
    const [a, b, kept] = [await makeTheme(db, "Pêche"), await makeTheme(db, "Océans"), await makeTheme(db, "Forêts")];
    const article = await makeArticle(db, { title: "Les côtes", themes: [a.id, b.id, kept.id] });
    const other = await makeArticle(db, { title: "Les pirogues", themes: [a.id] });
    const event = await makeEvent(db, { title: "Journée de la mer" });
    await db.insert(eventThemes).values({ eventId: event.id, themeId: b.id });
    let res!: Awaited<ReturnType<typeof send>>;
    const changes = await changesDuring(h, async () => {
      res = await send(h, "POST", "/api/admin/themes/bulk", { action: "delete", ids: [a.id, b.id] }, chef.auth);
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    // Each article counted once, though it carried both themes.
    expect(res.json).toMatchObject({ action: "delete", count: 2, message: "2 thèmes supprimés (retirés de 2 articles et 1 événement)." });
    expect(changes).toBe(1);
    expect(await theme(a.id)).toBeUndefined();
    expect(await theme(b.id)).toBeUndefined();
    expect(await theme(kept.id)).toBeDefined();
    const links = await db.select().from(articleThemes).where(eq(articleThemes.articleId, article.id));
    expect(links.map((l) => l.themeId)).toEqual([kept.id]);
    for (const id of [article.id, other.id]) {
      const [row] = await db.select().from(articles).where(eq(articles.id, id));
      expect(row).toMatchObject({ approved: true, online: true });
    }
    expect(await db.select().from(eventThemes).where(eq(eventThemes.eventId, event.id))).toHaveLength(0);
    for (const [id, name] of [[a.id, "Pêche"], [b.id, "Océans"]] as const) {
      const entries = await journal(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: "delete", actor: "chef", itemKind: "theme", summary: name });
    }
    expect(await db.select().from(auditLog).where(eq(auditLog.route, "POST /api/admin/themes/bulk"))).toHaveLength(2);
  });

  it("deletes every theme matching the search, accents ignored", async () => {
    const db = h.database.db;
    const doomed = [await makeTheme(db, "Économie bleue"), await makeTheme(db, "economie verte")];
    const kept = await makeTheme(db, "Écologie");
    const res = await send(h, "POST", "/api/admin/themes/bulk", { action: "delete", filter: { q: "ECONOMIE" } }, chef.auth);
    expect(res.json).toMatchObject({ count: 2, message: "2 thèmes supprimés." });
    for (const t of doomed) expect(await theme(t.id)).toBeUndefined();
    expect(await theme(kept.id)).toBeDefined();
  });

  it("refuses an empty selection, an unknown action or filter and unknown fields with a French 400, changing nothing", async () => {
    const t = await makeTheme(h.database.db, "Intact");
    const cases: [object, RegExp][] = [
      [{ action: "delete", ids: [] }, /Aucun thème sélectionné/],
      [{ action: "rename", ids: [t.id] }, /Action inconnue/],
      [{ action: "delete" }, /Choisissez les thèmes/],
      [{ action: "delete", filter: { q: "introuvablexyz" } }, /Aucun thème ne correspond/],
      [{ action: "delete", filter: { status: "online" } }, /status/],
      [{ action: "delete", ids: [t.id], everything: true }, /everything/],
    ];
    const changes = await changesDuring(h, async () => {
      for (const [body, message] of cases) {
        const res = await send(h, "POST", "/api/admin/themes/bulk", body, chef.auth);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(res.json)).toMatch(message);
      }
    });
    expect(changes).toBe(0);
    expect(await theme(t.id)).toBeDefined();
    expect(await journal(t.id)).toHaveLength(0);
  });

  it("is for admins only", async () => {
    const t = await makeTheme(h.database.db, "Protégé");
    expect((await send(h, "POST", "/api/admin/themes/bulk", { action: "delete", ids: [t.id] }, awa.auth)).status).toBe(403);
    expect((await send(h, "POST", "/api/admin/themes/bulk", { action: "delete", ids: [t.id] })).status).toBe(401);
    expect(await theme(t.id)).toBeDefined();
  });
});
