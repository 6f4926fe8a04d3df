import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles } from "../../../db/schema";
import { makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { purgeExpired } from "../trash/purge";
import { person, send, type Person } from "./test-kit";

/** A paper of about 1,500 words: 10,700 characters, past the spec's 10 000. */
const longPaper = () => {
  const sentence = "La politique halieutique du Sénégal doit concilier la pêche artisanale et la haute mer. ";
  return sentence.repeat(Math.ceil(10_700 / sentence.length)).slice(0, 10_700).trim();
};

/** Issue 32 §2: drafts save whatever they hold; the spec's rules apply at « Soumettre pour publication ». */
describe("draft rules at submission", () => {
  let h: Harness;
  let awa: Person;
  let eco: { id: string };

  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa");
    eco = await makeTheme(h.database.db, "Économie");
  });
  afterAll(() => h.close());

  it("saves a draft without a theme, then names the missing theme with the spec's message at submission", async () => {
    const created = await send(h, "POST", "/api/user/articles", { title: "Sans thème", txt_content: "Premier jet.", draft: true }, awa.auth);
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ draft: true, themes: [] });
    const saved = await send(h, "PUT", `/api/user/articles/${created.json._id}`, { title: "Sans thème", txt_content: "Deuxième jet.", clearThemes: true, draft: true }, awa.auth);
    expect(saved.json).toMatchObject({ draft: true, txt_content: "Deuxième jet." });
    const submit = await send(h, "PUT", `/api/user/articles/${created.json._id}`, { title: "Sans thème", txt_content: "Deuxième jet.", clearThemes: true }, awa.auth);
    expect(submit).toEqual({ status: 400, json: { message: "Au moins un thème doit être sélectionné" } });
    expect((await send(h, "GET", `/api/user/articles/${created.json._id}`, undefined, awa.auth)).json.draft).toBe(true);
  });

  it("saves a draft past 10 000 characters and refuses its submission with the spec's message", async () => {
    const text = longPaper();
    expect(text.length).toBeGreaterThan(10_000);
    const created = await send(h, "POST", "/api/user/articles", { title: "Un long papier", txt_content: text, themes: [eco.id], draft: true }, awa.auth);
    expect(created.status).toBe(200);
    expect(created.json.txt_content.length).toBe(text.length);
    const submit = await send(h, "PUT", `/api/user/articles/${created.json._id}`, { title: "Un long papier", txt_content: text, themes: [eco.id] }, awa.auth);
    expect(submit).toEqual({ status: 400, json: { message: "Le contenu est trop long (max 10 000 caractères)" } });
  });

  it("saves a draft that has text but no title yet, and asks for the title at submission", async () => {
    const created = await send(h, "POST", "/api/user/articles", { title: "", txt_content: "Des idées avant le titre.", draft: true }, awa.auth);
    expect(created.json).toMatchObject({ title: "", draft: true });
    const submit = await send(h, "PUT", `/api/user/articles/${created.json._id}`, { title: "", txt_content: "Des idées.", themes: [eco.id] }, awa.auth);
    expect(submit).toEqual({ status: 400, json: { message: "Le titre est obligatoire" } });
  });

  it("never creates an empty draft", async () => {
    const res = await send(h, "POST", "/api/user/articles", { title: " ", txt_content: "", html_content: "<p></p>", draft: true }, awa.auth);
    expect(res).toEqual({ status: 400, json: { message: "Ce brouillon est vide\u00a0: écrivez un titre ou un texte pour l'enregistrer." } });
  });

  it("creates a draft whose body is only a picture, which the form does not count as empty either", async () => {
    const html = '<figure><img src="https://example.org/carte.jpg" alt="Une carte"></figure>';
    const res = await send(h, "POST", "/api/user/articles", { title: "", txt_content: "", html_content: html, draft: true }, awa.auth);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: "", draft: true });
  });

  it("removes a draft its author emptied, a day after its last save, and keeps the others", async () => {
    const emptied = (await send(h, "POST", "/api/user/articles", { title: "Bientôt vide", txt_content: "x", draft: true }, awa.auth)).json;
    await send(h, "PUT", `/api/user/articles/${emptied._id}`, { title: "", txt_content: "", draft: true }, awa.auth);
    const kept = (await send(h, "POST", "/api/user/articles", { title: "Gardé", txt_content: "", draft: true }, awa.auth)).json;
    const exists = async (id: string) => (await h.database.db.select({ id: articles.id }).from(articles).where(eq(articles.id, id))).length === 1;

    expect((await purgeExpired(h.database.db, h.deps.env.uploadsDir, new Date(Date.now() + 23 * 3600_000))).emptyDrafts).toBe(0);
    expect(await exists(emptied._id)).toBe(true);
    expect((await purgeExpired(h.database.db, h.deps.env.uploadsDir, new Date(Date.now() + 25 * 3600_000))).emptyDrafts).toBe(1);
    expect(await exists(emptied._id)).toBe(false);
    expect(await exists(kept._id)).toBe(true);
  });

  it("tells the apps the server's limit", async () => {
    expect(await send(h, "GET", "/api/user/articles/rules", undefined, awa.auth)).toEqual({ status: 200, json: { maxChars: 10_000 } });
    expect((await send(h, "GET", "/api/user/articles/rules")).status).toBe(401);
  });
});

describe("ARTICLE_MAX_CHARS", () => {
  let h: Harness;
  let awa: Person;
  let eco: { id: string };

  beforeAll(async () => {
    h = await createHarness({ ARTICLE_MAX_CHARS: "12000" });
    awa = await person(h, "awa");
    eco = await makeTheme(h.database.db, "Économie");
  });
  afterAll(() => h.close());

  it("lets a 1,500-word paper be submitted once the limit is raised, and enforces the new limit with its number", async () => {
    const text = longPaper();
    expect((await send(h, "GET", "/api/user/articles/rules", undefined, awa.auth)).json).toEqual({ maxChars: 12_000 });
    const draft = (await send(h, "POST", "/api/user/articles", { title: "Un long papier", txt_content: text, themes: [eco.id], draft: true }, awa.auth)).json;
    const submit = await send(h, "PUT", `/api/user/articles/${draft._id}`, { title: "Un long papier", txt_content: text, themes: [eco.id] }, awa.auth);
    expect(submit.status).toBe(200);
    expect(submit.json).toMatchObject({ draft: false, approved: false });
    const tooLong = await send(h, "POST", "/api/user/articles", { title: "Trop long", txt_content: "x".repeat(12_001), themes: [eco.id] }, awa.auth);
    expect(tooLong).toEqual({ status: 400, json: { message: "Le contenu est trop long (max 12 000 caractères)" } });
  });
});
