import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleAuthors, media, sessions, users } from "../../../db/schema";
import { makeArticle, makeEvent, makeMedia } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { audiences, formData, person, send, type Person } from "./test-kit";

const PASSWORD = "Goree-Demo-2025!";
const valid = (o: Record<string, unknown> = {}) => ({
  firstname: "Awa",
  name: "Diallo",
  nickname: `awa${Math.random().toString(36).slice(2, 8)}`,
  email: `awa${Math.random().toString(36).slice(2, 8)}@example.sn`,
  password: PASSWORD,
  role: "user",
  groups: ["cercleImp"],
  ...o,
});

describe("member administration", () => {
  let h: Harness;
  let admin: Person;
  let member: Person;

  beforeAll(async () => {
    h = await createHarness();
    admin = await person(h, "chef", "admin");
    member = await person(h, "simple");
  });
  afterAll(() => h.close());

  it("keeps every member route to admins: 401 anonymous, 403 member", async () => {
    const id = member.id;
    for (const [method, path, body] of [
      ["GET", "/api/admin/users"],
      ["GET", "/api/users"],
      ["GET", `/api/admin/users/${id}/footprint`],
      ["POST", "/api/admin/register", valid()],
      ["PUT", `/api/admin/users/${id}`, valid()],
      ["PUT", `/api/users/${id}/admin-full-update`, valid()],
      ["DELETE", `/api/admin/users/${id}`],
      ["DELETE", `/api/users/${id}`],
    ] as [string, string, object?][]) {
      expect(await audiences(h, member, method, path, body), `${method} ${path}`).toEqual({ anonymous: 401, member: 403 });
    }
  });

  it("lists every member for an admin, without any password hash", async () => {
    const { status, json } = await send(h, "GET", "/api/admin/users", undefined, admin.auth);
    expect(status).toBe(200);
    expect(json.map((u: { nickname: string }) => u.nickname)).toEqual(expect.arrayContaining(["chef", "simple"]));
    expect(JSON.stringify(json)).not.toContain("argon2");
    expect((await send(h, "GET", "/api/users", undefined, admin.auth)).json).toEqual(json);
  });

  it("creates a member from the spec's multipart form, who can then sign in, and asks for a rebuild", async () => {
    const changes = h.changes;
    const body = valid({ groups: ["cercleImp", "bureau"], socialLinks: JSON.stringify({ linkedin: "https://linkedin.com/in/awa" }) });
    const { status, json } = await send(h, "POST", "/api/admin/register", formData(body as Record<string, string | string[]>), admin.auth);
    expect(status).toBe(201);
    expect(json).toMatchObject({ firstname: "Awa", role: "user", groups: ["cercleImp", "bureau"] });
    expect(json.socialLinks.linkedin).toBe("https://linkedin.com/in/awa");
    expect(h.changes).toBe(changes + 1);
    const login = await send(h, "POST", "/api/auth/login", { nickname: body.nickname, password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it("requires a password that follows the policy on create, with French messages", async () => {
    const none = await send(h, "POST", "/api/admin/register", valid({ password: "" }), admin.auth);
    expect(none).toMatchObject({ status: 400, json: { message: "Le mot de passe est obligatoire." } });
    const weak = await send(h, "POST", "/api/admin/register", valid({ password: "motdepasse" }), admin.auth);
    expect(weak.status).toBe(400);
    expect(weak.json.message).toMatch(/au moins 8 caractères, une majuscule, un chiffre et un caractère spécial/);
  });

  it("refuses a fourth group, an unknown group, a bad role and blank names", async () => {
    const four = await send(h, "POST", "/api/admin/register", valid({ groups: ["cercleImp", "cercleAx", "bureau", "bureau"] }), admin.auth);
    expect(four).toMatchObject({ status: 400, json: { message: expect.stringMatching(/3 groupes au plus/) } });
    const odd = await send(h, "POST", "/api/admin/register", valid({ groups: ["club"] }), admin.auth);
    expect(odd.json.message).toMatch(/3 groupes au plus/);
    const role = await send(h, "POST", "/api/admin/register", valid({ role: "superadmin" }), admin.auth);
    expect(role).toMatchObject({ status: 400, json: { message: expect.stringMatching(/rôle/) } });
    const blank = await send(h, "POST", "/api/admin/register", valid({ firstname: "   " }), admin.auth);
    expect(blank).toMatchObject({ status: 400, json: { message: expect.stringMatching(/prénom est obligatoire/) } });
  });

  it("refuses a taken alias or e-mail (409) and aliases that collide with member routes (400)", async () => {
    const first = valid();
    expect((await send(h, "POST", "/api/admin/register", first, admin.auth)).status).toBe(201);
    const sameNick = await send(h, "POST", "/api/admin/register", valid({ nickname: String(first.nickname).toUpperCase() }), admin.auth);
    expect(sameNick).toMatchObject({ status: 409, json: { message: "Cet alias est déjà utilisé." } });
    const sameMail = await send(h, "POST", "/api/admin/register", valid({ email: first.email }), admin.auth);
    expect(sameMail).toMatchObject({ status: 409, json: { message: "Cette adresse e-mail est déjà utilisée." } });
    for (const reserved of ["dashboard", "Profile", "articles", "media", "me", "admin", "login", "logout"]) {
      const r = await send(h, "POST", "/api/admin/register", valid({ nickname: reserved }), admin.auth);
      expect(r, reserved).toMatchObject({ status: 400, json: { message: "Cet alias est réservé, choisissez-en un autre." } });
    }
  });

  it("lets a person keep an alias that is reserved today (the demo administrator is `admin`) but not take one", async () => {
    const kept = await person(h, "admin-garde", "admin");
    await h.database.client.execute({ sql: "update users set nickname = 'admin' where id = ?", args: [kept.id] });
    const own = await send(h, "PUT", "/api/user/me", { firstname: "Awa", name: "Diop", nickname: "admin", email: "admin-garde@example.sn" }, kept.auth);
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    const byAdmin = await send(h, "PUT", `/api/admin/users/${kept.id}`, valid({ nickname: "Admin", email: "admin-garde@example.sn" }), admin.auth);
    expect(byAdmin.status, JSON.stringify(byAdmin.json)).toBe(200);
    const other = (await send(h, "POST", "/api/admin/register", valid(), admin.auth)).json;
    const taking = await send(h, "PUT", `/api/admin/users/${other._id}`, valid({ nickname: "dashboard", email: other.email }), admin.auth);
    expect(taking).toMatchObject({ status: 400, json: { message: "Cet alias est réservé, choisissez-en un autre." } });
  });

  it("edits a member through both families; an empty password leaves it, a new one replaces it and ends their sessions", async () => {
    const created = (await send(h, "POST", "/api/admin/register", valid(), admin.auth)).json;
    const edited = await send(h, "PUT", `/api/admin/users/${created._id}`, { ...valid({ nickname: created.nickname, email: created.email }), firstname: "Aïda", password: "" }, admin.auth);
    expect(edited.status).toBe(200);
    expect(edited.json.firstname).toBe("Aïda");
    expect((await send(h, "POST", "/api/auth/login", { nickname: created.nickname, password: PASSWORD })).status).toBe(200);
    const sessionsBefore = await h.database.db.select().from(sessions).where(eq(sessions.userId, created._id));
    expect(sessionsBefore.length).toBeGreaterThan(0);
    const other = await send(
      h,
      "PUT",
      `/api/users/${created._id}/admin-full-update`,
      formData({ ...valid({ nickname: created.nickname, email: created.email }), groups: ["cercleAx"], password: "Nouveau-Mot-2026!" } as Record<string, string | string[]>),
      admin.auth,
    );
    expect(other.status).toBe(200);
    expect(other.json.groups).toEqual(["cercleAx"]);
    expect(await h.database.db.select().from(sessions).where(eq(sessions.userId, created._id))).toEqual([]);
    expect((await send(h, "POST", "/api/auth/login", { nickname: created.nickname, password: "Nouveau-Mot-2026!" })).status).toBe(200);
  });

  it("answers 404 in French for an unknown member", async () => {
    const r = await send(h, "PUT", "/api/admin/users/ffffffffffffffffffffffff", valid(), admin.auth);
    expect(r).toMatchObject({ status: 404, json: { message: "Membre introuvable." } });
  });
});

describe("admins protecting the last admin and themselves", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it("refuses an admin demoting or deleting themself", async () => {
    const solo = await person(h, "solo", "admin");
    const [me] = await h.database.db.select().from(users).where(eq(users.id, solo.id));
    const demote = await send(h, "PUT", `/api/admin/users/${solo.id}`, { firstname: me!.firstname, name: me!.name, nickname: me!.nickname, email: me!.email, role: "user" }, solo.auth);
    expect(demote).toMatchObject({ status: 400, json: { message: "Vous ne pouvez pas retirer votre propre rôle d'administrateur." } });
    const del = await send(h, "DELETE", `/api/admin/users/${solo.id}`, undefined, solo.auth);
    expect(del).toMatchObject({ status: 400, json: { message: "Vous ne pouvez pas supprimer votre propre compte." } });
    expect((await h.database.db.select().from(users).where(eq(users.id, solo.id)))[0]?.role).toBe("admin");
  });

  it("lets an admin demote another admin while one remains", async () => {
    const a = await person(h, "admin-a", "admin");
    const b = await person(h, "admin-b", "admin");
    const [row] = await h.database.db.select().from(users).where(eq(users.id, b.id));
    const r = await send(h, "PUT", `/api/admin/users/${b.id}`, { firstname: row!.firstname, name: row!.name, nickname: row!.nickname, email: row!.email, role: "user" }, a.auth);
    expect(r.status).toBe(200);
    expect(r.json.role).toBe("user");
  });
});

describe("deleting a member", () => {
  let h: Harness;
  let admin: Person;
  beforeAll(async () => {
    h = await createHarness();
    admin = await person(h, "chef", "admin");
  });
  afterAll(() => h.close());

  it("tells how many articles and media a member has, and whether they need a new owner", async () => {
    const m = await person(h, "auteur1");
    const other = await person(h, "coauteur1");
    await makeArticle(h.database.db, { authors: [m.id] });
    await makeArticle(h.database.db, { authors: [m.id, other.id] });
    await makeMedia(h.database.db, { uploadedBy: m.id });
    await makeEvent(h.database.db, { organizers: [m.id] });
    const { status, json } = await send(h, "GET", `/api/admin/users/${m.id}/footprint`, undefined, admin.auth);
    expect(status).toBe(200);
    expect(json).toEqual({ _id: m.id, articles: 2, soleAuthorArticles: 1, media: 1, events: 1, needsTransfer: true });
  });

  it("removes a member from co-authored articles and deletes them", async () => {
    const m = await person(h, "coauteur2");
    const other = await person(h, "auteur2");
    const shared = await makeArticle(h.database.db, { authors: [other.id, m.id] });
    const r = await send(h, "DELETE", `/api/admin/users/${m.id}`, undefined, admin.auth);
    expect(r).toMatchObject({ status: 200, json: { message: "Membre supprimé.", _id: m.id } });
    const authors = await h.database.db.select().from(articleAuthors).where(eq(articleAuthors.articleId, shared.id));
    expect(authors.map((a) => a.userId)).toEqual([other.id]);
    expect(await h.database.db.select().from(users).where(eq(users.id, m.id))).toEqual([]);
  });

  it("refuses (409) while they are the only author of an article or the uploader of a media", async () => {
    const m = await person(h, "seul");
    await makeArticle(h.database.db, { authors: [m.id] });
    const r = await send(h, "DELETE", `/api/users/${m.id}`, undefined, admin.auth);
    expect(r.status).toBe(409);
    expect(r.json.message).toMatch(/seul auteur de 1 article\(s\) et a déposé 0 média\(s\)/);
    const up = await person(h, "deposant");
    await makeMedia(h.database.db, { uploadedBy: up.id });
    expect((await send(h, "DELETE", `/api/admin/users/${up.id}`, undefined, admin.auth)).status).toBe(409);
  });

  it("transfers sole-authored articles and uploaded media to the chosen member, then deletes", async () => {
    const m = await person(h, "partant");
    const heir = await person(h, "heritier");
    const other = await person(h, "autre");
    const sole = await makeArticle(h.database.db, { authors: [m.id] });
    const shared = await makeArticle(h.database.db, { authors: [other.id, m.id] });
    const file = await makeMedia(h.database.db, { uploadedBy: m.id });
    const bad = await send(h, "DELETE", `/api/admin/users/${m.id}?transferTo=ffffffffffffffffffffffff`, undefined, admin.auth);
    expect(bad).toMatchObject({ status: 400, json: { message: "Le membre destinataire est introuvable." } });
    const self = await send(h, "DELETE", `/api/admin/users/${m.id}?transferTo=${m.id}`, undefined, admin.auth);
    expect(self.status).toBe(400);
    const r = await send(h, "DELETE", `/api/admin/users/${m.id}?transferTo=${heir.id}`, undefined, admin.auth);
    expect(r).toMatchObject({ status: 200, json: { transferred: { articles: 1, media: 1 } } });
    const soleAuthors = await h.database.db.select().from(articleAuthors).where(eq(articleAuthors.articleId, sole.id));
    expect(soleAuthors.map((a) => a.userId)).toEqual([heir.id]);
    const sharedAuthors = await h.database.db.select().from(articleAuthors).where(eq(articleAuthors.articleId, shared.id));
    expect(sharedAuthors.map((a) => a.userId)).toEqual([other.id]);
    expect((await h.database.db.select().from(media).where(eq(media.id, file.id)))[0]?.uploadedBy).toBe(heir.id);
  });
});
