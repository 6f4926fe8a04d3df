import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, media } from "../../../db/schema";
import * as sample from "../../lib/uploads/samples";
import { makeMedia } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { changesDuring, formData, person, send, uploaded, type Person } from "../articles/test-kit";

/** POST /api/admin/media/bulk: counts, one journal entry per media, one rebuild per batch, French refusals. */
describe("bulk media actions", () => {
  let h: Harness;
  let chef: Person;
  let awa: Person;

  beforeAll(async () => {
    h = await createHarness();
    chef = await person(h, "chef", "admin");
    awa = await person(h, "awa");
  });
  afterAll(() => h.close());

  const pending = async (n: number, title = "Brouillon", type: "link" | "audio" = "link") => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await makeMedia(h.database.db, { title: `${title} ${i}`, type, approved: false, online: false, uploadedBy: awa.id })).id);
    return ids;
  };
  const journal = async (id: string) => h.database.db.select().from(auditLog).where(eq(auditLog.itemId, id));
  const row = async (id: string) => (await h.database.db.select().from(media).where(eq(media.id, id)))[0];
  const bulk = (body: object, auth = chef.auth) => send(h, "POST", "/api/admin/media/bulk", body, auth);

  it("approves three chosen media: one journal entry each, one rebuild for the batch", async () => {
    const ids = await pending(3);
    const untouched = (await pending(1))[0]!;
    let res!: Awaited<ReturnType<typeof send>>;
    const changes = await changesDuring(h, async () => {
      res = await bulk({ action: "approve", ids });
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ action: "approve", count: 3, message: "3 médias approuvés." });
    expect(changes).toBe(1);
    for (const id of ids) {
      expect((await row(id))!.approved).toBe(true);
      const entries = await journal(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: "approve", actor: "chef", itemKind: "media" });
      expect(entries[0]!.summary).toMatch(/^Brouillon \d — approuvé$/);
    }
    // No extra entry for the request itself.
    expect(await h.database.db.select().from(auditLog).where(eq(auditLog.route, "POST /api/admin/media/bulk"))).toHaveLength(3);
    expect((await row(untouched))!.approved).toBe(false);
  });

  it("acts on every media matching a filter (search without accents, status, type), and puts them on and off line", async () => {
    const sons = await pending(3, "Écoute de Thiès", "audio");
    await pending(2, "Écoute de Thiès", "link");
    await pending(2, "Tombouctou", "audio");
    const res = await bulk({ action: "online", filter: { q: "ecoute thies", status: "offline", type: "audio" } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ count: 3, message: "3 médias mis en ligne." });
    for (const id of sons) expect((await row(id))!.online).toBe(true);
    const off = await bulk({ action: "offline", ids: [sons[0]] });
    expect(off.json).toMatchObject({ count: 1, message: "1 média mis hors ligne." });
    expect((await row(sons[0]!))!.online).toBe(false);
    expect((await journal(sons[0]!)).map((e) => e.summary)).toEqual(expect.arrayContaining([expect.stringContaining("mis hors ligne")]));
  });

  it("moves the chosen media to the trash with one rebuild, their files kept until the purge", async () => {
    const file = await send(
      h,
      "POST",
      "/api/admin/media",
      formData({ title: "Affiche périmée", type: "image", description: "Affiche.", file: new File([await sample.picture("png", 500, 300)], "a.png") }),
      chef.auth,
    );
    const ids = [file.json._id as string, ...(await pending(1, "Périmé"))];
    const changes = await changesDuring(h, async () => {
      const res = await bulk({ action: "delete", ids });
      expect(res.json).toMatchObject({ count: 2, message: "2 médias supprimés." });
    });
    expect(changes).toBe(1);
    for (const id of ids) {
      expect((await row(id))?.deletedAt).toBeInstanceOf(Date);
      const entries = (await journal(id)).filter((e) => e.route === "POST /api/admin/media/bulk");
      expect(entries.map((e) => e.action)).toEqual(["trash"]);
    }
    expect(uploaded(h, file.json.path)).toBe(true);
    expect(uploaded(h, `media_thumbnails/${file.json.thumbnail}`)).toBe(true);
  });

  it("refuses an empty selection, an unknown action, no target and unknown fields with a French 400, changing nothing", async () => {
    const [id] = await pending(1, "Intact");
    const cases: [object, RegExp][] = [
      [{ action: "approve", ids: [] }, /Aucun média sélectionné/],
      [{ action: "publish", ids: [id] }, /Action inconnue/],
      [{ action: "approve" }, /Choisissez les médias/],
      [{ action: "approve", ids: [id], filter: {} }, /Choisissez les médias/],
      [{ action: "approve", filter: { q: "introuvablexyz" } }, /Aucun média ne correspond/],
      [{ action: "approve", filter: { type: "gif" } }, /Type de média inconnu/],
      [{ action: "approve", ids: [id], everything: true }, /./],
    ];
    const changes = await changesDuring(h, async () => {
      for (const [body, message] of cases) {
        const res = await bulk(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(res.json)).toMatch(message);
      }
    });
    expect(changes).toBe(0);
    expect((await row(id!))!.approved).toBe(false);
    expect(await journal(id!)).toHaveLength(0);
  });

  it("refuses more than 5,000 media in one call", async () => {
    const ids = Array.from({ length: 5001 }, (_, i) => `id-${i}`);
    const res = await bulk({ action: "approve", ids });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toMatch(/5\s000 médias par opération/);
  });

  it("is for admins only: a member gets 403 and changes nothing", async () => {
    const [id] = await pending(1, "Protégé");
    expect(await bulk({ action: "delete", ids: [id] }, awa.auth)).toEqual({ status: 403, json: { message: "Accès réservé aux administrateurs." } });
    expect((await bulk({ action: "approve", ids: [id] }, {})).status).toBe(401);
    expect(await row(id!)).toMatchObject({ approved: false });
  });
});
