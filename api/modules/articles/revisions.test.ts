import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleRevisions, articles, auditLog } from "../../../db/schema";
import { makeTheme } from "../../testing/factory";
import { createApp } from "../../app";
import { PreviewRenderer } from "../../lib/preview-renderer";
import { createHarness, type Harness } from "../../testing/harness";
import { REVISIONS_MAX, REVISION_SESSION_MS } from "./revisions";
import { changesDuring, person, send, type Person } from "./test-kit";

/** Issue 20 §2 (a published article keeps its approved text until an edit is approved) and §4 (revisions). */
describe("pending edits and revisions", () => {
  let h: Harness;
  let awa: Person;
  let other: Person;
  let chef: Person;
  let eco: { id: string };
  let culture: { id: string };

  const body = (extra: object = {}) => ({ title: "Le port de Dakar", txt_content: "Texte approuvé.", html_content: "<p>Texte approuvé.</p>", themes: [eco.id], ...extra });
  /** An article of Awa's, approved and online. */
  async function published() {
    const created = await send(h, "POST", "/api/user/articles", body(), awa.auth);
    expect((await send(h, "PUT", `/api/admin/articles/${created.json._id}/approve`, { approved: true }, chef.auth)).status).toBe(200);
    return created.json as { _id: string; url: string };
  }
  const publicPage = async (url: string) => (await send(h, "GET", `/api/public/article/${url}`)).json;
  const revisionCount = async (id: string) => (await h.database.db.select().from(articleRevisions).where(eq(articleRevisions.articleId, id))).length;

  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa");
    other = await person(h, "autre");
    chef = await person(h, "chef", "admin");
    eco = await makeTheme(h.database.db, "Économie");
    culture = await makeTheme(h.database.db, "Culture");
  });
  afterAll(() => h.close());

  it("keeps the approved text public while a member's edit waits, and publishes it on approval", async () => {
    const a = await published();
    const edit = await send(h, "PUT", `/api/user/articles/${a._id}`, body({ title: "Le port de Dakar, revu", html_content: "<p>Texte revu.</p>", themes: [culture.id] }), awa.auth);
    expect(edit.status).toBe(200);
    // The author's form reads the working text, still approved, with an edit waiting.
    expect(edit.json).toMatchObject({ title: "Le port de Dakar, revu", html_content: "<p>Texte revu.</p>", approved: true, pendingEdit: true });
    expect(edit.json.themes.map((t: { _id: string }) => t._id)).toEqual([culture.id]);

    // The public page, the full list (site build, feeds) and the summaries keep the approved version.
    const page = await publicPage(a.url);
    expect(page).toMatchObject({ title: "Le port de Dakar", html_content: "<p>Texte approuvé.</p>" });
    expect(page.themes.map((t: { _id: string }) => t._id)).toEqual([eco.id]);
    const full = (await send(h, "GET", "/api/public/articles/full")).json.find((x: { _id: string }) => x._id === a._id);
    expect(full.txt_content).toBe("Texte approuvé.");
    expect((await send(h, "GET", "/api/public/articles")).json.find((x: { _id: string }) => x._id === a._id).title).toBe("Le port de Dakar");
    // Admins find it under « Modification en attente », and see the working text.
    const edited = (await send(h, "GET", "/api/admin/articles?page=1&status=edited", undefined, chef.auth)).json.items;
    expect(edited.map((x: { _id: string }) => x._id)).toEqual([a._id]);
    expect(edited[0].pendingEdit).toBe(true);
    expect((await send(h, "GET", `/api/admin/articles/${a._id}`, undefined, chef.auth)).json.title).toBe("Le port de Dakar, revu");
    // Another member reading it through the member space gets the approved text, not the unreviewed edit.
    expect((await send(h, "GET", `/api/user/articles/${a._id}`, undefined, other.auth)).json).toMatchObject({ title: "Le port de Dakar", html_content: "<p>Texte approuvé.</p>" });

    // Approval publishes the edit (and rebuilds, the article being online).
    const rebuilt = await changesDuring(h, async () =>
      expect((await send(h, "PUT", `/api/admin/articles/${a._id}/approve`, undefined, chef.auth)).json).toMatchObject({ approved: true, online: true }),
    );
    expect(rebuilt).toBe(1);
    const after = await publicPage(a.url);
    expect(after).toMatchObject({ title: "Le port de Dakar, revu", html_content: "<p>Texte revu.</p>", pendingEdit: false });
    expect(after.themes.map((t: { _id: string }) => t._id)).toEqual([culture.id]);
    expect((await send(h, "GET", "/api/admin/articles?page=1&status=edited", undefined, chef.auth)).json.items).toEqual([]);
  });

  it("previews the working text (« Aperçu ») for its authors and admins only, never indexed", async () => {
    const a = await published();
    await send(h, "PUT", `/api/user/articles/${a._id}`, body({ title: "Titre en attente", html_content: "<p>Texte en attente.</p>" }), awa.auth);
    const res = await h.app.handle(new Request(`http://localhost/api/user/articles/${a._id}/preview`, { headers: awa.auth }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain("<p>Texte en attente.</p>");
    expect((await send(h, "GET", `/api/user/articles/${a._id}/preview`, undefined, other.auth)).status).toBe(403);
    expect((await send(h, "GET", `/api/user/articles/${a._id}/preview`)).status).toBe(401);
    expect((await send(h, "GET", `/api/admin/articles/${a._id}/preview`, undefined, awa.auth)).status).toBe(403);
    expect((await send(h, "GET", `/api/admin/articles/${a._id}/preview`, undefined, chef.auth)).json).toContain("Titre en attente");
    // The public page is untouched.
    expect((await publicPage(a.url)).title).toBe("Le port de Dakar");
  });

  it("answers a refused or failed « Aperçu » with a French HTML page, never JSON (it opens in a new tab)", async () => {
    const a = await published();
    const html = async (res: Response) => ({ status: res.status, type: res.headers.get("content-type"), text: await res.text() });
    const refused = await html(await h.app.handle(new Request(`http://localhost/api/user/articles/${a._id}/preview`, { headers: other.auth })));
    expect(refused.status).toBe(403);
    expect(refused.type).toContain("text/html");
    expect(refused.text).toMatch(/<html lang="fr">/);
    expect(refused.text).toContain("<title>Aperçu indisponible</title>");
    // A renderer process that dies before answering: a real process, gone at once.
    const dying = new PreviewRenderer([process.execPath, "-e", "process.exit(1)"], process.env);
    const app = createApp({ ...h.deps, previews: dying });
    const failed = await html(await app.handle(new Request(`http://localhost/api/user/articles/${a._id}/preview`, { headers: awa.auth })));
    dying.stop();
    expect(failed.status).toBe(503);
    expect(failed.type).toContain("text/html");
    expect(failed.text).toContain("L'aperçu n'a pas pu être préparé.");
    expect(failed.text).not.toContain('"message"');
  });

  it("publishes pending edits through the bulk approval too", async () => {
    const a = await published();
    await send(h, "PUT", `/api/user/articles/${a._id}`, body({ html_content: "<p>Revu en lot.</p>" }), awa.auth);
    const bulk = await send(h, "POST", "/api/admin/articles/bulk", { action: "approve", filter: { status: "edited" } }, chef.auth);
    expect(bulk.json.count).toBeGreaterThanOrEqual(1);
    expect(await publicPage(a.url)).toMatchObject({ html_content: "<p>Revu en lot.</p>", pendingEdit: false });
  });

  it("writes an admin's edit of a published article at once", async () => {
    const a = await published();
    await send(h, "PUT", `/api/user/articles/${a._id}`, body({ txt_content: "Version du membre.", html_content: "<p>Version du membre.</p>" }), awa.auth);
    const admin = await send(h, "PUT", `/api/admin/articles/${a._id}`, { title: "Titre de l'admin", txt_content: "Relu." }, chef.auth);
    expect(admin.json).toMatchObject({ title: "Titre de l'admin" });
    // The admin's form showed the member's pending text: what was not sent comes from it.
    expect(await publicPage(a.url)).toMatchObject({ title: "Titre de l'admin", html_content: "<p>Version du membre.</p>", pendingEdit: false });
  });

  it("lets only the article's authors (and admins through their door) read its history", async () => {
    const a = await published();
    expect((await send(h, "GET", `/api/user/articles/${a._id}/revisions`, undefined, awa.auth)).status).toBe(200);
    expect((await send(h, "GET", `/api/user/articles/${a._id}/revisions`, undefined, other.auth)).status).toBe(403);
    expect((await send(h, "GET", `/api/admin/articles/${a._id}/revisions`, undefined, awa.auth)).status).toBe(403);
    expect((await send(h, "GET", `/api/admin/articles/${a._id}/revisions`, undefined, chef.auth)).status).toBe(200);
    const [rev] = (await send(h, "GET", `/api/user/articles/${a._id}/revisions`, undefined, awa.auth)).json;
    expect((await send(h, "GET", `/api/user/articles/${a._id}/revisions/${rev._id}`, undefined, other.auth)).status).toBe(403);
    expect((await send(h, "POST", `/api/user/articles/${a._id}/revisions/${rev._id}/restore`, {}, other.auth)).status).toBe(403);
    // A revision of another article is not found through this one.
    const b = await published();
    const [revB] = (await send(h, "GET", `/api/user/articles/${b._id}/revisions`, undefined, awa.auth)).json;
    expect((await send(h, "GET", `/api/user/articles/${a._id}/revisions/${revB._id}`, undefined, awa.auth))).toEqual({ status: 404, json: { message: "Version introuvable." } });
    expect((await send(h, "POST", `/api/user/articles/${a._id}/revisions/${revB._id}/restore`, {}, awa.auth)).status).toBe(404);
  });

  it("merges the saves of one writing session, starts a new revision after a pause or for another author", async () => {
    const created = await send(h, "POST", "/api/user/articles", body({ draft: true }), awa.auth);
    const id = created.json._id;
    let version = created.json.version;
    for (const text of ["Un.", "Un deux.", "Un deux trois."]) {
      const r = await send(h, "PUT", `/api/user/articles/${id}`, body({ draft: true, txt_content: text, html_content: `<p>${text}</p>`, version }), awa.auth);
      version = r.json.version;
    }
    const list = (await send(h, "GET", `/api/user/articles/${id}/revisions`, undefined, awa.auth)).json;
    expect(list).toHaveLength(1);
    expect((await send(h, "GET", `/api/user/articles/${id}/revisions/${list[0]._id}`, undefined, awa.auth)).json.txt_content).toBe("Un deux trois.");
    expect(list[0].author.nickname).toBe("awa");
    // An hour later: a new session.
    const earlier = new Date(Date.now() - 2 * REVISION_SESSION_MS);
    await h.database.db.update(articleRevisions).set({ updatedAt: earlier, createdAt: earlier }).where(eq(articleRevisions.articleId, id));
    await send(h, "PUT", `/api/user/articles/${id}`, body({ draft: true, txt_content: "Après la pause.", version }), awa.auth);
    // An admin's save is theirs.
    await send(h, "PUT", `/api/admin/articles/${id}`, body({ txt_content: "Relu par l'admin." }), chef.auth);
    const names = (await send(h, "GET", `/api/admin/articles/${id}/revisions`, undefined, chef.auth)).json.map((r: { author: { nickname: string } }) => r.author.nickname);
    expect(names).toEqual(["chef", "awa", "awa"]);
  });

  it("restores an old revision as a new one; a member's restore of a published article waits for approval", async () => {
    const a = await published();
    const first = await send(h, "PUT", `/api/user/articles/${a._id}`, body({ txt_content: "Deuxième version.", html_content: "<p>Deuxième version.</p>" }), awa.auth);
    expect((await send(h, "PUT", `/api/admin/articles/${a._id}/approve`, undefined, chef.auth)).status).toBe(200);
    const history = (await send(h, "GET", `/api/user/articles/${a._id}/revisions`, undefined, awa.auth)).json;
    const oldest = history[history.length - 1];
    const before = history.length;
    // A stale version is refused and changes nothing.
    expect((await send(h, "POST", `/api/user/articles/${a._id}/revisions/${oldest._id}/restore`, { version: 1 }, awa.auth)).status).toBe(409);
    const restored = await send(h, "POST", `/api/user/articles/${a._id}/revisions/${oldest._id}/restore`, { version: first.json.version }, awa.auth);
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ html_content: "<p>Texte approuvé.</p>", pendingEdit: true });
    expect((await publicPage(a.url)).html_content).toBe("<p>Deuxième version.</p>");
    const now = (await send(h, "GET", `/api/user/articles/${a._id}/revisions`, undefined, awa.auth)).json;
    expect(now).toHaveLength(before + 1);
    expect(now[0]).toMatchObject({ restoredFrom: oldest.createdAt, pending: true });
    // An admin's restore is published at once, and journaled (as every admin write; members' edits are not).
    await send(h, "POST", `/api/admin/articles/${a._id}/revisions/${history[0]._id}/restore`, {}, chef.auth);
    const journal = await h.database.db.select().from(auditLog).where(and(eq(auditLog.itemId, a._id), eq(auditLog.action, "revision-restore")));
    expect(journal.map((e) => [e.actor, e.itemKind])).toEqual([["chef", "article"]]);
    expect((await publicPage(a.url)).html_content).toBe("<p>Deuxième version.</p>");
  });

  it("keeps at most REVISIONS_MAX revisions, pruning the oldest", async () => {
    const created = await send(h, "POST", "/api/user/articles", body({ draft: true }), awa.auth);
    const id = created.json._id;
    // Sealing every revision makes each save a new one.
    for (let i = 0; i < REVISIONS_MAX + 3; i++) {
      await h.database.db.update(articleRevisions).set({ sealed: true }).where(eq(articleRevisions.articleId, id));
      await send(h, "PUT", `/api/user/articles/${id}`, body({ draft: true, txt_content: `Version ${i}.` }), awa.auth);
    }
    expect(await revisionCount(id)).toBe(REVISIONS_MAX);
    const [newest] = (await send(h, "GET", `/api/user/articles/${id}/revisions`, undefined, awa.auth)).json;
    expect(newest.title).toBe("Le port de Dakar");
    const [row] = await h.database.db.select().from(articles).where(eq(articles.id, id));
    expect(row!.txtContent).toBe(`Version ${REVISIONS_MAX + 2}.`);
  });
});
