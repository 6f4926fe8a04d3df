import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { person, send, type Person } from "./test-kit";

describe("paged member list", () => {
  let h: Harness;
  let chef: Person;
  const names = (json: { items: { name: string; firstname: string }[] }) => json.items.map((u) => `${u.firstname} ${u.name}`);

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    chef = await person(h, "chef", "admin");
    await makeUser(db, { firstname: "Élodie", name: "Lefèvre", nickname: "elodie", groups: ["bureau"] });
    await makeUser(db, { firstname: "Awa", name: "Diop", nickname: "awa" });
    await makeUser(db, { firstname: "Khady", name: "Bâ", nickname: "khady", groups: ["cercleImp", "bureau"] });
    await makeUser(db, { firstname: "Moussa", name: "Écoba", nickname: "moussa", role: "admin" });
  });
  afterAll(() => h.close());

  const list = async (query: string) => (await send(h, "GET", `/api/admin/users?page=1&${query}`, undefined, chef.auth)).json;

  it("pages members by name in French order, with the total, without any password hash", async () => {
    const page = await list("pageSize=25&role=user");
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    // « Bâ » before « Diop », « Écoba » (admin, filtered out here) would sit beside « Diop », not after « Lefèvre ».
    expect(names(page)).toEqual(["Khady Bâ", "Awa Diop", "Élodie Lefèvre"]);
    // The two admins: « Écoba » before « Nom… » (the test's admin), then reversed.
    expect(names(await list("sort=name&role=admin"))).toEqual(["Moussa Écoba", expect.stringMatching(/ Nom\d+$/)]);
    expect(names(await list("sort=name&dir=desc&role=admin"))).toEqual([expect.stringMatching(/ Nom\d+$/), "Moussa Écoba"]);
    // By role: admins first, by name within each role.
    expect(names(await list("sort=role"))).toEqual(["Moussa Écoba", expect.stringMatching(/ Nom\d+$/), "Khady Bâ", "Awa Diop", "Élodie Lefèvre"]);
    expect(JSON.stringify(page)).not.toContain("argon2");
  });

  it("searches names, aliases and e-mails without caring for accents, and filters by group", async () => {
    expect(names(await list("q=elodie"))).toEqual(["Élodie Lefèvre"]);
    expect(names(await list("q=lefev"))).toEqual(["Élodie Lefèvre"]);
    expect(names(await list("q=KHAD"))).toEqual(["Khady Bâ"]);
    expect(names(await list("group=bureau"))).toEqual(["Khady Bâ", "Élodie Lefèvre"]);
    expect((await send(h, "GET", "/api/admin/users?page=1&group=club", undefined, chef.auth)).status).toBe(400);
    // Without a page, the spec's array, on both route families.
    expect(Array.isArray((await send(h, "GET", "/api/users", undefined, chef.auth)).json)).toBe(true);
  });
});
