import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../../db/schema";
import { makeArticle, makeEvent, makeUser } from "../../testing/factory";
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
    expect(page.items[1]).toMatchObject({ action: "create", itemKind: "theme", itemId: theme._id, summary: "Océan", title: "Océan" });
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

describe("the journal keeps each item's name and links to the items that still exist", () => {
  let h: Harness;
  let admin: Person;
  let other: Person;

  beforeAll(async () => {
    h = await createHarness();
    admin = await person(h, "cheffe", "admin");
    other = await person(h, "second", "admin");
  });
  afterAll(() => h.close());

  const list = async (query = "") => (await send(h, "GET", `/api/admin/audit${query}`, undefined, admin.auth)).json;
  const entryOf = (page: { items: { itemId: string | null; action: string }[] }, id: string, action: string) =>
    page.items.find((e) => e.itemId === id && e.action === action);

  it("keeps a deleted article's title, and gives its link only while it exists", async () => {
    const article = await makeArticle(h.database.db, { title: "École de la mer", approved: false });
    expect((await send(h, "PUT", `/api/admin/articles/${article.id}/approve`, { approved: true }, admin.auth)).status).toBe(200);
    const before = entryOf(await list(), article.id, "approve");
    expect(before).toMatchObject({ title: "École de la mer", exists: true, href: `/admin/articles?edit=${article.id}` });

    expect((await send(h, "DELETE", `/api/admin/articles/${article.id}`, undefined, admin.auth)).status).toBe(200);
    // In the trash, its entries open the trash searched for it.
    const trashed = await list();
    expect(entryOf(trashed, article.id, "trash")).toMatchObject({ action: "trash", title: "École de la mer", exists: true, href: "/admin/corbeille?q=%C3%89cole%20de%20la%20mer" });
    expect((await send(h, "DELETE", `/api/admin/trash/article/${article.id}`, undefined, admin.auth)).status).toBe(200);
    const after = await list();
    expect(entryOf(after, article.id, "purge")).toMatchObject({
      action: "purge",
      itemKind: "article",
      title: "École de la mer",
      summary: "École de la mer",
      exists: false,
      href: null,
    });
    // The earlier entry keeps its title too, and loses its link with the article.
    expect(entryOf(after, article.id, "approve")).toMatchObject({ title: "École de la mer", exists: false, href: null });
  });

  it("keeps a deleted member's name and a deleted theme's name", async () => {
    const member = await makeUser(h.database.db, { firstname: "Awa", name: "Diallo", nickname: "awa" });
    const renamed = await send(h, "PUT", `/api/users/${member.id}/admin-full-update`, { firstname: "Awa", name: "Diallo", nickname: "awa", email: member.email, role: "user", groups: [] }, admin.auth);
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(entryOf(await list(), member.id, "update")).toMatchObject({ title: "Awa Diallo", exists: true, href: "/admin/users?q=awa" });
    expect((await send(h, "DELETE", `/api/users/${member.id}`, undefined, admin.auth)).status).toBe(200);
    expect(entryOf(await list(), member.id, "delete")).toMatchObject({ title: "Awa Diallo", exists: false, href: null });

    const theme = (await send(h, "POST", "/api/admin/themes", { name: "Pêche artisanale", url: "peche-artisanale" }, admin.auth)).json;
    expect(entryOf(await list(), theme._id, "create")).toMatchObject({ exists: true, href: "/admin/themes" });
    expect((await send(h, "DELETE", `/api/admin/themes/${theme._id}`, undefined, other.auth)).status).toBe(200);
    expect(entryOf(await list(), theme._id, "delete")).toMatchObject({ actor: "second", title: "Pêche artisanale", exists: false, href: null });
  });

  it("finds a deleted item by its kept title, accents and case ignored", async () => {
    const found = await list("?q=ecole");
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((e: { title: string }) => e.title === "École de la mer")).toBe(true);
    expect(found.items.map((e: { action: string }) => e.action).sort()).toEqual(["approve", "purge", "trash"]);
    expect((await list("?q=PECHE")).items.map((e: { title: string }) => e.title)).toContain("Pêche artisanale");
  });

  it("filters by actor, action, item kind and day", async () => {
    const deletions = await list("?action=delete");
    expect(deletions.items.map((e: { title: string }) => e.title).sort()).toEqual(["Awa Diallo", "Pêche artisanale"].sort());
    // An article goes to the trash, then for good: two steps of their own.
    expect((await list("?action=trash")).items.map((e: { title: string }) => e.title)).toEqual(["École de la mer"]);
    expect((await list("?action=purge")).items.map((e: { title: string }) => e.title)).toEqual(["École de la mer"]);
    const bySecond = await list(`?actor=${other.id}`);
    expect(bySecond.items.map((e: { title: string; action: string }) => [e.action, e.title])).toEqual([["delete", "Pêche artisanale"]]);
    const themesDeleted = await list("?action=delete&kind=theme");
    expect(themesDeleted.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).total).toBe((await list()).total);
    expect((await list("?to=2000-01-01")).total).toBe(0);
    expect(await send(h, "GET", "/api/admin/audit?from=hier", undefined, admin.auth)).toMatchObject({ status: 400, json: { message: "Date de début invalide (AAAA-MM-JJ)." } });
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

  it("names the item from a title read elsewhere when the answer has none (a deletion)", () => {
    expect(summarize("delete", { message: "Article supprimé" }, "Un article")).toBe("Un article");
    expect(summarize("delete", { message: "Article supprimé" })).toBe("Article supprimé");
  });

  it("summarises the item and the new state in French", () => {
    expect(summarize("approve", { _id: "1", title: "Un article", approved: true })).toBe("Un article — approuvé");
    expect(summarize("update", { firstname: "Awa", name: "Diallo" })).toBe("Awa Diallo");
    expect(summarize("rebuild", { message: "Reconstruction demandée." })).toBe("Reconstruction demandée.");
    expect(summarize("read", { subject: "Adhésion", read: false })).toBe("Adhésion — non lu");
  });
});
