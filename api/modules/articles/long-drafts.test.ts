import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { articleWriteMaxBytes, isArticleWrite } from "./body-size";
import { person, send, type Person } from "./test-kit";

/**
 * Drafts save whatever they hold (issue 32 §2), however long: an article write carries a whole paper as JSON (text
 * and HTML), past the 64 KB any other JSON route takes, up to its own bound sized from ARTICLE_MAX_CHARS.
 */
describe("long drafts", () => {
  let h: Harness;
  let awa: Person;
  let chef: Person;
  let eco: { id: string };

  // A paragraph of accented French, 200 characters: accents take two bytes each in UTF-8.
  const PARAGRAPH = "Les élus de Gorée, de Saint-Louis et de Ziguinchor ont débattu des priorités : l'érosion côtière, l'accès à l'eau et la pêche artisanale, à l'écoute des habitants et des associations. ";
  const paper = (chars: number) => PARAGRAPH.repeat(Math.ceil(chars / PARAGRAPH.length)).slice(0, chars).trim();
  const html = (text: string) => text.match(/.{1,400}(\s|$)/g)!.map((p) => `<p>${p.trim()}</p>`).join("");

  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa");
    chef = await person(h, "chef", "admin");
    eco = await makeTheme(h.database.db, "Économie");
  });
  afterAll(() => h.close());

  it("saves a member's 40,000-character draft (over 64 KB of JSON) whole, and refuses its submission with the spec's message", async () => {
    const text = paper(40_000);
    const body = { title: "Un long rapport", txt_content: text, html_content: html(text), themes: [eco.id], draft: true };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(64 * 1024);
    const created = await send(h, "POST", "/api/user/articles", body, awa.auth);
    expect(created.status, JSON.stringify(created.json).slice(0, 200)).toBe(200);
    const id = created.json._id as string;
    const read = await send(h, "GET", `/api/user/articles/${id}`, undefined, awa.auth);
    expect(read.json.txt_content).toBe(text);

    // An update of the same size saves too; the submission is refused by the rule, not by the body's size.
    const longer = paper(45_000);
    const updated = await send(h, "PUT", `/api/user/articles/${id}`, { ...body, txt_content: longer, html_content: html(longer) }, awa.auth);
    expect(updated.status).toBe(200);
    const submitted = await send(h, "PUT", `/api/user/articles/${id}`, { ...body, txt_content: longer, html_content: html(longer), draft: false }, awa.auth);
    expect(submitted).toEqual({ status: 400, json: { message: "Le contenu est trop long (max 10 000 caractères)" } });

    // An admin's save is no draft: the same long body reaches the rule (400), not the size limit (413).
    expect(await send(h, "PUT", `/api/admin/articles/${id}`, { ...body, draft: undefined }, chef.auth)).toEqual({
      status: 400,
      json: { message: "Le contenu est trop long (max 10 000 caractères)" },
    });
  });

  it("still refuses a body past the article routes' own bound, and 64 KB anywhere else", async () => {
    const max = articleWriteMaxBytes(10_000);
    const huge = { title: "Trop", txt_content: "x".repeat(max), themes: [eco.id], draft: true };
    expect(await send(h, "POST", "/api/user/articles", huge, awa.auth)).toEqual({
      status: 413,
      json: { message: `Requête trop volumineuse (max ${Math.floor(max / 1024)} Ko).` },
    });
    const contact = await send(h, "POST", "/api/contact", { name: "A", email: "a@example.sn", subject: "S", message: "m".repeat(70 * 1024) });
    expect(contact).toEqual({ status: 413, json: { message: "Requête trop volumineuse (max 64 Ko)." } });
  });

  it("takes only article create and update as article writes", () => {
    expect(isArticleWrite("POST", "/api/user/articles")).toBe(true);
    expect(isArticleWrite("PUT", "/api/admin/articles/abc123")).toBe(true);
    expect(isArticleWrite("POST", "/api/admin/articles/bulk")).toBe(false);
    expect(isArticleWrite("PUT", "/api/admin/articles/bulk")).toBe(false);
    expect(isArticleWrite("PUT", "/api/user/articles")).toBe(false);
    expect(isArticleWrite("POST", "/api/user/articles/abc123")).toBe(false);
    expect(isArticleWrite("PUT", "/api/admin/articles/abc123/approve")).toBe(false);
    expect(isArticleWrite("POST", "/api/contact")).toBe(false);
  });
});
