import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberFullname } from "../../../db/slug";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";

/** What a path segment of a prerendered page may hold: letters, digits, marks, "-" and "_". */
const SAFE = /^[\p{L}\p{M}\p{N}_-]+$/u;

describe("member profile slugs", () => {
  let h: Harness;
  const awkward = [
    { firstname: "Awa", name: "Nd/iaye" },
    { firstname: "Sérigne Mouhamadou", name: "Mbacké" },
    { firstname: "Qui?", name: "Vive#Toi" },
    { firstname: "Cent", name: "100%" },
    { firstname: "Rose 🌹", name: "Fall" },
    { firstname: "..", name: "." },
    { firstname: "Back\\slash", name: "Tab\tNew\nline" },
  ];

  beforeAll(async () => {
    h = await createHarness();
    for (const [i, n] of awkward.entries()) await makeUser(h.database.db, { ...n, nickname: `awk${i}`, groups: ["cercleImp"] });
    await makeUser(h.database.db, { firstname: "Fatou", name: "Diop", nickname: "fatou1", groups: ["cercleImp"] });
    await makeUser(h.database.db, { firstname: "Fatou", name: "Diop", nickname: "fatou2", groups: ["cercleAx"] });
  });
  afterAll(() => h.close());

  it("keeps the spec's First_Last shape for ordinary names, accents included", () => {
    expect(memberFullname("Marie Claire", "Diop Sow")).toBe("Marie_Claire_Diop_Sow");
    expect(memberFullname("Ousmane", "Bâ")).toBe("Ousmane_Bâ");
  });

  it("gives every member a path segment without /, ?, #, %, dots or spaces, that leads back to them", async () => {
    const { json } = await h.call("GET", "/api/public/members");
    for (const m of json) {
      expect(m.fullname, `${m.firstname} ${m.name}`).toMatch(SAFE);
      const back = await h.call("GET", `/api/public/member/${encodeURIComponent(m.fullname)}`);
      expect(back.status, m.fullname).toBe(200);
      expect(back.json.nickname).toBe(m.nickname);
    }
    expect(json.find((m: { nickname: string }) => m.nickname === "awk0").fullname).toBe("Awa_Nd_iaye");
  });

  it("gives two members with the same name different slugs, so the second cannot take the first one's page", async () => {
    const imp = await h.call("GET", "/api/public/cercle-impulsion");
    const ax = await h.call("GET", "/api/public/cercle-axiologique");
    const first = imp.json.find((m: { nickname: string }) => m.nickname === "fatou1");
    const second = ax.json.find((m: { nickname: string }) => m.nickname === "fatou2");
    expect(first.fullname).toBe("Fatou_Diop");
    expect(second.fullname).not.toBe(first.fullname);
    expect((await h.call("GET", "/api/public/member/Fatou_Diop")).json.nickname).toBe("fatou1");
    expect((await h.call("GET", `/api/public/member/${second.fullname}`)).json.nickname).toBe("fatou2");
  });

  it("never gives two members segments that differ only by case", async () => {
    const { json } = await h.call("GET", "/api/public/members");
    const slugs = json.map((m: { fullname: string }) => m.fullname.toLowerCase());
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
