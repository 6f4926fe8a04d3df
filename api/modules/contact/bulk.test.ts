import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contactMessages } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { createHarness, type Harness } from "../../testing/harness";
import { changesDuring, person, send, type Person } from "../articles/test-kit";

/** POST /api/admin/contact/bulk: read, unread, delete; one journal entry per message; no rebuild (nothing public). */
describe("bulk contact message actions", () => {
  let h: Harness;
  let chef: Person;
  let awa: Person;

  beforeAll(async () => {
    h = await createHarness();
    chef = await person(h, "chef", "admin");
    awa = await person(h, "awa");
  });
  afterAll(() => h.close());

  const messages = async (n: number, subject: string, o: { read?: Date; daysAgo?: number } = {}) => {
    const rows = Array.from({ length: n }, (_, i) => ({
      id: newId(),
      name: `Expéditeur ${i}`,
      email: `e${i}@exemple.sn`,
      subject: `${subject} ${i}`,
      message: "Bonjour.",
      createdAt: new Date(Date.now() - (o.daysAgo ?? 0) * 86_400_000),
      readAt: o.read ?? null,
    }));
    await h.database.db.insert(contactMessages).values(rows);
    return rows.map((r) => r.id);
  };
  const rows = (ids: string[]) => h.database.db.select().from(contactMessages).where(inArray(contactMessages.id, ids));
  const journal = async (id: string) => h.database.db.select().from(auditLog).where(eq(auditLog.itemId, id));

  it("marks three chosen messages read, keeping the first reading's time, without a rebuild", async () => {
    const ids = await messages(2, "Adhésion");
    const earlier = new Date(Date.now() - 86_400_000);
    const [already] = await messages(1, "Déjà lu", { read: earlier });
    let res!: Awaited<ReturnType<typeof send>>;
    const changes = await changesDuring(h, async () => {
      res = await send(h, "POST", "/api/admin/contact/bulk", { action: "read", ids: [...ids, already] }, chef.auth);
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ action: "read", count: 3, message: "3 messages marqués comme lus." });
    expect(changes).toBe(0);
    for (const row of await rows(ids)) expect(row.readAt).not.toBeNull();
    expect((await rows([already!]))[0]!.readAt!.getTime()).toBe(earlier.getTime());
    const entries = await journal(ids[0]!);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "read", actor: "chef", itemKind: "contact", summary: "Adhésion 0 — lu" });
    expect(await h.database.db.select().from(auditLog).where(eq(auditLog.route, "POST /api/admin/contact/bulk"))).toHaveLength(3);
  });

  it("marks every message matching the filters unread: search, read ones, a date range", async () => {
    const recent = await messages(2, "Partenariat Thiès", { read: new Date() });
    const [old] = await messages(1, "Partenariat Thiès", { read: new Date(), daysAgo: 40 });
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const res = await send(h, "POST", "/api/admin/contact/bulk", { action: "unread", filter: { q: "partenariat thies", unread: "0", from: day(new Date(Date.now() - 2 * 86_400_000)) } }, chef.auth);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ count: 2, message: "2 messages marqués comme non lus." });
    for (const row of await rows(recent)) expect(row.readAt).toBeNull();
    expect((await rows([old!]))[0]!.readAt).not.toBeNull();
    expect((await journal(recent[0]!))[0]!.summary).toBe("Partenariat Thiès 0 — non lu");
  });

  it("deletes one chosen message and says so in the singular", async () => {
    const [id] = await messages(1, "Pourriel");
    const res = await send(h, "POST", "/api/admin/contact/bulk", { action: "delete", ids: [id] }, chef.auth);
    expect(res.json).toMatchObject({ count: 1, message: "1 message supprimé." });
    expect(await rows([id!])).toHaveLength(0);
    expect((await journal(id!)).map((e) => e.action)).toEqual(["delete"]);
  });

  it("refuses an empty selection, an unknown action or filter and unknown fields with a French 400, changing nothing", async () => {
    const [id] = await messages(1, "Intact");
    const cases: [object, RegExp][] = [
      [{ action: "read", ids: [] }, /Aucun message sélectionné/],
      [{ action: "archive", ids: [id] }, /Action inconnue/],
      [{ action: "read" }, /Choisissez les messages/],
      [{ action: "read", filter: { q: "introuvablexyz" } }, /Aucun message ne correspond/],
      [{ action: "read", filter: { unread: "yes" } }, /non lus/],
      [{ action: "read", ids: [id], everything: true }, /everything/],
    ];
    for (const [body, message] of cases) {
      const res = await send(h, "POST", "/api/admin/contact/bulk", body, chef.auth);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json)).toMatch(message);
    }
    expect((await rows([id!]))[0]!.readAt).toBeNull();
    expect(await journal(id!)).toHaveLength(0);
  });

  it("is for admins only", async () => {
    const [id] = await messages(1, "Protégé");
    expect((await send(h, "POST", "/api/admin/contact/bulk", { action: "delete", ids: [id] }, awa.auth)).status).toBe(403);
    expect((await send(h, "POST", "/api/admin/contact/bulk", { action: "delete", ids: [id] })).status).toBe(401);
    expect(await rows([id!])).toHaveLength(1);
  });
});
