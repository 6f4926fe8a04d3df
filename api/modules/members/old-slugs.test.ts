import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { send } from "../users/test-kit";
import { createSession } from "../../lib/session";

/** Issue 19 §3.18: a renamed member's old profile addresses lead to the new ones instead of answering 404. */
describe("old profile addresses", () => {
  let h: Harness;
  let auth: Record<string, string>;
  let adminAuth: Record<string, string>;
  let awaId: string;

  const addresses = async () => (await h.call("GET", "/api/public/old-addresses")).json as { from: string; to: string }[];
  const target = async (from: string) => (await addresses()).find((a) => a.from === from)?.to;

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    const awa = await makeUser(db, { firstname: "Awa", name: "Ndiaye", nickname: "awa", groups: ["cercleImp"] });
    awaId = awa.id;
    auth = { authorization: `Bearer ${(await createSession(db, awa.id)).token}` };
    const admin = await makeUser(db, { nickname: "chef", role: "admin" });
    adminAuth = { authorization: `Bearer ${(await createSession(db, admin.id)).token}` };
  });
  afterAll(() => h.close());

  const me = (o: { firstname?: string; name?: string; nickname?: string }) =>
    send(h, "PUT", "/api/user/me", { firstname: "Awa", name: "Ndiaye", nickname: "awa", email: "awa@example.sn", ...o }, auth);

  it("has none until someone is renamed", async () => {
    expect(await addresses()).toEqual([]);
    expect((await me({})).status).toBe(200);
    expect(await addresses()).toEqual([]);
  });

  it("leads a renamed member's old circle page and author page to the new ones", async () => {
    expect((await me({ name: "Sarr", nickname: "awa.sarr" })).status).toBe(200);
    expect(await target("/cercle-impulsion/awa_ndiaye")).toBe("/cercle-impulsion/Awa_Sarr");
    expect(await target("/user/awa")).toBe("/user/awa.sarr");
    // Not in the Cercle Axiologique: its old address there leads to the page the member has.
    expect(await target("/cercle-axiologique/awa_ndiaye")).toBe("/cercle-impulsion/Awa_Sarr");
  });

  it("follows a second rename from every old address, and an admin's rename too", async () => {
    const res = await send(h, "PUT", `/api/admin/users/${awaId}`, { firstname: "Awa", name: "Diop", nickname: "awa.diop", email: "awa@example.sn" }, adminAuth);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await target("/cercle-impulsion/awa_ndiaye")).toBe("/cercle-impulsion/Awa_Diop");
    expect(await target("/cercle-impulsion/awa_sarr")).toBe("/cercle-impulsion/Awa_Diop");
    expect(await target("/user/awa")).toBe("/user/awa.diop");
    expect(await target("/user/awa.sarr")).toBe("/user/awa.diop");
  });

  it("leaves out an old address a live page uses again", async () => {
    await makeUser(h.database.db, { firstname: "Awa", name: "Ndiaye", nickname: "awa", groups: ["cercleAx"] });
    expect(await target("/cercle-impulsion/awa_ndiaye")).toBeUndefined();
    expect(await target("/user/awa")).toBeUndefined();
    expect(await target("/user/awa.sarr")).toBe("/user/awa.diop");
  });
});
