import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../../db/schema";
import { makeEvent } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { classify, summarize } from "../../plugins/audit";
import { audiences, person, send, type Person } from "../users/test-kit";
import { AUDIT_PAGE_SIZE } from "./service";

describe("audit log of admin writes", () => {
  let h: Harness;
  let admin: Person;
  let member: Person;

  beforeAll(async () => {
    h = await createHarness();
    admin = await person(h, "chef", "admin");
    member = await person(h, "simple");
  });
  afterAll(() => h.close());

  const entries = async () => (await send(h, "GET", "/api/admin/audit", undefined, admin.auth)).json;

  it("is for admins only: 401 anonymous, 403 member", async () => {
    expect(await audiences(h, member, "GET", "/api/admin/audit")).toEqual({ anonymous: 401, member: 403 });
  });

  it("records who did what to which item, newest first, without any handler's help", async () => {
    const theme = (await send(h, "POST", "/api/admin/themes", { name: "Océan", url: "ocean" }, admin.auth)).json;
    const event = await makeEvent(h.database.db, { title: "Régates" });
    await send(h, "PUT", `/api/admin/events/${event.id}/online`, undefined, admin.auth);
    const page = await entries();
    expect(page).toMatchObject({ page: 1, pageSize: AUDIT_PAGE_SIZE, total: 2 });
    expect(page.items[0]).toMatchObject({
      actor: "chef",
      actorId: admin.id,
      action: "online",
      route: "PUT /api/admin/events/:id/online",
      itemKind: "event",
      itemId: event.id,
      summary: "Régates — mis hors ligne",
    });
    expect(page.items[1]).toMatchObject({ action: "create", itemKind: "theme", itemId: theme._id, summary: "Océan" });
  });

  it("records nothing for reads, refused writes, or members' own writes", async () => {
    const before = (await entries()).total;
    await send(h, "GET", "/api/admin/themes", undefined, admin.auth);
    await send(h, "POST", "/api/admin/themes", { name: "", url: "" }, admin.auth);
    await send(h, "POST", "/api/admin/themes", { name: "X", url: "x" }, member.auth);
    await send(h, "PUT", "/api/user/profile", { firstname: "S", name: "M", nickname: "simple", email: "simple@example.sn" }, member.auth);
    expect((await entries()).total).toBe(before);
  });

  it("pages the log", async () => {
    const now = Date.now();
    await h.database.db.insert(auditLog).values(
      Array.from({ length: AUDIT_PAGE_SIZE + 5 }, (_, i) => ({
        id: `old${String(i).padStart(21, "0")}`,
        actor: "ancien",
        action: "update",
        route: "PUT /api/admin/themes/:id",
        itemKind: "theme",
        summary: `n°${i}`,
        createdAt: new Date(now - 86_400_000 - i * 1000),
      })),
    );
    const second = (await send(h, "GET", "/api/admin/audit?page=2", undefined, admin.auth)).json;
    expect(second.page).toBe(2);
    expect(second.items.length).toBe(second.total - AUDIT_PAGE_SIZE);
    expect(second.items.at(-1).summary).toBe(`n°${AUDIT_PAGE_SIZE + 4}`);
    const bad = await send(h, "GET", "/api/admin/audit?page=zéro", undefined, admin.auth);
    expect(bad).toMatchObject({ status: 400, json: { message: "Le numéro de page n'est pas valide." } });
  });
});

describe("audit wording", () => {
  it("names the action from the route", () => {
    expect(classify("POST", "/api/admin/register")).toEqual({ action: "create", itemKind: "member" });
    expect(classify("PUT", "/api/users/:id/admin-full-update")).toEqual({ action: "update", itemKind: "member" });
    expect(classify("DELETE", "/api/users/:id")).toEqual({ action: "delete", itemKind: "member" });
    expect(classify("PUT", "/api/admin/articles/:id/approve")).toEqual({ action: "approve", itemKind: "article" });
    expect(classify("POST", "/api/admin/site/rebuild")).toEqual({ action: "rebuild", itemKind: "site" });
    expect(classify("PUT", "/api/admin/themes/:id")).toEqual({ action: "update", itemKind: "theme" });
  });

  it("summarises the item and the new state in French", () => {
    expect(summarize("approve", { _id: "1", title: "Un article", approved: true })).toBe("Un article — approuvé");
    expect(summarize("update", { firstname: "Awa", name: "Diallo" })).toBe("Awa Diallo");
    expect(summarize("rebuild", { message: "Reconstruction demandée." })).toBe("Reconstruction demandée.");
    expect(summarize("read", { subject: "Adhésion", read: false })).toBe("Adhésion — non lu");
  });
});
