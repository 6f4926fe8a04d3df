import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, eventThemes, events } from "../../../db/schema";
import { makeEvent, makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { changesDuring, person, send, type Person } from "../articles/test-kit";

/** POST /api/admin/events/bulk: counts, one journal entry per event, one rebuild per batch, French refusals. */
describe("bulk event actions", () => {
  let h: Harness;
  let chef: Person;
  let awa: Person;

  beforeAll(async () => {
    h = await createHarness();
    chef = await person(h, "chef", "admin");
    awa = await person(h, "awa");
  });
  afterAll(() => h.close());

  const some = async (n: number, title: string, o: { online?: boolean; startDaysFromNow?: number } = {}) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await makeEvent(h.database.db, { title: `${title} ${i}`, ...o })).id);
    return ids;
  };
  const row = async (id: string) => (await h.database.db.select().from(events).where(eq(events.id, id)))[0];
  const journal = async (id: string) => h.database.db.select().from(auditLog).where(eq(auditLog.itemId, id));

  it("puts three chosen events offline: one journal entry each, one rebuild for the batch", async () => {
    const ids = await some(3, "Conférence");
    const [untouched] = await some(1, "Autre");
    let res!: Awaited<ReturnType<typeof send>>;
    const changes = await changesDuring(h, async () => {
      res = await send(h, "POST", "/api/admin/events/bulk", { action: "offline", ids }, chef.auth);
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ action: "offline", count: 3, message: "3 événements mis hors ligne." });
    expect(changes).toBe(1);
    for (const id of ids) {
      expect((await row(id))!.online).toBe(false);
      const entries = await journal(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: "online", actor: "chef", itemKind: "event" });
      expect(entries[0]!.summary).toMatch(/^Conférence \d — mis hors ligne$/);
    }
    expect(await h.database.db.select().from(auditLog).where(eq(auditLog.route, "POST /api/admin/events/bulk"))).toHaveLength(3);
    expect((await row(untouched!))!.online).toBe(true);
  });

  it("acts on every event matching the list's filters: search, past, offline", async () => {
    const past = await some(2, "Séminaire Ziguinchor", { online: false, startDaysFromNow: -30 });
    const [coming] = await some(1, "Séminaire Ziguinchor", { online: false, startDaysFromNow: 30 });
    const res = await send(h, "POST", "/api/admin/events/bulk", { action: "online", filter: { q: "seminaire ziguinchor", when: "past", status: "offline" } }, chef.auth);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ count: 2, message: "2 événements mis en ligne." });
    for (const id of past) expect((await row(id))!.online).toBe(true);
    expect((await row(coming!))!.online).toBe(false);
  });

  it("deletes the chosen events and their theme links with one rebuild", async () => {
    const theme = await makeTheme(h.database.db, "Patrimoine");
    const ids = await some(2, "Annulé");
    await h.database.db.insert(eventThemes).values(ids.map((eventId) => ({ eventId, themeId: theme.id })));
    const changes = await changesDuring(h, async () => {
      const res = await send(h, "POST", "/api/admin/events/bulk", { action: "delete", ids }, chef.auth);
      expect(res.json).toMatchObject({ count: 2, message: "2 événements supprimés." });
    });
    expect(changes).toBe(1);
    for (const id of ids) {
      expect(await row(id)).toBeUndefined();
      expect((await journal(id)).map((e) => e.action)).toEqual(["delete"]);
    }
    expect(await h.database.db.select().from(eventThemes).where(eq(eventThemes.themeId, theme.id))).toHaveLength(0);
  });

  it("refuses an empty selection, an unknown action or filter and unknown fields with a French 400, changing nothing", async () => {
    const [id] = await some(1, "Intact");
    const cases: [object, RegExp][] = [
      [{ action: "offline", ids: [] }, /Aucun événement sélectionné/],
      [{ action: "publish", ids: [id] }, /Action inconnue/],
      [{ action: "offline" }, /Choisissez les événements/],
      [{ action: "offline", ids: [id], filter: {} }, /Choisissez les événements/],
      [{ action: "offline", filter: { q: "introuvablexyz" } }, /Aucun événement ne correspond/],
      [{ action: "offline", filter: { when: "soon" } }, /Période inconnue/],
      [{ action: "offline", filter: { from: "demain" } }, /AAAA-MM-JJ/],
    ];
    const changes = await changesDuring(h, async () => {
      for (const [body, message] of cases) {
        const res = await send(h, "POST", "/api/admin/events/bulk", body, chef.auth);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(res.json)).toMatch(message);
      }
      expect((await send(h, "POST", "/api/admin/events/bulk", { action: "offline", ids: [id], everything: true }, chef.auth)).status).toBe(400);
    });
    expect(changes).toBe(0);
    expect((await row(id!))!.online).toBe(true);
    expect(await journal(id!)).toHaveLength(0);
  });

  it("is for admins only", async () => {
    const [id] = await some(1, "Protégé");
    expect((await send(h, "POST", "/api/admin/events/bulk", { action: "delete", ids: [id] }, awa.auth)).status).toBe(403);
    expect((await send(h, "POST", "/api/admin/events/bulk", { action: "delete", ids: [id] })).status).toBe(401);
    expect(await row(id!)).toBeDefined();
  });
});
