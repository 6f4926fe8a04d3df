/**
 * Issue 30 §5: a restored database sent again what was waiting when its backup was taken (which had mostly left
 * since): the outbox's waiting and in-flight messages, and the rest of a newsletter issue. Through the real backup
 * and restore scripts, a real SMTP server and the real delivery worker and issue sender.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../../db/client";
import { mailOutbox, newsletterIssueRecipients, newsletterIssues } from "../../../db/schema";
import { backup } from "../../../scripts/backup";
import { restore } from "../../../scripts/restore";
import { createApp } from "../../app";
import { makeArticle } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { startSmtpServer, type TestSmtpServer } from "../../testing/smtp-server";
import { createMailDelivery } from "../mail/delivery";
import { createSmtpTransport, type MailTransport } from "../mail/transport";
import { createIssueSender } from "../newsletter-issues/sending";
import { addConfirmed } from "../newsletter-issues/test-kit";
import { person, type Person } from "../users/test-kit";

const PUBLIC_URL = "https://institut.example.sn";

describe("deliveries held after a restore", () => {
  let h: Harness;
  let smtp: TestSmtpServer;
  let admin: Person;
  let dir: string;
  let restored: Database;
  const transports: MailTransport[] = [];
  let clock = Date.now();
  const now = () => new Date(clock);

  const deliver = async (db: Database["db"]) => {
    const transport = createSmtpTransport(smtp.url);
    transports.push(transport);
    return createMailDelivery({ db, transport, now }).runOnce();
  };
  const sender = (db: Database["db"]) => createIssueSender({ db, env: { ...h.deps.env, newsletterRatePerMinute: 60 }, now });
  const call = async (app: { handle: (r: Request) => Promise<Response> }, method: string, path: string, auth: Record<string, string>) => {
    const res = await app.handle(new Request(`http://localhost${path}`, { method, headers: auth }));
    return { status: res.status, json: (await res.json()) as any };
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await createHarness({ SMTP_URL: smtp.url, MAIL_FROM: "L'Institut <contact@institut.example.sn>", PUBLIC_URL });
    admin = await person(h, "admin-reprise", "admin");
    dir = mkdtempSync(join(tmpdir(), "delivery-hold-"));
  });
  afterAll(async () => {
    for (const t of transports) t.close();
    restored?.close();
    h.close();
    await smtp.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("holds a restored outbox and a leaving issue until « Reprendre l'envoi », then sends each once", async () => {
    const db = h.database.db;
    await addConfirmed(db, 12, "lecteur");
    const article = await makeArticle(db, { title: "L'eau au Sahel", daysAgo: 0 });
    const created = await h.call("POST", "/api/admin/newsletter/issues", { subject: "La lettre", intro: "Bonjour.", items: [{ kind: "article", id: article.id }] }, admin.auth);
    expect(created.status).toBe(201);
    const issueId = created.json.issue._id as string;
    expect((await h.call("POST", `/api/admin/newsletter/issues/${issueId}/send`, {}, admin.auth)).status).toBe(200);
    // The test's clock from here: the send route started the issue on the real one.
    clock = Date.now() + 1_000;

    // First batch queued and delivered; the second queued, one of its copies claimed by a worker that then died.
    expect((await sender(db).runOnce()).queued).toBe(5);
    expect((await deliver(db)).sent).toBe(5);
    clock += 10_000;
    expect((await sender(db).runOnce()).queued).toBe(5);
    const [claimed] = await db.select({ id: newsletterIssueRecipients.mailId }).from(newsletterIssueRecipients).where(eq(newsletterIssueRecipients.issueId, issueId)).limit(1);
    const waiting = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.state, "pending"));
    await db.update(mailOutbox).set({ state: "sending", leaseUntil: new Date(clock + 600_000) }).where(eq(mailOutbox.id, waiting[0]!.id));
    expect(claimed).toBeDefined();
    expect((await h.call("POST", "/api/admin/mail/test", undefined, admin.auth)).status).toBe(201);

    const folder = await backup({ databaseUrl: `file:${join(h.dir, "test.db")}`, uploadsDir: join(h.dir, "uploads"), into: join(dir, "sauvegarde") });
    const result = await restore({ folder, databaseUrl: `file:${join(dir, "site", "site.db")}`, uploadsDir: join(dir, "site", "uploads") });
    expect(result.held).toEqual({ messages: 6, issues: 1 });

    restored = await openDatabase(`file:${join(dir, "site", "site.db")}`);
    const app = createApp({ ...h.deps, db: restored.db });
    const received = smtp.received.length;
    // Nothing leaves on its own, even once the dead worker's lease has lapsed and the next batch is long due.
    clock += 3_600_000;
    expect(await deliver(restored.db)).toMatchObject({ claimed: 0, sent: 0 });
    expect((await sender(restored.db).runOnce()).queued).toBe(0);
    expect(smtp.received.length).toBe(received);

    expect(await call(app, "GET", "/api/admin/mail/held", admin.auth)).toEqual({ status: 200, json: { messages: 6, issues: 1 } });
    expect((await call(app, "GET", "/api/admin/mail?state=held", admin.auth)).json.total).toBe(6);
    const issues = (await call(app, "GET", "/api/admin/newsletter/issues", admin.auth)).json as { _id: string; state: string }[];
    expect(issues.find((i) => i._id === issueId)?.state).toBe("sending");

    const resumed = await call(app, "POST", "/api/admin/mail/resume", admin.auth);
    expect(resumed).toEqual({ status: 200, json: { messages: 6, issues: 1, message: "Envoi repris\u00a0: 6 courriels et 1 numéro de la lettre." } });
    expect((await call(app, "GET", "/api/admin/mail/held", admin.auth)).json).toEqual({ messages: 0, issues: 0 });
    expect((await deliver(restored.db)).sent).toBe(6);
    expect((await sender(restored.db).runOnce()).queued).toBe(2);
    expect((await deliver(restored.db)).sent).toBe(2);
    // Each subscriber got the issue once (the held copies were sent once, the rest queued once).
    const copies = smtp.received.filter((m) => m.parsed.subject === "La lettre").map((m) => m.envelope.to.join(","));
    expect(new Set(copies).size).toBe(copies.length);
    expect(copies).toHaveLength(12);
  });

  it("does not read « envoyé » while a copy waits under a dead worker's lease, and does once it has left", async () => {
    const db = h.database.db;
    const article = await makeArticle(db, { title: "Le fleuve", daysAgo: 0 });
    const created = await h.call("POST", "/api/admin/newsletter/issues", { subject: "La lettre suivante", intro: "Bonjour.", items: [{ kind: "article", id: article.id }] }, admin.auth);
    const issueId = created.json.issue._id as string;
    expect((await h.call("POST", `/api/admin/newsletter/issues/${issueId}/send`, {}, admin.auth)).status).toBe(200);
    clock = Math.max(clock, Date.now() + 1_000);
    const state = async () => (await db.select({ state: newsletterIssues.state }).from(newsletterIssues).where(eq(newsletterIssues.id, issueId)))[0]!.state;
    while ((await state()) !== "sent") {
      await sender(db).runOnce();
      clock += 10_000;
    }
    while ((await deliver(db)).claimed > 0);
    const [copy] = await db.select({ id: newsletterIssueRecipients.mailId }).from(newsletterIssueRecipients).where(eq(newsletterIssueRecipients.issueId, issueId)).limit(1);
    // As if the worker that claimed it had died: the copy stays `sending` until its lease lapses.
    await db.update(mailOutbox).set({ state: "sending", leaseUntil: new Date(clock + 600_000), sentAt: null }).where(inArray(mailOutbox.id, [copy!.id!]));
    const read = async () => ((await h.call("GET", "/api/admin/newsletter/issues", undefined, admin.auth)).json as { _id: string; state: string; sentAt: string | null }[]).find((i) => i._id === issueId)!;
    expect(await read()).toMatchObject({ state: "sending", sentAt: null });
    clock += 600_001;
    expect((await deliver(db)).sent).toBe(1);
    expect(await read()).toMatchObject({ state: "sent", sentAt: expect.any(String) });
  });
});
