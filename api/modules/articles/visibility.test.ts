import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeArticle, makeMedia, makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";

const PASSWORD = "Bonjour-Goree-2025!";

describe("items not on the public site, by role", () => {
  let h: Harness;
  let urls: Record<string, string>;
  const auth = async (nickname: string) => ({
    authorization: `Bearer ${(await h.call("POST", "/api/auth/login", { nickname, password: PASSWORD })).json.token}`,
  });

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    const author = await makeUser(db, { nickname: "autrice", password: PASSWORD });
    await makeUser(db, { nickname: "autre", password: PASSWORD });
    await makeUser(db, { nickname: "chef", role: "admin", password: PASSWORD });
    const draft = await makeArticle(db, { approved: false, authors: [author.id] });
    const pendingMedia = await makeMedia(db, { approved: false, uploadedBy: author.id });
    urls = { draft: draft.url, media: pendingMedia.url };
  });
  afterAll(() => h.close());

  it("shows a pending article to its author and to admins, and 404 to anyone else", async () => {
    expect((await h.call("GET", `/api/public/article/${urls.draft}`)).status).toBe(404);
    expect((await h.call("GET", `/api/user/articles/${urls.draft}`, undefined, await auth("autrice"))).status).toBe(200);
    expect((await h.call("GET", `/api/user/articles/${urls.draft}`, undefined, await auth("autre"))).status).toBe(404);
    expect((await h.call("GET", `/api/admin/articles/${urls.draft}`, undefined, await auth("chef"))).status).toBe(200);
    expect((await h.call("GET", `/api/admin/articles/${urls.draft}`, undefined, await auth("autrice"))).status).toBe(403);
    expect((await h.call("GET", `/api/user/articles/${urls.draft}`)).status).toBe(401);
  });

  it("shows a pending media to its uploader and to admins only", async () => {
    expect((await h.call("GET", `/api/public/media/${urls.media}`)).status).toBe(404);
    const own = await h.call("GET", `/api/user/media/${urls.media}`, undefined, await auth("autrice"));
    expect(own.status).toBe(200);
    expect(own.json.approved).toBe(false);
    expect((await h.call("GET", `/api/user/media/${urls.media}`, undefined, await auth("autre"))).json).toEqual({
      message: "Média non disponible.",
    });
    expect((await h.call("GET", `/api/admin/media/${urls.media}`, undefined, await auth("chef"))).status).toBe(200);
  });
});
