import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleThemes, eventThemes } from "../../../db/schema";
import { makeArticle, makeEvent, makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { audiences, person, send, type Person } from "../users/test-kit";

describe("theme administration", () => {
  let h: Harness;
  let admin: Person;
  let member: Person;

  beforeAll(async () => {
    h = await createHarness();
    admin = await person(h, "chef", "admin");
    member = await person(h, "simple");
  });
  afterAll(() => h.close());

  it("is for admins only: 401 anonymous, 403 member", async () => {
    const body = { name: "Santé", url: "sante", keywords: [] };
    for (const [method, path] of [
      ["GET", "/api/admin/themes"],
      ["POST", "/api/admin/themes"],
      ["PUT", "/api/admin/themes/x"],
      ["DELETE", "/api/admin/themes/x"],
    ] as const) {
      expect(await audiences(h, member, method, path, body), `${method} ${path}`).toEqual({ anonymous: 401, member: 403 });
    }
  });

  it("creates a theme with trimmed fields and keywords, shown publicly, and asks for a rebuild", async () => {
    const changes = h.changes;
    const { status, json } = await send(h, "POST", "/api/admin/themes", { name: "  Santé publique ", url: " sante-publique ", keywords: [" soins ", "", "hôpital, prévention", "soins"] }, admin.auth);
    expect(status).toBe(201);
    expect(json).toMatchObject({ name: "Santé publique", url: "sante-publique", keywords: ["soins", "hôpital", "prévention"] });
    expect(h.changes).toBe(changes + 1);
    const pub = await send(h, "GET", "/api/public/themes");
    expect(pub.json.map((t: { url: string }) => t.url)).toContain("sante-publique");
  });

  it("requires a name and a url, refuses spaces in the url and a url already used", async () => {
    const noName = await send(h, "POST", "/api/admin/themes", { name: "   ", url: "vide" }, admin.auth);
    expect(noName).toMatchObject({ status: 400, json: { message: "Le nom du thème est obligatoire (100 caractères au plus)." } });
    const noUrl = await send(h, "POST", "/api/admin/themes", { name: "Sans URL", url: "  " }, admin.auth);
    expect(noUrl.status).toBe(400);
    expect(noUrl.json.message).toMatch(/L'URL du thème est obligatoire/);
    const spaced = await send(h, "POST", "/api/admin/themes", { name: "Espacé", url: "mon theme" }, admin.auth);
    expect(spaced.status).toBe(400);
    await send(h, "POST", "/api/admin/themes", { name: "Unique", url: "unique" }, admin.auth);
    const taken = await send(h, "POST", "/api/admin/themes", { name: "Autre", url: "UNIQUE" }, admin.auth);
    expect(taken).toMatchObject({ status: 409, json: { message: "Cette URL de thème est déjà utilisée." } });
    // The words of the list pages' addresses (/articles/page/2, /articles/tri/titre) are not theme addresses.
    for (const url of ["page", "Tri", "theme"]) {
      const reserved = await send(h, "POST", "/api/admin/themes", { name: "Réservé", url }, admin.auth);
      expect(reserved.status, url).toBe(400);
      expect(reserved.json.message).toBe(`«\u00a0${url}\u00a0» est réservé aux adresses des listes d'articles\u00a0: choisissez une autre URL de thème.`);
    }
  });

  it("edits a theme, keeping its own url allowed, and answers 404 for an unknown one", async () => {
    const created = (await send(h, "POST", "/api/admin/themes", { name: "Culture", url: "culture" }, admin.auth)).json;
    const edited = await send(h, "PUT", `/api/admin/themes/${created._id}`, { name: "Culture et arts", url: "culture", keywords: ["musique"] }, admin.auth);
    expect(edited).toMatchObject({ status: 200, json: { name: "Culture et arts", url: "culture", keywords: ["musique"] } });
    const unknown = await send(h, "PUT", "/api/admin/themes/ffffffffffffffffffffffff", { name: "X", url: "x" }, admin.auth);
    expect(unknown).toMatchObject({ status: 404, json: { message: "Thème introuvable." } });
  });

  it("lists themes for admins with how many articles and events carry each", async () => {
    const theme = await makeTheme(h.database.db, "Compté");
    await makeArticle(h.database.db, { themes: [theme.id], approved: false });
    const { status, json } = await send(h, "GET", "/api/admin/themes", undefined, admin.auth);
    expect(status).toBe(200);
    expect(json.find((t: { _id: string }) => t._id === theme.id)).toMatchObject({ articles: 1, events: 0 });
    // The counts are kept until the content changes (api/lib/count-memo.ts): a new article is counted at once.
    await makeArticle(h.database.db, { themes: [theme.id] });
    const again = await send(h, "GET", "/api/admin/themes?page=1&pageSize=25", undefined, admin.auth);
    expect(again.json.items.find((t: { _id: string }) => t._id === theme.id)).toMatchObject({ articles: 2, events: 0 });
    const whole = await send(h, "GET", "/api/admin/themes", undefined, admin.auth);
    expect(whole.json.find((t: { _id: string }) => t._id === theme.id)).toMatchObject({ articles: 2, events: 0 });
  });

  it("unlinks a deleted theme from its articles and events, which stay", async () => {
    const db = h.database.db;
    const theme = await makeTheme(db, "Éphémère");
    const keep = await makeTheme(db, "Durable");
    const article = await makeArticle(db, { themes: [theme.id, keep.id] });
    const event = await makeEvent(db);
    await db.insert(eventThemes).values({ eventId: event.id, themeId: theme.id });
    const r = await send(h, "DELETE", `/api/admin/themes/${theme.id}`, undefined, admin.auth);
    expect(r).toMatchObject({ status: 200, json: { message: "Thème supprimé.", unlinked: { articles: 1, events: 1 } } });
    const left = await db.select().from(articleThemes).where(eq(articleThemes.articleId, article.id));
    expect(left.map((l) => l.themeId)).toEqual([keep.id]);
    expect(await db.select().from(eventThemes).where(eq(eventThemes.eventId, event.id))).toEqual([]);
    expect((await send(h, "GET", `/api/public/article/${article.url}`)).json.themes.map((t: { name: string }) => t.name)).toEqual(["Durable"]);
    expect((await send(h, "GET", `/api/public/event/${event.url}`)).status).toBe(200);
  });
});
