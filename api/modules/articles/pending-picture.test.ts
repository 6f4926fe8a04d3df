import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sample from "../../lib/uploads/samples";
import { privateUploadAccess } from "../../lib/uploads/visibility";
import { makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { formData, person, send, uploaded, type Person } from "./test-kit";

/**
 * Issue 20 §2: a member's new picture for a published article is part of its pending edit, like the text. The
 * public page keeps the approved picture until an admin approves the edit.
 */
describe("the picture of a pending edit", () => {
  let h: Harness;
  let awa: Person;
  let chef: Person;
  let eco: { id: string };

  const body = (extra: object = {}) => ({ title: "Le marché de Sandaga", txt_content: "Texte.", html_content: "<p>Texte.</p>", themes: [eco.id], ...extra });
  const crop = async (id: string, who: Person) =>
    send(h, "POST", `/api/${who === chef ? "admin" : "user"}/articles/${id}/article-pic-crop`, formData({ croppedPic: new File([await sample.picture("png", 1000, 600)], "c.png") }), who.auth);
  /** An article of Awa's with a picture, approved and online. */
  async function published() {
    const created = await send(h, "POST", "/api/user/articles", body(), awa.auth);
    const pic = (await crop(created.json._id, awa)).json.articlePic as string;
    expect((await send(h, "PUT", `/api/admin/articles/${created.json._id}/approve`, { approved: true }, chef.auth)).status).toBe(200);
    return { id: created.json._id as string, url: created.json.url as string, pic };
  }
  const publicPage = async (url: string) => send(h, "GET", `/api/public/article/${url}`);
  const access = (who: Person | null, name: string) =>
    privateUploadAccess(h.database.db, new Request("http://localhost/x", { headers: who ? who.auth : {} }), `article_pics/${name}`);

  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa");
    chef = await person(h, "chef", "admin");
    eco = await makeTheme(h.database.db, "Économie");
  });
  afterAll(() => h.close());

  it("keeps the published article public with its approved picture while the new one waits, and swaps on approval", async () => {
    const a = await published();
    const changed = await crop(a.id, awa);
    expect(changed.status).toBe(200);
    const next = changed.json.articlePic as string;
    expect(next).not.toBe(a.pic);

    // Still public, with the approved picture; both files are kept.
    const page = await publicPage(a.url);
    expect(page.status).toBe(200);
    expect(page.json.articlePic).toBe(a.pic);
    expect(uploaded(h, `article_pics/${a.pic}`)).toBe(true);
    expect(uploaded(h, `article_pics/${next}`)).toBe(true);
    // The author and the admin's review see the new picture, as a pending edit of an approved article.
    const mine = (await send(h, "GET", `/api/user/articles/${a.id}`, undefined, awa.auth)).json;
    expect(mine).toMatchObject({ articlePic: next, approved: true, pendingEdit: true });
    expect((await send(h, "GET", `/api/admin/articles/${a.id}`, undefined, chef.auth)).json.articlePic).toBe(next);
    // The waiting picture is the authors' and admins', not the public's.
    expect(await access(awa, next)).toBe("private");
    expect(await access(chef, next)).toBe("private");
    expect(await access(null, next)).toBe(null);

    // Approval swaps it; the old file stays while a kept revision still names it (« Historique »).
    expect((await send(h, "PUT", `/api/admin/articles/${a.id}/approve`, { approved: true }, chef.auth)).status).toBe(200);
    const after = await publicPage(a.url);
    expect(after.json.articlePic).toBe(next);
    expect(uploaded(h, `article_pics/${a.pic}`)).toBe(true);
  });

  it("replaces a waiting picture by a newer one and removes the file nothing names any more", async () => {
    const a = await published();
    const first = (await crop(a.id, awa)).json.articlePic as string;
    const second = (await crop(a.id, awa)).json.articlePic as string;
    // Same writing session: the pending revision now names the second; the first is named by nothing.
    expect(uploaded(h, `article_pics/${first}`)).toBe(false);
    expect(uploaded(h, `article_pics/${second}`)).toBe(true);
    expect((await publicPage(a.url)).json.articlePic).toBe(a.pic);
  });

  it("holds a member's removal of the picture in the pending edit too", async () => {
    const a = await published();
    const removed = await send(h, "DELETE", `/api/user/articles/${a.id}/article-pic`, undefined, awa.auth);
    expect(removed.status).toBe(200);
    expect(removed.json.articlePic).toBe(null);
    expect((await publicPage(a.url)).json.articlePic).toBe(a.pic);
    expect(uploaded(h, `article_pics/${a.pic}`)).toBe(true);
    expect((await send(h, "PUT", `/api/admin/articles/${a.id}/approve`, { approved: true }, chef.auth)).status).toBe(200);
    expect((await publicPage(a.url)).json.articlePic).toBe(null);
  });

  it("keeps a text edit's picture: an admin's new picture during a pending edit is not undone by approving it", async () => {
    const a = await published();
    await send(h, "PUT", `/api/user/articles/${a.id}`, body({ title: "Sandaga, revu" }), awa.auth);
    const adminPic = (await crop(a.id, chef)).json.articlePic as string;
    expect((await send(h, "PUT", `/api/admin/articles/${a.id}/approve`, { approved: true }, chef.auth)).status).toBe(200);
    expect((await publicPage(a.url)).json).toMatchObject({ title: "Sandaga, revu", articlePic: adminPic });
  });

  it("removes, when the article is purged from the trash, the pictures only its revisions still named", async () => {
    const a = await published();
    const waiting = (await crop(a.id, awa)).json.articlePic as string;
    expect((await send(h, "PUT", `/api/admin/articles/${a.id}/approve`, { approved: true }, chef.auth)).status).toBe(200);
    // The approved picture is now the waiting one; the first is named by history alone.
    expect(uploaded(h, `article_pics/${a.pic}`)).toBe(true);
    expect((await send(h, "DELETE", `/api/user/articles/${a.id}`, undefined, awa.auth)).status).toBe(200);
    expect((await send(h, "DELETE", `/api/user/trash/article/${a.id}`, undefined, awa.auth)).status).toBe(200);
    expect(uploaded(h, `article_pics/${a.pic}`)).toBe(false);
    expect(uploaded(h, `article_pics/${waiting}`)).toBe(false);
  });
});
