import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";

describe("public members", () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    await makeUser(db, { firstname: "Marie Claire", name: "Diop Sow", nickname: "mcds", groups: ["cercleImp"], biography: "Économiste." });
    await makeUser(db, { firstname: "Ousmane", name: "Bâ", nickname: "oba", groups: ["cercleAx", "bureau"] });
    await makeUser(db, { firstname: "Hors", name: "Cercle", nickname: "hc", groups: [] });
  });
  afterAll(() => h.close());

  it("lists the members of each circle by its route name", async () => {
    const imp = await h.call("GET", "/api/public/cercle-impulsion");
    const ax = await h.call("GET", "/api/public/cercle-axiologique");
    expect(imp.json.map((m: { nickname: string }) => m.nickname)).toEqual(["mcds"]);
    expect(ax.json.map((m: { nickname: string }) => m.nickname)).toEqual(["oba"]);
  });

  it("builds the profile path from first name and name with underscores", async () => {
    const { json } = await h.call("GET", "/api/public/cercle-impulsion");
    expect(json[0].fullname).toBe("Marie_Claire_Diop_Sow");
    expect(json[0].socialLinks).toEqual({ linkedin: "", twitter: "", website: "", facebook: "", instagram: "", youtube: "", other: "" });
  });

  it("finds a member by an accented, percent-encoded full name", async () => {
    const { status, json } = await h.call("GET", `/api/public/member/${encodeURIComponent("Ousmane_Bâ")}`);
    expect(status).toBe(200);
    expect(json.firstname).toBe("Ousmane");
    expect(json.groups).toEqual(["cercleAx", "bureau"]);
  });

  it("answers 404 in French for an unknown member or author", async () => {
    expect(await h.call("GET", "/api/public/member/Personne_Inconnue")).toMatchObject({ status: 404, json: { message: "Membre introuvable." } });
    expect(await h.call("GET", "/api/public/author/personne")).toMatchObject({ status: 404, json: { message: "Auteur introuvable." } });
  });

  it("never exposes e-mail addresses or roles", async () => {
    const { json } = await h.call("GET", "/api/public/members");
    expect(json).toHaveLength(3);
    for (const m of json) {
      expect(m).not.toHaveProperty("email");
      expect(m).not.toHaveProperty("role");
      expect(m).not.toHaveProperty("passwordHash");
    }
  });
});
