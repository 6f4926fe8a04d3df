import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { articles, auditLog, mailOutbox, notifications, users } from "../../../db/schema";
import { makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { startSmtpServer, type TestSmtpServer } from "../../testing/smtp-server";
import { createMailDelivery } from "../mail/delivery";
import { createSmtpTransport, type MailTransport } from "../mail/transport";
import { createNotificationDigest } from "../notifications/digest";
import { publishDueArticles } from "./schedule";
import { changesDuring, person, send, type Person } from "./test-kit";

const SITE = "https://institut.example.sn";
const MIN = 60_000;

/**
 * The review of a member's edit of a published article (issue 32 §3), through the real routes on a real libSQL
 * file: « Approuver la modification » and « Refuser la modification » with a reason, who may do either, the
 * authors' « Modification refusée », the labels of « Historique », and the notification mails read at a real SMTP
 * server (the digest job with an injected clock, then the delivery worker).
 */
describe("reviewing a pending edit", () => {
  let h: Harness;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let awa: Person;
  let moussa: Person;
  let chef: Person;
  let eco: { id: string };
  let base: number;
  const emails = new Map<string, string>();

  const body = (extra: object = {}) => ({ title: "La pirogue", txt_content: "Texte approuvé.", html_content: "<p>Texte approuvé.</p>", themes: [eco.id], ...extra });
  const reject = (id: string, who: Person | null, payload?: object) => send(h, "POST", `/api/admin/articles/${id}/pending-edit/reject`, payload, who?.auth ?? {});
  const approve = (id: string, who: Person | null, payload?: object) => send(h, "POST", `/api/admin/articles/${id}/pending-edit/approve`, payload, who?.auth ?? {});
  const edit = (id: string, extra: object = {}, who = awa) =>
    send(h, "PUT", `/api/user/articles/${id}`, body({ title: "La pirogue, revue", txt_content: "Texte revu.", html_content: "<p>Texte revu.</p>", ...extra }), who.auth);
  async function published(title = "La pirogue") {
    const created = await send(h, "POST", "/api/user/articles", body({ title }), awa.auth);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect((await send(h, "PUT", `/api/admin/articles/${created.json._id}/approve`, { approved: true }, chef.auth)).status).toBe(200);
    return created.json as { _id: string; url: string };
  }
  const history = async (id: string) => (await send(h, "GET", `/api/user/articles/${id}/revisions`, undefined, awa.auth)).json as any[];

  const digest = (minutes: number) =>
    createNotificationDigest({ db: h.database.db, env: h.deps.env, now: () => new Date(base + minutes * MIN), log: () => {} }).runOnce();
  const deliver = async () => {
    const delivery = createMailDelivery({ db: h.database.db, transport, now: () => new Date(base + 60 * MIN) });
    while ((await delivery.runOnce()).claimed > 0);
  };
  const mailsTo = (p: Person) => smtp.received.filter((m) => m.envelope.to.includes(emails.get(p.id)!));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await createHarness({ SMTP_URL: smtp.url, MAIL_FROM: "L'Institut <contact@institut.example.sn>", PUBLIC_URL: SITE });
    transport = createSmtpTransport(smtp.url);
    awa = await person(h, "awa");
    moussa = await person(h, "moussa");
    chef = await person(h, "chef", "admin");
    for (const p of [awa, moussa, chef]) {
      const [u] = await h.database.db.select({ email: users.email }).from(users).where(eq(users.id, p.id));
      emails.set(p.id, u!.email);
    }
    await h.database.db.update(users).set({ firstname: "Awa" }).where(eq(users.id, awa.id));
    eco = await makeTheme(h.database.db, "Économie");
  });
  beforeEach(async () => {
    await h.database.db.delete(notifications);
    await h.database.db.delete(mailOutbox);
    smtp.received.length = 0;
    base = Date.now();
  });
  afterAll(async () => {
    transport.close();
    await smtp.stop();
    h.close();
  });

  it("lets only admins approve or refuse, and answers 409 without a pending edit and 404 for a missing article", async () => {
    const a = await published();
    expect(await approve(a._id, chef)).toEqual({ status: 409, json: { message: "Cet article n'a pas de modification en attente." } });
    expect((await approve("000000000000000000000000", chef)).status).toBe(404);

    expect((await edit(a._id)).json.pendingEdit).toBe(true);
    for (const call of [approve, reject]) {
      expect((await call(a._id, awa)).status).toBe(403);
      expect((await call(a._id, moussa)).status).toBe(403);
      expect((await call(a._id, null)).status).toBe(401);
    }
    // Nothing changed: the edit still waits, the public still reads the approved text.
    const [row] = await h.database.db.select().from(articles).where(eq(articles.id, a._id));
    expect(row!.pendingRevisionId).not.toBe(null);
    expect((await send(h, "GET", `/api/public/article/${a.url}`)).json.title).toBe("La pirogue");
  });

  it("approves an edit: the public text changes, a rebuild is asked, « Historique » labels it, the journal says so", async () => {
    const a = await published("Les marées");
    const edited = await edit(a._id, { title: "Les marées, revues" });
    // A form opened at another version is told to reload, and nothing is approved.
    expect(await approve(a._id, chef, { version: edited.json.version - 1 })).toEqual({
      status: 409,
      json: { message: "Cette modification a changé entre-temps\u00a0: rechargez l'article." },
    });
    let answer: Awaited<ReturnType<typeof approve>> | undefined;
    expect(await changesDuring(h, async () => (answer = await approve(a._id, chef, { version: edited.json.version })))).toBe(1);
    expect(answer!.status, JSON.stringify(answer!.json)).toBe(200);
    expect(answer!.json).toMatchObject({ title: "Les marées, revues", pendingEdit: false, approved: true });
    expect((await send(h, "GET", `/api/public/article/${a.url}`)).json).toMatchObject({ title: "Les marées, revues", txt_content: "Texte revu." });

    const lines = await history(a._id);
    expect(lines[0]).toMatchObject({ title: "Les marées, revues", review: "approved", reviewReason: null, pending: false });
    expect(lines[0].reviewedAt).not.toBe(null);
    // The first approval of the article labelled its text then.
    expect(lines.at(-1)).toMatchObject({ title: "Les marées", review: "approved" });

    const journal = await h.database.db.select().from(auditLog).where(and(eq(auditLog.itemId, a._id), eq(auditLog.route, "POST /api/admin/articles/:id/pending-edit/approve")));
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ userId: chef.id, action: "approve-edit", title: "Les marées, revues", summary: "Les marées, revues" });
  });

  it("refuses an edit with a reason its authors alone see, until they save again", async () => {
    const a = await published("Le littoral");
    await edit(a._id, { title: "Le littoral, revu" });
    const reason = "Les chiffres du deuxième paragraphe ne sont pas sourcés.\nAjoutez la référence, s'il vous plaît.";
    const refused = await reject(a._id, chef, { reason: `  ${reason}  ` });
    expect(refused.status, JSON.stringify(refused.json)).toBe(200);
    expect(refused.json.editRefusal).toMatchObject({ reason });

    // The author: on the article and in their list (both shapes).
    const own = (await send(h, "GET", `/api/user/articles/${a._id}`, undefined, awa.auth)).json;
    expect(own).toMatchObject({ title: "Le littoral", pendingEdit: false, editRefusal: { reason } });
    const whole = (await send(h, "GET", "/api/user/articles", undefined, awa.auth)).json as any[];
    expect(whole.find((x) => x._id === a._id).editRefusal).toMatchObject({ reason });
    const page = (await send(h, "GET", "/api/user/articles?page=1&mine=1", undefined, awa.auth)).json;
    expect(page.items.find((x: any) => x._id === a._id).editRefusal).toMatchObject({ reason });

    // Another member reads the public article: no refusal, in the article or in their list; nor the public.
    const other = (await send(h, "GET", `/api/user/articles/${a._id}`, undefined, moussa.auth)).json;
    expect(other.title).toBe("Le littoral");
    expect(other).not.toHaveProperty("editRefusal");
    const theirs = (await send(h, "GET", "/api/user/articles", undefined, moussa.auth)).json as any[];
    expect(theirs.find((x) => x._id === a._id)).not.toHaveProperty("editRefusal");
    const theirPage = (await send(h, "GET", "/api/user/articles?page=1", undefined, moussa.auth)).json;
    expect(theirPage.items.find((x: any) => x._id === a._id)).not.toHaveProperty("editRefusal");
    expect(JSON.stringify((await send(h, "GET", `/api/public/article/${a.url}`)).json)).not.toContain("sourcés");
    expect(JSON.stringify((await send(h, "GET", "/api/public/articles")).json)).not.toContain("sourcés");

    // « Historique » labels the refused version with its reason.
    expect((await history(a._id)).find((r) => r.title === "Le littoral, revu")).toMatchObject({ review: "refused", reviewReason: reason, pending: false });

    // The author saves again: a new version waits, and the badge goes.
    const fresh = (await send(h, "GET", `/api/user/articles/${a._id}`, undefined, awa.auth)).json;
    const again = await edit(a._id, { title: "Le littoral, sourcé", version: fresh.version });
    expect(again.json).toMatchObject({ pendingEdit: true, editRefusal: null });
    expect((await send(h, "GET", "/api/user/articles?page=1&mine=1", undefined, awa.auth)).json.items.find((x: any) => x._id === a._id).editRefusal).toBe(null);
  });

  it("refuses a reason over 1 000 characters with a French message and changes nothing; an empty reason is none", async () => {
    const a = await published("La mangrove");
    await edit(a._id, { title: "La mangrove, revue" });
    const long = await reject(a._id, chef, { reason: "x".repeat(1001) });
    expect(long).toEqual({ status: 400, json: { message: "Le motif du refus est trop long (max 1 000 caractères)." } });
    const [row] = await h.database.db.select().from(articles).where(eq(articles.id, a._id));
    expect(row!.pendingRevisionId).not.toBe(null);
    expect((await history(a._id)).every((r) => r.review !== "refused")).toBe(true);
    expect((await reject(a._id, chef, { reason: 12 })).status).toBe(400);
    expect((await reject(a._id, chef, { reason: "ok", extra: 1 })).status).toBe(400);

    const blank = await reject(a._id, chef, { reason: "   " });
    expect(blank.status).toBe(200);
    expect(blank.json.editRefusal).toMatchObject({ reason: null });

    // Exactly at the limit is accepted.
    const b = await published("Les salines");
    await edit(b._id, { title: "Les salines, revues" });
    expect((await reject(b._id, chef, { reason: "é".repeat(1000) })).status).toBe(200);
  });

  it("labels the restored version and the scheduled one in « Historique »", async () => {
    const a = await published("Le port");
    await edit(a._id, { title: "Le port, revu" });
    const when = new Date(Date.now() + 3 * 24 * 3600_000);
    const at = `${when.toISOString().slice(0, 16)}`;
    const current = (await send(h, "GET", `/api/admin/articles/${a._id}`, undefined, chef.auth)).json;
    const scheduled = await send(h, "PUT", `/api/admin/articles/${a._id}`, { ...body({ title: "Le port, revu" }), publishAt: at, version: current.version }, chef.auth);
    expect(scheduled.status, JSON.stringify(scheduled.json)).toBe(200);
    const lines = await history(a._id);
    const waiting = lines.find((r) => r.pending);
    expect(waiting.scheduledFor).toBe(scheduled.json.publishAt);
    expect(lines.filter((r) => r.scheduledFor)).toHaveLength(1);

    // A restore of the first version: labelled with the time of the version it brought back.
    const first = lines.at(-1);
    const fresh = (await send(h, "GET", `/api/user/articles/${a._id}`, undefined, awa.auth)).json;
    const restored = await send(h, "POST", `/api/user/articles/${a._id}/revisions/${first._id}/restore`, { version: fresh.version }, awa.auth);
    expect(restored.status, JSON.stringify(restored.json)).toBe(200);
    expect((await history(a._id))[0]).toMatchObject({ restoredFrom: first.createdAt, pending: true, review: null });
  });

  it("mails the admins a waiting edit saved for good (not an autosave), and the authors its refusal with the reason and its approval", async () => {
    const a = await published("Les pêcheurs");
    smtp.received.length = 0;
    await h.database.db.delete(notifications);

    // An autosave of the edit (draft) tells nobody.
    expect((await edit(a._id, { title: "Les pêcheurs, brouillon", draft: true })).json.pendingEdit).toBe(true);
    expect(await h.database.db.select().from(notifications)).toHaveLength(0);

    // Saved for good: every admin is told, linked to the back office's « Modifications en attente ».
    expect((await edit(a._id, { title: "Les pêcheurs, revus" })).status).toBe(200);
    expect(await digest(11)).toMatchObject({ mails: 1 });
    await deliver();
    const [toAdmin] = mailsTo(chef);
    expect(toAdmin?.parsed.subject).toBe("Du nouveau\u00a0: 1 modification à valider");
    expect(toAdmin!.parsed.text).toContain("Une modification d'un article publié attend votre validation\u00a0:");
    expect(toAdmin!.parsed.text).toContain("- Les pêcheurs");
    expect(toAdmin!.parsed.text).toContain(`${SITE}/admin/articles?status=edited&q=${encodeURIComponent("Les pêcheurs")}`);
    // The link's list finds it.
    const listed = await send(h, "GET", `/api/admin/articles?status=edited&q=${encodeURIComponent("Les pêcheurs")}&page=1`, undefined, chef.auth);
    expect(listed.json.items.map((x: { _id: string }) => x._id)).toEqual([a._id]);

    // Refused with a reason: the author's mail says so and gives it.
    expect((await reject(a._id, chef, { reason: "Le titre change le sens de l'article." })).status).toBe(200);
    expect(await digest(22)).toMatchObject({ mails: 1 });
    await deliver();
    const refusal = mailsTo(awa).at(-1)!;
    expect(refusal.parsed.subject).toBe("Modification refusée\u00a0: «\u00a0Les pêcheurs\u00a0»");
    expect(refusal.parsed.text).toContain("Votre modification d'un article a été refusée\u00a0:");
    expect(refusal.parsed.text).toContain("Motif\u00a0: Le titre change le sens de l'article.");
    expect(refusal.parsed.text).toContain(`${SITE}/user/articles?edit=${a._id}`);
    expect(refusal.parsed.html).toContain("Le titre change le sens de l");

    // Edited again and approved: the author hears the new text is online; the other member hears nothing.
    const fresh = (await send(h, "GET", `/api/user/articles/${a._id}`, undefined, awa.auth)).json;
    expect((await edit(a._id, { title: "Les pêcheurs de Gorée", version: fresh.version })).status).toBe(200);
    expect((await approve(a._id, chef)).status).toBe(200);
    expect(await digest(33)).toMatchObject({ recipients: 2, mails: 1 });
    await deliver();
    const approval = mailsTo(awa).at(-1)!;
    expect(approval.parsed.subject).toBe("Modification approuvée\u00a0: «\u00a0Les pêcheurs de Gorée\u00a0»");
    expect(approval.parsed.text).toContain("La page publique montre la nouvelle version.");
    expect(approval.parsed.text).toContain(`${SITE}/article/${a.url}`);
    // The admin's digest of that round: the second edit was approved before it went out, so nothing is left to say.
    expect(mailsTo(chef)).toHaveLength(1);
    expect(mailsTo(moussa)).toHaveLength(0);
  });

  it("tells the authors when an approval from the list or a scheduled publication publishes their edit", async () => {
    const a = await published("Les îles");
    await edit(a._id, { title: "Les îles, revues" });
    await h.database.db.delete(notifications);
    expect((await send(h, "PUT", `/api/admin/articles/${a._id}/approve`, { approved: true }, chef.auth)).status).toBe(200);
    const events = await h.database.db.select().from(notifications).where(eq(notifications.itemId, a._id));
    expect(events.map((e) => [e.recipientId, e.kind])).toEqual([[awa.id, "article-edit-approved"]]);
    expect((await history(a._id))[0]).toMatchObject({ title: "Les îles, revues", review: "approved" });

    // An admin schedules the next edit; the server publishes it at that minute.
    await edit(a._id, { title: "Les îles, au programme", version: (await send(h, "GET", `/api/user/articles/${a._id}`, undefined, awa.auth)).json.version });
    const when = new Date(Date.now() + 2 * 24 * 3600_000);
    expect((await send(h, "PUT", `/api/admin/articles/${a._id}/approve`, { approved: true, publishAt: when.toISOString().slice(0, 16) }, chef.auth)).status).toBe(200);
    await h.database.db.delete(notifications);
    const due = await publishDueArticles(h.database.db, new Date(when.getTime() + MIN));
    expect(due.published.map((p) => p.id)).toContain(a._id);
    const later = await h.database.db.select().from(notifications).where(eq(notifications.itemId, a._id));
    expect(later.map((e) => [e.recipientId, e.kind])).toEqual([[awa.id, "article-edit-approved"]]);
    expect((await history(a._id))[0]).toMatchObject({ title: "Les îles, au programme", review: "approved", scheduledFor: null });
    expect((await send(h, "GET", `/api/public/article/${a.url}`)).json.title).toBe("Les îles, au programme");
  });
});
