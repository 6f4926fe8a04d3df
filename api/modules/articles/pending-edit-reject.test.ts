import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articleRevisions, articles, auditLog } from "../../../db/schema";
import * as sample from "../../lib/uploads/samples";
import { makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { changesDuring, formData, person, send, uploaded, type Person } from "./test-kit";

/** « Refuser la modification »: an admin drops the pending edit of a published article; history keeps it. */
describe("rejecting a pending edit", () => {
  let h: Harness;
  let awa: Person;
  let chef: Person;
  let eco: { id: string };

  const body = (extra: object = {}) => ({ title: "La pirogue", txt_content: "Texte approuvé.", html_content: "<p>Texte approuvé.</p>", themes: [eco.id], ...extra });
  const reject = (id: string, who: Person | null) => send(h, "POST", `/api/admin/articles/${id}/pending-edit/reject`, undefined, who?.auth ?? {});
  async function published() {
    const created = await send(h, "POST", "/api/user/articles", body(), awa.auth);
    expect((await send(h, "PUT", `/api/admin/articles/${created.json._id}/approve`, { approved: true }, chef.auth)).status).toBe(200);
    return created.json as { _id: string; url: string };
  }
  const revisions = async (id: string) => h.database.db.select().from(articleRevisions).where(eq(articleRevisions.articleId, id));

  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa");
    chef = await person(h, "chef", "admin");
    eco = await makeTheme(h.database.db, "Économie");
  });
  afterAll(() => h.close());

  it("drops the edit, keeps it in history, journals it, and refuses the author's stale copy", async () => {
    const a = await published();
    const edit = await send(h, "PUT", `/api/user/articles/${a._id}`, body({ title: "La pirogue, revue", txt_content: "Texte revu.", html_content: "<p>Texte revu.</p>" }), awa.auth);
    expect(edit.json.pendingEdit).toBe(true);
    const before = await revisions(a._id);

    let answer: Awaited<ReturnType<typeof reject>> | undefined;
    // Nothing public changes: no rebuild.
    expect(await changesDuring(h, async () => (answer = await reject(a._id, chef)))).toBe(0);
    expect(answer!.status).toBe(200);
    expect(answer!.json).toMatchObject({ _id: a._id, title: "La pirogue", approved: true, online: true, pendingEdit: false });

    // Everyone now reads the approved text; the refused version stays in « Historique ».
    expect((await send(h, "GET", `/api/user/articles/${a._id}`, undefined, awa.auth)).json).toMatchObject({ title: "La pirogue", pendingEdit: false });
    expect((await send(h, "GET", `/api/public/article/${a.url}`)).json.title).toBe("La pirogue");
    const after = await revisions(a._id);
    expect(after.map((r) => r.id).sort()).toEqual(before.map((r) => r.id).sort());
    expect(after.find((r) => r.title === "La pirogue, revue")?.sealed).toBe(true);
    const history = (await send(h, "GET", `/api/user/articles/${a._id}/revisions`, undefined, awa.auth)).json;
    expect(history.some((r: { title: string; pending: boolean }) => r.title === "La pirogue, revue" && !r.pending)).toBe(true);

    // The journal says who refused what, in the back office's words.
    const journal = await h.database.db.select().from(auditLog).where(and(eq(auditLog.itemId, a._id), eq(auditLog.action, "reject")));
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ userId: chef.id, itemKind: "article", title: "La pirogue" });

    // The author's open form (the refused text, its old version) cannot silently send the edit back.
    const stale = await send(h, "PUT", `/api/user/articles/${a._id}`, body({ title: "La pirogue, revue", version: edit.json.version }), awa.auth);
    expect(stale.status).toBe(409);
    // Their next edit, from a fresh copy, is a new revision waiting for approval.
    const fresh = (await send(h, "GET", `/api/user/articles/${a._id}`, undefined, awa.auth)).json;
    const again = await send(h, "PUT", `/api/user/articles/${a._id}`, body({ title: "La pirogue, encore", version: fresh.version }), awa.auth);
    expect(again.json).toMatchObject({ title: "La pirogue, encore", pendingEdit: true });
    expect((await revisions(a._id)).length).toBe(after.length + 1);
  });

  it("drops a waiting picture too, and keeps its file while history names it", async () => {
    const a = await published();
    const crop = async () =>
      send(h, "POST", `/api/user/articles/${a._id}/article-pic-crop`, formData({ croppedPic: new File([await sample.picture("png", 900, 500)], "c.png") }), awa.auth);
    const pic = (await crop()).json.articlePic as string;
    expect((await reject(a._id, chef)).status).toBe(200);
    expect((await send(h, "GET", `/api/user/articles/${a._id}`, undefined, awa.auth)).json.articlePic).toBe(null);
    expect((await send(h, "GET", `/api/public/article/${a.url}`)).json.articlePic).toBe(null);
    expect(uploaded(h, `article_pics/${pic}`)).toBe(true);
  });

  it("answers 409 without a pending edit, 404 for a missing article, and refuses members and visitors", async () => {
    const a = await published();
    const none = await reject(a._id, chef);
    expect(none).toEqual({ status: 409, json: { message: "Cet article n'a pas de modification en attente." } });
    expect((await reject("000000000000000000000000", chef)).status).toBe(404);

    await send(h, "PUT", `/api/user/articles/${a._id}`, body({ title: "Refus impossible" }), awa.auth);
    expect((await reject(a._id, awa)).status).toBe(403);
    expect((await reject(a._id, null)).status).toBe(401);
    // Nothing changed: the edit still waits.
    const [row] = await h.database.db.select().from(articles).where(eq(articles.id, a._id));
    expect(row!.pendingRevisionId).not.toBe(null);
  });
});
