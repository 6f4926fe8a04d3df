import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users } from "../../../db/schema";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { changesDuring } from "../articles/test-kit";
import { person, send, type Person } from "./test-kit";

/**
 * POST /api/admin/users/bulk: members join or leave a circle, chosen or matching the list's search; only those
 * whose circles change are written and journaled; one rebuild per batch; French refusals; admins only.
 */
describe("bulk circle changes on members", () => {
  let h: Harness;
  let chef: Person;
  let awa: Person;

  beforeAll(async () => {
    h = await createHarness();
    chef = await person(h, "chef", "admin");
    awa = await person(h, "awa");
  });
  afterAll(() => h.close());

  const groupsOf = async (id: string) => (await h.database.db.select({ groups: users.groups }).from(users).where(eq(users.id, id)))[0]!.groups;
  const journal = async (id: string) => h.database.db.select().from(auditLog).where(eq(auditLog.itemId, id));

  it("adds chosen members to a circle, skipping the one already in it, with one rebuild", async () => {
    const db = h.database.db;
    const fatou = await makeUser(db, { firstname: "Fatou", name: "Diop", groups: ["cercleAx"] });
    const ibou = await makeUser(db, { firstname: "Ibrahima", name: "Fall" });
    const already = await makeUser(db, { firstname: "Aïssatou", name: "Ba", groups: ["bureau"] });
    let res!: Awaited<ReturnType<typeof send>>;
    const changes = await changesDuring(h, async () => {
      res = await send(h, "POST", "/api/admin/users/bulk", { action: "group-add", group: "bureau", ids: [fatou.id, ibou.id, already.id] }, chef.auth);
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ count: 2, message: "2 membres ajoutés au groupe Bureau." });
    expect(changes).toBe(1);
    expect(await groupsOf(fatou.id)).toEqual(["cercleAx", "bureau"]);
    expect(await groupsOf(ibou.id)).toEqual(["bureau"]);
    expect(await groupsOf(already.id)).toEqual(["bureau"]);
    const [entry] = await journal(fatou.id);
    expect(entry).toMatchObject({ actor: "chef", itemKind: "user", route: "POST /api/admin/users/bulk", summary: "Fatou Diop — ajouté au groupe Bureau" });
    expect(await journal(already.id)).toHaveLength(0);
  });

  it("removes every member matching the search from a circle, accents ignored, others untouched", async () => {
    const db = h.database.db;
    const a = await makeUser(db, { firstname: "Séverine", name: "Ndiayé", groups: ["cercleImp", "bureau"] });
    const b = await makeUser(db, { firstname: "Severin", name: "Ndiaye", groups: ["cercleImp"] });
    const other = await makeUser(db, { firstname: "Moussa", name: "Sow", groups: ["cercleImp"] });
    const res = await send(h, "POST", "/api/admin/users/bulk", { action: "group-remove", group: "cercleImp", filter: { q: "SEVERIN" } }, chef.auth);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ count: 2, message: "2 membres retirés du groupe Cercle Impulsion." });
    expect(await groupsOf(a.id)).toEqual(["bureau"]);
    expect(await groupsOf(b.id)).toEqual([]);
    expect(await groupsOf(other.id)).toEqual(["cercleImp"]);
  });

  it("says so when nobody's circles change, and writes nothing", async () => {
    const m = await makeUser(h.database.db, { firstname: "Khady", name: "Sy" });
    const res = await send(h, "POST", "/api/admin/users/bulk", { action: "group-remove", group: "cercleAx", ids: [m.id] }, chef.auth);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ count: 0, message: "Aucun de ces membres n'est dans le groupe Cercle Axiologique." });
    expect(await journal(m.id)).toHaveLength(0);
  });

  it("refuses, in French, a missing or unknown circle, an unknown action, and non-admins", async () => {
    const m = await makeUser(h.database.db, { firstname: "Omar", name: "Diallo" });
    const cases: [object, number, RegExp][] = [
      [{ action: "group-add", ids: [m.id] }, 400, /Choisissez un groupe/],
      [{ action: "group-add", group: "club", ids: [m.id] }, 400, /Groupe inconnu/],
      [{ action: "delete", group: "bureau", ids: [m.id] }, 400, /Action inconnue/],
      [{ action: "group-add", group: "bureau", ids: [] }, 400, /Aucun membre sélectionné/],
      [{ action: "group-add", group: "bureau", ids: ["nobody"] }, 400, /Aucun membre ne correspond/],
    ];
    for (const [body, status, message] of cases) {
      const res = await send(h, "POST", "/api/admin/users/bulk", body, chef.auth);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.json)).toMatch(message);
    }
    expect((await send(h, "POST", "/api/admin/users/bulk", { action: "group-add", group: "bureau", ids: [m.id] }, awa.auth)).status).toBe(403);
    expect(await groupsOf(m.id)).toEqual([]);
  });
});
