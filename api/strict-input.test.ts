/**
 * Unknown and mistyped fields are refused with 400 and a French message, on every kind of body and on query
 * strings (docs/DECISIONS.md, « Strict input »). The first case was a 500; api/fuzz.test.ts looks for new ones
 * and each it finds is kept here as a plain case.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStrict } from "./lib/strict-schema";
import { readsOwnBody } from "./plugins/body-limit";
import { picture } from "./lib/uploads/samples";
import { formData, person, send, type Person } from "./modules/users/test-kit";
import { makeArticle, makeTheme } from "./testing/factory";
import { createHarness, type Harness } from "./testing/harness";

const unknown = (name: string) => `Champ inconnu\u00a0: «\u00a0${name}\u00a0».`;

describe("strict request bodies and queries", () => {
  let h: Harness;
  let me: Person;
  let admin: Person;
  const profile = () => ({ firstname: "Fatou", name: "Sarr", nickname: me.nickname, email: "fatou@example.sn" });
  const myRow = async () => (await send(h, "GET", "/api/user/me", undefined, me.auth)).json;

  beforeAll(async () => {
    h = await createHarness();
    me = await person(h, "fatou-stricte");
    admin = await person(h, "admin-strict", "admin");
  });
  afterAll(() => h.close());

  it("refuses a social link that is an object instead of text, in multipart and JSON (was a 500)", async () => {
    const before = await myRow();
    const multipart = await send(h, "PUT", "/api/user/profile", formData({ ...profile(), socialLinks: '{"zzz":{}}' }), me.auth);
    expect(multipart).toMatchObject({ status: 400, json: { message: unknown("zzz") } });
    const json = await send(h, "PUT", "/api/user/profile", { ...profile(), socialLinks: { zzz: {} } }, me.auth);
    expect(json).toMatchObject({ status: 400, json: { message: unknown("zzz") } });
    const elysia = await send(h, "PUT", "/api/user/me", { ...profile(), socialLinks: { website: "https://a.sn", zzz: "x" } }, me.auth);
    expect(elysia).toMatchObject({ status: 400, json: { message: unknown("zzz") } });
    expect(await myRow()).toEqual(before);
  });

  it("refuses unknown fields instead of dropping them, JSON, urlencoded and multipart alike", async () => {
    const role = await send(h, "PUT", "/api/user/me", { ...profile(), role: "admin" }, me.auth);
    expect(role).toMatchObject({ status: 400, json: { message: unknown("role") } });
    const theme = await send(h, "POST", "/api/admin/themes", { name: "Santé", url: "sante", color: "red" }, admin.auth);
    expect(theme).toMatchObject({ status: 400, json: { message: unknown("color") } });
    const article = { title: "Titre", txt_content: "Texte." };
    const urlencoded = await h.app.handle(
      new Request("http://localhost/api/user/articles", {
        method: "POST",
        headers: { ...me.auth, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...article, approved: "true" }),
      }),
    );
    expect(urlencoded.status).toBe(400);
    expect(((await urlencoded.json()) as { message: string }).message).toBe(unknown("approved"));
    const multipart = await send(h, "POST", "/api/user/articles", formData({ ...article, online: "true" }), me.auth);
    expect(multipart).toMatchObject({ status: 400, json: { message: unknown("online") } });
    const media = await send(h, "POST", "/api/user/media", formData({ title: "Lien", type: "link", description: "d", externalUrl: "https://a.sn", approved: "1" }), me.auth);
    expect(media).toMatchObject({ status: 400, json: { message: unknown("approved") } });
    const event = await send(h, "POST", "/api/admin/events", formData({ title: "R", location: "Dakar", startDate: "2027-01-01", endDate: "2027-01-01", url: "x" }), admin.auth);
    expect(event).toMatchObject({ status: 400, json: { message: unknown("url") } });
    expect((await send(h, "GET", "/api/user/articles", undefined, me.auth)).json).toEqual([]);
    expect((await send(h, "GET", "/api/user/media", undefined, me.auth)).json).toEqual([]);
  });

  it("refuses a text field or a second file on a picture route", async () => {
    const png = new File([await picture("png", 32, 32)], "p.png", { type: "image/png" });
    const extra = await send(h, "POST", "/api/user/profile-pic-crop", formData({ croppedPic: png, profilePic: "x" }), me.auth);
    expect(extra).toMatchObject({ status: 400, json: { message: unknown("profilePic") } });
    const other = await send(h, "POST", "/api/user/profile-pic-crop", formData({ avatar: png }), me.auth);
    expect(other).toMatchObject({ status: 400, json: { message: "Fichier inattendu\u00a0: «\u00a0avatar\u00a0»." } });
    expect((await myRow()).profilePic).toBeNull();
  });

  it("refuses JSON values of the wrong type instead of reading them as text", async () => {
    for (const body of [
      { ...profile(), firstname: 42 },
      { ...profile(), firstname: { a: 1 } },
      { ...profile(), firstname: ["Fatou", "Awa"] },
      { ...profile(), domain: null },
      { ...profile(), socialLinks: "https://a.sn" },
      { ...profile(), socialLinks: { website: 3 } },
    ]) {
      const r = await send(h, "PUT", "/api/user/profile", body, me.auth);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.message).toMatch(/\S/);
    }
    const media = await send(h, "POST", "/api/user/media", { title: 5, type: "link", description: "d", externalUrl: "https://a.sn" }, me.auth);
    expect(media.status).toBe(400);
    const repeated = await send(h, "POST", "/api/user/media", formData({ title: ["a", "b"], type: "link", description: "d", externalUrl: "https://a.sn" }), me.auth);
    expect(repeated.status).toBe(400);
    const event = await send(h, "POST", "/api/admin/events", { title: "R", location: "Dakar", startDate: 20270101, endDate: "2027-01-01" }, admin.auth);
    expect(event.status).toBe(400);
  });

  it("refuses unknown query parameters on routes that read a query", async () => {
    const list = await send(h, "GET", "/api/admin/articles?page=1&limit=5", undefined, admin.auth);
    expect(list).toMatchObject({ status: 400, json: { message: "Paramètre inconnu\u00a0: «\u00a0limit\u00a0»." } });
    expect((await send(h, "GET", "/api/admin/articles?page=1", undefined, admin.auth)).status).toBe(200);
    const theme = await makeTheme(h.database.db);
    expect((await send(h, "GET", `/api/admin/users/${me.id}/footprint`, undefined, admin.auth)).status).toBe(200);
    expect((await send(h, "DELETE", `/api/admin/users/${me.id}?transfer=${theme.id}`, undefined, admin.auth)).status).toBe(400);
    expect((await myRow()).nickname).toBe(me.nickname);
  });

  // Found by api/fuzz.test.ts: Elysia's normalization turned `true` into `{}`, its optional-body parser swallowed a
  // JSON error, and its form parser skipped fields named like Object's members; each let a toggle flip or a form
  // through as if the odd part had not been sent.
  it("refuses a body that is not an object, does not parse, or hides a field from the form parser", async () => {
    const article = await makeArticle(h.database.db, { authors: [me.id], approved: false });
    const toggle = (body: string, type = "application/json") =>
      h.app.handle(
        new Request(`http://localhost/api/admin/articles/${article.id}/approve`, { method: "PUT", headers: { ...admin.auth, "content-type": type }, body }),
      );
    for (const [body, type] of [["true"], ["1"], ["[]"], ['"oui"'], ["null"], ['{"approved":'], ["", "application/json"], ["approved", "text/plain"]] as const) {
      const res = await toggle(body, type);
      expect(res.status, `${type ?? "json"} ${body}`).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/^(Requête illisible\.|Le corps de la requête doit être un objet)/);
    }
    expect((await send(h, "GET", `/api/admin/articles/${article.id}`, undefined, admin.auth)).json.approved).toBe(false);
    // Without a body the toggle still flips (the spec's call).
    expect((await send(h, "PUT", `/api/admin/articles/${article.id}/approve`, undefined, admin.auth)).json.approved).toBe(true);

    const theme = await makeTheme(h.database.db);
    for (const name of ["constructor", "__proto__", "toString", "__proto__.x", "\u0000", ""]) {
      const form = formData({ title: `Titre ${JSON.stringify(name)}`, txt_content: "Texte.", themes: theme.id });
      form.append(name, "{}");
      const res = await send(h, "POST", "/api/user/articles", form, me.auth);
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.json.message).toMatch(/^Champ inconnu/);
    }
    expect((await send(h, "GET", "/api/user/articles?mine=1", undefined, me.auth)).json.map((a: { _id: string }) => a._id)).toEqual([article.id]);
  });

  // Issue 30 §5: Elysia copied the article form's body by assignment, where `__proto__` set the copy's prototype
  // instead of a field, so the strict check never saw it and the article was saved (200).
  it("refuses a JSON key named __proto__ like any unknown field, at the top and deeper, on every kind of route", async () => {
    const theme = await makeTheme(h.database.db);
    const raw = (method: string, path: string, json: string, auth = me.auth) =>
      h.app.handle(new Request(`http://localhost${path}`, { method, headers: { ...auth, "content-type": "application/json" }, body: json }));
    const article = `"title":"Titre piégé","txt_content":"Texte.","themes":["${theme.id}"]`;
    const p = `"firstname":"Fatou","name":"Sarr","nickname":"${me.nickname}","email":"fatou@example.sn"`;
    for (const [method, path, json, auth] of [
      ["POST", "/api/user/articles", `{${article},"__proto__":{"approved":true}}`, me.auth],
      ["POST", "/api/user/articles", `{${article},"keywords":[{"__proto__":{}}]}`, me.auth],
      ["POST", "/api/admin/articles", `{${article},"__proto__":{"online":true}}`, admin.auth],
      ["PUT", "/api/user/me", `{${p},"socialLinks":{"__proto__":{"x":"y"}}}`, me.auth],
      ["PUT", "/api/user/profile", `{${p},"__proto__":{"role":"admin"}}`, me.auth],
    ] as const) {
      const res = await raw(method, path, json, auth);
      expect(res.status, `${method} ${path} ${json}`).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(unknown("__proto__"));
    }
    const mine = (await send(h, "GET", "/api/user/articles?mine=1", undefined, me.auth)).json as { title: string }[];
    expect(mine.map((a) => a.title)).not.toContain("Titre piégé");
    expect((await send(h, "GET", "/api/admin/articles", undefined, admin.auth)).json).not.toContainEqual(expect.objectContaining({ title: "Titre piégé" }));
  });

  it("has a strict schema for every body and query Elysia checks, on every route", () => {
    const loose: string[] = [];
    for (const route of h.app.routes) {
      const hooks = route.hooks as { body?: unknown; query?: unknown };
      // Routes that read their own body (`parse: "none"`) check it with formValues or the upload rule, both strict.
      const ownBody = readsOwnBody(route);
      if (hooks.body && !ownBody && !isStrict(hooks.body)) loose.push(`${route.method} ${route.path} body`);
      if (hooks.query && !isStrict(hooks.query)) loose.push(`${route.method} ${route.path} query`);
    }
    // A new schema: wrap it in strict() (api/lib/strict-schema.ts).
    expect(loose).toEqual([]);
  });
});
