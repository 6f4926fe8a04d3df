import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, users } from "../../../db/schema";
import { makeMedia, makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { person, send, type Person } from "../users/test-kit";

/**
 * « Par auteur » on /admin/media: media sorted by their uploader's name in French order (accents ignored), newest
 * first for one uploader, those without one last; the key follows a renamed member and a deleted account
 * (media.uploader_key, kept by the triggers of migration 0020).
 */
describe("media sorted by uploader", () => {
  let h: Harness;
  let chef: Person;

  beforeAll(async () => {
    h = await createHarness();
    chef = await person(h, "chef", "admin");
  });
  afterAll(() => h.close());

  const titles = async () => {
    const res = await send(h, "GET", "/api/admin/media?page=1&pageSize=100&sort=author&dir=asc&q=Sortie", undefined, chef.auth);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return (res.json.items as { title: string }[]).map((m) => m.title);
  };

  it("orders by uploader, follows a rename and a deleted account", async () => {
    const db = h.database.db;
    const elodie = await makeUser(db, { firstname: "Élodie", name: "Camara" });
    const abdou = await makeUser(db, { firstname: "Abdou", name: "Diouf" });
    const zeyna = await makeUser(db, { firstname: "Zeyna", name: "Ba" });
    await makeMedia(db, { title: "Sortie Diouf", uploadedBy: abdou.id, daysAgo: 3 });
    await makeMedia(db, { title: "Sortie Camara ancienne", uploadedBy: elodie.id, daysAgo: 9 });
    await makeMedia(db, { title: "Sortie Camara récente", uploadedBy: elodie.id, daysAgo: 1 });
    await makeMedia(db, { title: "Sortie Ba", uploadedBy: zeyna.id, daysAgo: 2 });
    await makeMedia(db, { title: "Sortie sans auteur", daysAgo: 5 });
    expect(await titles()).toEqual(["Sortie Ba", "Sortie Camara récente", "Sortie Camara ancienne", "Sortie Diouf", "Sortie sans auteur"]);

    // Zeyna Ba becomes Zeyna Wade: her media move to the end of the named ones.
    await db.update(users).set({ name: "Wade" }).where(eq(users.id, zeyna.id));
    expect(await titles()).toEqual(["Sortie Camara récente", "Sortie Camara ancienne", "Sortie Diouf", "Sortie Ba", "Sortie sans auteur"]);

    // Abdou's account is deleted (his media keep no uploader): they sort with the ones without one.
    await db.delete(users).where(eq(users.id, abdou.id));
    const [row] = await db.select({ key: media.uploaderKey }).from(media).where(eq(media.title, "Sortie Diouf"));
    expect(row!.key).toBe("\u{10FFFF}");
    expect((await titles()).slice(0, 3)).toEqual(["Sortie Camara récente", "Sortie Camara ancienne", "Sortie Ba"]);
  });
});
