import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { LOGIN_POLICY } from "./login-limits";

const PASSWORD = "Bonjour-Goree-2025!";

describe("password sign-in and sessions", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await makeUser(h.database.db, { nickname: "khady", firstname: "Khady", name: "Ndiaye", password: PASSWORD });
    await makeUser(h.database.db, { nickname: "boss", role: "admin", password: PASSWORD });
  });
  afterAll(() => h.close());

  const login = (nickname: string, password = PASSWORD) => h.call("POST", "/api/auth/login", { nickname, password });

  it("signs in with nickname and password and returns the user and a token", async () => {
    const { status, json, headers } = await login("khady");
    expect(status).toBe(200);
    expect(json.user).toMatchObject({ nickname: "khady", firstname: "Khady", role: "user" });
    expect(json.token).toMatch(/^[a-z2-9]{24}\.[a-z2-9]{24}$/);
    const cookie = headers.get("set-cookie")!;
    expect(cookie).toContain(`session=${json.token}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("accepts the nickname case-insensitively", async () => {
    expect((await login("KHADY")).status).toBe(200);
  });

  it("answers a wrong password and an unknown nickname the same way, with 401", async () => {
    const wrong = await login("khady", "Mauvais-mot-2025!");
    const unknown = await login("personne");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.message).toBe("Identifiant ou mot de passe incorrect.");
  });

  it("asks for both fields with the spec's message", async () => {
    const { status, json } = await h.call("POST", "/api/auth/login", { nickname: "khady", password: "" });
    expect(status).toBe(400);
    expect(json.message).toBe("Veuillez remplir tous les champs");
  });

  it("never returns a password hash or session hash", async () => {
    const { json } = await login("khady");
    const me = await h.call("GET", "/api/user/me", undefined, { authorization: `Bearer ${json.token}` });
    for (const body of [JSON.stringify(json), JSON.stringify(me.json)]) {
      expect(body).not.toContain("argon2");
      expect(body).not.toContain("passwordHash");
      expect(body).not.toContain("secretHash");
    }
  });

  it("serves the current user for a bearer token and 401 without one", async () => {
    const { json } = await login("khady");
    const me = await h.call("GET", "/api/user/me", undefined, { authorization: `Bearer ${json.token}` });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ nickname: "khady", lastname: "Ndiaye" });
    expect((await h.call("GET", "/api/user/me")).status).toBe(401);
    expect((await h.call("GET", "/api/user/me", undefined, { authorization: "Bearer nope.nope" })).status).toBe(401);
  });

  it("ends the session on the server at logout", async () => {
    const { json } = await login("khady");
    const auth = { authorization: `Bearer ${json.token}` };
    expect((await h.call("POST", "/api/auth/logout", undefined, auth)).status).toBe(200);
    expect((await h.call("GET", "/api/user/me", undefined, auth)).status).toBe(401);
  });

  it("accepts the cookie for reads and same-origin writes, refuses cross-origin writes with 403", async () => {
    const { json } = await login("khady");
    const cookie = { cookie: `session=${json.token}` };
    expect((await h.call("GET", "/api/user/me", undefined, cookie)).status).toBe(200);
    const body = { firstname: "Khady", name: "Ndiaye", nickname: "khady", email: "khady@example.sn", currentPassword: PASSWORD };
    const foreign = await h.call("PUT", "/api/user/me", body, { ...cookie, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const crossSite = await h.call("PUT", "/api/user/me", body, { ...cookie, "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const same = await h.call("PUT", "/api/user/me", body, { ...cookie, origin: "http://localhost" });
    expect(same.status).toBe(200);
    expect(same.json.email).toBe("khady@example.sn");
  });

  it("limits failed logins with a 429 and a French message, even for the right password", async () => {
    const fresh = await createHarness();
    try {
      await makeUser(fresh.database.db, { nickname: "cible", password: PASSWORD });
      const attempt = (password: string) => fresh.call("POST", "/api/auth/login", { nickname: "cible", password });
      for (let i = 0; i < LOGIN_POLICY.perAddressAccount.limit; i++) expect((await attempt("faux")).status).toBe(401);
      const blocked = await attempt(PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.json.message).toBe("Trop de tentatives de connexion. Réessayez dans quelques minutes.");
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      fresh.close();
    }
  });
});

describe("role guard on the server", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await makeUser(h.database.db, { nickname: "membre1", password: PASSWORD });
    await makeUser(h.database.db, { nickname: "admin1", role: "admin", password: PASSWORD });
  });
  afterAll(() => h.close());

  const tokenOf = async (nickname: string) => (await h.call("POST", "/api/auth/login", { nickname, password: PASSWORD })).json.token;

  it("answers 401 without a session, 403 for a member and 200 for an admin on /api/admin/users", async () => {
    expect((await h.call("GET", "/api/admin/users")).status).toBe(401);
    const member = await h.call("GET", "/api/admin/users", undefined, { authorization: `Bearer ${await tokenOf("membre1")}` });
    expect(member.status).toBe(403);
    expect(member.json.message).toBe("Accès réservé aux administrateurs.");
    const admin = await h.call("GET", "/api/admin/users", undefined, { authorization: `Bearer ${await tokenOf("admin1")}` });
    expect(admin.status).toBe(200);
    expect(admin.json.map((u: { nickname: string }) => u.nickname).sort()).toEqual(["admin1", "membre1"]);
    expect(JSON.stringify(admin.json)).not.toContain("argon2");
  });
});

describe("profile update", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await makeUser(h.database.db, { nickname: "awa", password: PASSWORD });
    await makeUser(h.database.db, { nickname: "taken", password: PASSWORD });
  });
  afterAll(() => h.close());

  const base = { firstname: "Awa", name: "Diop", nickname: "awa", email: "awa@example.sn" };
  const session = async (password = PASSWORD) => {
    const { json } = await h.call("POST", "/api/auth/login", { nickname: "awa", password });
    return { authorization: `Bearer ${json.token}` };
  };

  it("refuses a nickname already used or reserved", async () => {
    const auth = await session();
    expect((await h.call("PUT", "/api/user/me", { ...base, nickname: "TAKEN", currentPassword: PASSWORD }, auth))).toMatchObject({
      status: 409,
      json: { message: "Cet alias est déjà utilisé." },
    });
    expect((await h.call("PUT", "/api/user/me", { ...base, nickname: "dashboard", currentPassword: PASSWORD }, auth))).toMatchObject({
      status: 400,
      json: { message: "Cet alias est réservé, choisissez-en un autre." },
    });
  });

  it("needs the current password and a valid new one, then ends the other sessions", async () => {
    const first = await session();
    const second = await session();
    const noCurrent = await h.call("PUT", "/api/user/me", { ...base, newPassword: "Nouveau-Mot-2026!" }, first);
    expect(noCurrent.json.message).toBe("Veuillez entrer votre mot de passe actuel.");
    const weak = await h.call("PUT", "/api/user/me", { ...base, currentPassword: PASSWORD, newPassword: "faible" }, first);
    expect(weak.json.message).toBe("Le nouveau mot de passe est invalide.");
    const ok = await h.call("PUT", "/api/user/me", { ...base, currentPassword: PASSWORD, newPassword: "Nouveau-Mot-2026!" }, first);
    expect(ok.status).toBe(200);
    expect((await h.call("GET", "/api/user/me", undefined, first)).status).toBe(200);
    expect((await h.call("GET", "/api/user/me", undefined, second)).status).toBe(401);
    expect((await h.call("POST", "/api/auth/login", { nickname: "awa", password: "Nouveau-Mot-2026!" })).status).toBe(200);
  });
});
