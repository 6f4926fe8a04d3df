import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../testing/harness";
import { makeArticle, makeMedia, makeTheme, makeUser } from "../../testing/factory";

describe("public articles", () => {
  let h: Harness;
  let ids: Record<string, string>;

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    const awa = await makeUser(db, { firstname: "Awa", name: "Diop Sow", nickname: "awa" });
    const jean = await makeUser(db, { firstname: "Jean", name: "Ndiaye", nickname: "jean" });
    const eco = await makeTheme(db, "Économie");
    const pub = await makeMedia(db, { type: "audio" });
    const hidden = await makeMedia(db, { approved: false });
    const recent = await makeArticle(db, {
      title: "Récent",
      daysAgo: 1,
      authors: [jean.id, awa.id],
      themes: [eco.id],
      media: [hidden.id, pub.id],
    });
    const old = await makeArticle(db, { title: "Ancien", daysAgo: 30, authors: [awa.id] });
    const pending = await makeArticle(db, { title: "En attente", approved: false, authors: [awa.id] });
    const offline = await makeArticle(db, { title: "Hors ligne", online: false, authors: [awa.id] });
    ids = { recent: recent.url, old: old.url, pending: pending.url, offline: offline.url, eco: eco.id, awa: awa.id };
  });
  afterAll(() => h.close());

  it("lists only approved and online articles, newest first", async () => {
    const { status, json } = await h.call("GET", "/api/public/articles");
    expect(status).toBe(200);
    expect(json.map((a: { title: string }) => a.title)).toEqual(["Récent", "Ancien"]);
  });

  it("gives authors in their order, themes, and counts only public media", async () => {
    const { json } = await h.call("GET", "/api/public/articles");
    const recent = json[0];
    expect(recent.authors.map((a: { nickname: string }) => a.nickname)).toEqual(["jean", "awa"]);
    expect(recent.themes).toEqual([{ _id: ids.eco, name: "Économie", url: expect.any(String) }]);
    expect(recent.mediaCount).toBe(1);
    expect(recent._id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Date(recent.createdAt).toString()).not.toBe("Invalid Date");
  });

  it("returns one article with its public media only", async () => {
    const { status, json } = await h.call("GET", `/api/public/article/${ids.recent}`);
    expect(status).toBe(200);
    expect(json.html_content).toBe("<p>Premier paragraphe.</p>");
    expect(json.media).toHaveLength(1);
    expect(json.media[0].type).toBe("audio");
  });

  it("gives every public article with bodies and public media in one answer, like the single reads", async () => {
    const { status, json } = await h.call("GET", "/api/public/articles/full");
    expect(status).toBe(200);
    expect(json.map((a: { title: string }) => a.title)).toEqual(["Récent", "Ancien"]);
    const single = await h.call("GET", `/api/public/article/${ids.recent}`);
    expect(json[0]).toEqual(single.json);
  });

  it("answers 404 with a French message for unknown, pending and offline articles", async () => {
    for (const url of ["nope", ids.pending, ids.offline]) {
      const { status, json } = await h.call("GET", `/api/public/article/${url}`);
      expect(status).toBe(404);
      expect(json).toEqual({ message: "Article non trouvé." });
    }
  });

  it("never exposes author e-mails or password hashes", async () => {
    const { json } = await h.call("GET", `/api/public/article/${ids.recent}`);
    const text = JSON.stringify(json);
    expect(text).not.toContain("@example.org");
    expect(text).not.toContain("passwordHash");
    expect(text).not.toContain("argon2");
  });

  it("counts public articles per theme", async () => {
    const { json } = await h.call("GET", "/api/public/themes-with-count");
    expect(json.find((t: { _id: string }) => t._id === ids.eco).count).toBe(1);
  });

  it("lists an author's public articles on their profile", async () => {
    const { status, json } = await h.call("GET", "/api/public/author/AWA");
    expect(status).toBe(200);
    expect(json.member.fullname).toBe("Awa_Diop_Sow");
    expect(json.articles.map((a: { title: string }) => a.title)).toEqual(["Récent", "Ancien"]);
  });
});
