import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox, users } from "../../../db/schema";
import { createHarness, type Harness } from "../../testing/harness";
import { audiences, person, send, type Person } from "../users/test-kit";
import { enqueueMail } from "./service";

describe("« Courriels »: the outbox for admins", () => {
  let h: Harness;
  let admin: Person;
  let member: Person;
  const enqueue = (subject: string, html = "<p>Bonjour</p>") =>
    enqueueMail(h.database.db, h.deps.env, { kind: "test", to: { name: "Awa Ndiaye", address: "awa@example.sn" }, subject, html, text: "Bonjour" });

  beforeAll(async () => {
    // No SMTP_URL: the demo, where messages stay pending.
    h = await createHarness();
    admin = await person(h, "chef-courriels", "admin");
    member = await person(h, "membre-courriels");
    await h.database.db.update(users).set({ firstname: "Khady", name: "Diallo", email: "khady@example.sn" }).where(eq(users.id, admin.id));
  });
  afterAll(() => h.close());

  it("is for admins only: 401 anonymous, 403 member", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/mail"],
      ["GET", "/api/admin/mail/x"],
      ["POST", "/api/admin/mail/x/retry"],
      ["POST", "/api/admin/mail/test"],
    ] as const) {
      expect(await audiences(h, member, method, path), `${method} ${path}`).toEqual({ anonymous: 401, member: 403 });
    }
    expect(await h.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("queues a test message to the admin's own address; without SMTP_URL it stays pending, never attempted", async () => {
    const r = await send(h, "POST", "/api/admin/mail/test", undefined, admin.auth);
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ subject: "Courriel de test", state: "pending" });
    expect(r.json.message).toMatch(/^Courriel de test placé dans la file à khady@example\.sn\u00a0: aucun serveur d'envoi/);
    const list = await send(h, "GET", "/api/admin/mail?state=pending", undefined, admin.auth);
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ total: 1, page: 1, delivery: false });
    expect(list.json.items[0]).toMatchObject({ _id: r.json._id, to: "khady@example.sn", toName: "Khady Diallo", subject: "Courriel de test", state: "pending", attempts: 0, lastError: null });
    // The admins' journal names it.
    const [entry] = await h.database.db.select().from(auditLog).where(eq(auditLog.itemId, r.json._id));
    expect(entry).toMatchObject({ action: "test", itemKind: "mail", summary: "Courriel de test" });
  });

  it("reads a message in full: both parts, headers, Message-ID, the HTML cleaned of scripts, images and handlers", async () => {
    const { id, messageId } = await enqueue(
      "Lecture",
      '<table role="presentation"><tr><td style="color:#123" onclick="steal()">Texte<script>alert(1)</script><img src="https://pisteur.example/p.gif"><a href="javascript:alert(1)">x</a><a href="https://institut.example.sn/">Site</a></td></tr></table>',
    );
    const r = await send(h, "GET", `/api/admin/mail/${id}`, undefined, admin.auth);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ _id: id, messageId, subject: "Lecture", text: "Bonjour", from: "L'Institut <ne-pas-repondre@localhost>", accepted: [], response: null });
    expect(r.json.html).toContain('<td style="color:#123">Texte');
    expect(r.json.html).toContain('<a href="https://institut.example.sn/">Site</a>');
    expect(r.json.html).not.toMatch(/script|onclick|<img|pisteur|javascript:/);
    expect(await send(h, "GET", "/api/admin/mail/inconnu", undefined, admin.auth)).toMatchObject({ status: 404, json: { message: "Courriel introuvable." } });
  });

  it("filters by state and searches the recipient and the subject, accents ignored", async () => {
    await enqueue("Réunion de décembre");
    const found = await send(h, "GET", "/api/admin/mail?q=reunion", undefined, admin.auth);
    expect(found.json.items.map((m: { subject: string }) => m.subject)).toEqual(["Réunion de décembre"]);
    expect((await send(h, "GET", "/api/admin/mail?state=sent", undefined, admin.auth)).json.total).toBe(0);
    const bad = await send(h, "GET", "/api/admin/mail?state=perdu", undefined, admin.auth);
    expect(bad).toMatchObject({ status: 400, json: { message: "État inconnu (pending, sending, sent, failed ou held)." } });
    const unknown = await send(h, "GET", "/api/admin/mail?etat=sent", undefined, admin.auth);
    expect(unknown.status).toBe(400);
  });

  it("sends a failed message again, and refuses to for one that did not fail", async () => {
    const { id } = await enqueue("À renvoyer");
    const refused = await send(h, "POST", `/api/admin/mail/${id}/retry`, undefined, admin.auth);
    expect(refused).toMatchObject({ status: 409, json: { message: "Seul un courriel en échec peut être renvoyé." } });
    await h.database.db.update(mailOutbox).set({ state: "failed", attempts: 30, lastError: "Refusé" }).where(eq(mailOutbox.id, id));
    const retried = await send(h, "POST", `/api/admin/mail/${id}/retry`, undefined, admin.auth);
    expect(retried).toMatchObject({ status: 200, json: { _id: id, state: "pending", message: "Courriel remis dans la file d'envoi." } });
    const [row] = await h.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ state: "pending", attempts: 0, lastError: "Refusé" });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await send(h, "POST", "/api/admin/mail/inconnu/retry", undefined, admin.auth)).toMatchObject({ status: 404 });
  });
});
