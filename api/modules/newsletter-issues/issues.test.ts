import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, newsletterIssueRecipients, newsletterIssues, newsletterSubscribers, users } from "../../../db/schema";
import { CLIENT_IP_HEADER } from "../../lib/client-ip";
import { readEnv } from "../../env";
import { createHarness, type Harness } from "../../testing/harness";
import { makeArticle, makeEvent } from "../../testing/factory";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../testing/smtp-server";
import { createMailDelivery } from "../mail/delivery";
import { createSmtpTransport, type MailTransport } from "../mail/transport";
import { person, send, type Person } from "../users/test-kit";
import { dakarMinuteToDate } from "./dakar-time";
import { BAD_SCHEDULE, PAST_SCHEDULE, SUBJECT_LINE_BREAK, itemNotFound } from "./messages";
import { createIssueSender } from "./sending";
import { addConfirmed } from "./test-kit";

const PUBLIC_URL = "https://institut.example.sn";
const MIN = 60_000;

describe("newsletter issues: compose, preview, test, send in batches through a real SMTP server", () => {
  let h: Harness;
  let smtp: TestSmtpServer;
  let admin: Person;
  let member: Person;
  const transports: MailTransport[] = [];
  const db = () => h.database.db;
  let clock = new Date("2026-12-01T08:00:00Z");
  const now = () => clock;

  /** Delivers the outbox until nothing is due (the delivery worker's rounds, on the test clock). */
  async function deliverAll(): Promise<ReceivedMail[]> {
    const before = smtp.received.length;
    const transport = createSmtpTransport(smtp.url);
    transports.push(transport);
    const delivery = createMailDelivery({ db: db(), transport, now });
    while ((await delivery.runOnce()).claimed > 0);
    return smtp.received.slice(before);
  }
  const sender = (rate = 60) => createIssueSender({ db: db(), env: { ...h.deps.env, newsletterRatePerMinute: rate }, now });
  const as = (who: Person, method: string, path: string, body?: object) => send(h, method, path, body, who.auth);

  async function draft(body: object = {}) {
    const a = await makeArticle(db(), { title: "Gouverner l'eau", daysAgo: 0 });
    const res = await as(admin, "POST", "/api/admin/newsletter/issues", { subject: "La lettre de décembre", intro: "Bonjour à toutes et à tous.", items: [{ kind: "article", id: a.id }], ...body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json.issue;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await createHarness({ SMTP_URL: smtp.url, MAIL_FROM: "L'Institut <contact@institut.example.sn>", PUBLIC_URL });
    admin = await person(h, "admin-numeros", "admin");
    member = await person(h, "membre-numeros");
  });
  beforeEach(async () => {
    // Each test starts from an empty list and no issue.
    await db().delete(newsletterIssues);
    await db().delete(newsletterSubscribers);
    await db().delete(mailOutbox);
    smtp.received.length = 0;
    clock = new Date("2026-12-01T08:00:00Z");
  });
  afterEach(() => {
    for (const t of transports.splice(0)) t.close();
  });
  afterAll(async () => {
    await smtp.stop();
    h.close();
  });

  it("proposes what was published since the last issue, and keeps the admin's order and choice", async () => {
    const old = await makeArticle(db(), { title: "Ancien", daysAgo: 60 });
    const a1 = await makeArticle(db(), { title: "Premier", daysAgo: 2 });
    const a2 = await makeArticle(db(), { title: "Second", daysAgo: 1 });
    const hidden = await makeArticle(db(), { title: "Non approuvé", approved: false, daysAgo: 1 });
    const ev = await makeEvent(db(), { title: "Colloque de Gorée" });
    const proposal = await as(admin, "GET", "/api/admin/newsletter/issues/proposal");
    expect(proposal.status).toBe(200);
    const ids = proposal.json.items.map((i: { id: string }) => i.id);
    expect(ids).toEqual(expect.arrayContaining([a1.id, a2.id, ev.id]));
    expect(ids).not.toContain(old.id);
    expect(ids).not.toContain(hidden.id);
    const item = proposal.json.items.find((i: { id: string }) => i.id === a1.id);
    expect(item).toMatchObject({ kind: "article", title: "Premier", href: `/article/${a1.url}`, excerpt: "Premier paragraphe. Second paragraphe." });

    // Reordered, one removed: saved as chosen.
    const res = await as(admin, "POST", "/api/admin/newsletter/issues", {
      subject: "Lettre n°1",
      intro: "Bonjour.",
      items: [{ kind: "event", id: ev.id }, { kind: "article", id: a2.id }],
    });
    expect(res.status).toBe(201);
    expect(res.json.issue.items.map((i: { id: string }) => i.id)).toEqual([ev.id, a2.id]);
    expect(res.json.issue.state).toBe("draft");

    // A non-public article cannot be slipped in.
    const bad = await as(admin, "PUT", `/api/admin/newsletter/issues/${res.json.issue._id}`, { subject: "x", intro: "", items: [{ kind: "article", id: hidden.id }] });
    expect(bad).toMatchObject({ status: 400, json: { message: itemNotFound("article") } });
  });

  it("refuses a subject with a line break (header injection) with a French message, and writes nothing", async () => {
    for (const subject of ["Lettre\r\nBcc: victime@example.org", "Lettre\nX-Evil: 1", "Lettre\u0000"]) {
      const res = await as(admin, "POST", "/api/admin/newsletter/issues", { subject, intro: "Bonjour.", items: [] });
      expect(res).toMatchObject({ status: 400, json: { message: SUBJECT_LINE_BREAK } });
    }
    expect(await db().select().from(newsletterIssues)).toHaveLength(0);
    const issue = await draft();
    const res = await as(admin, "PUT", `/api/admin/newsletter/issues/${issue._id}`, { subject: "A\rB", intro: "", items: [] });
    expect(res).toMatchObject({ status: 400, json: { message: SUBJECT_LINE_BREAK } });
    expect((await as(admin, "GET", `/api/admin/newsletter/issues/${issue._id}`)).json.subject).toBe("La lettre de décembre");
  });

  it("is for admins only", async () => {
    const issue = await draft();
    for (const [method, path, body] of [
      ["GET", "/api/admin/newsletter/issues"],
      ["GET", "/api/admin/newsletter/issues/proposal"],
      ["GET", `/api/admin/newsletter/issues/${issue._id}/preview`],
      ["POST", `/api/admin/newsletter/issues/${issue._id}/test`],
      ["POST", `/api/admin/newsletter/issues/${issue._id}/send`, {}],
    ] as [string, string, object?][]) {
      expect((await send(h, method, path, body)).status, path).toBe(401);
      expect((await as(member, method, path, body)).status, path).toBe(403);
    }
    expect(await db().select().from(newsletterIssueRecipients)).toHaveLength(0);
  });

  it("sends a test to the admin only, and previews the very HTML the subscribers get", async () => {
    await addConfirmed(db(), 3);
    const issue = await draft();
    const test = await as(admin, "POST", `/api/admin/newsletter/issues/${issue._id}/test`);
    expect(test.status).toBe(200);
    const [mail, ...more] = await deliverAll();
    expect(more).toHaveLength(0);
    const [me] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(mail!.envelope.to).toEqual([me!.email]);
    expect(mail!.parsed.subject).toBe("[Test] La lettre de décembre");
    expect((await db().select().from(newsletterIssues))[0]!.state).toBe("draft");

    const preview = await as(admin, "GET", `/api/admin/newsletter/issues/${issue._id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.json.html).toContain("Gouverner l&#x27;eau");
    expect(preview.json.html).not.toMatch(/<img/i);
    expect(preview.json.text).toContain("Bonjour à toutes et à tous.");
    // The received HTML is the preview (the test copy has the same stand-in unsubscribe link).
    expect((mail!.parsed.html as string).replace(/\s+/g, " ")).toBe(preview.json.html.replace(/\s+/g, " "));
  });

  it("sends to confirmed subscribers in batches at the set rate, with progress, headers and working unsubscribe links", async () => {
    const subs = await addConfirmed(db(), 12);
    const [pending] = await db()
      .insert(newsletterSubscribers)
      .values({ id: "pending-1", email: "attente@example.sn", state: "pending", consentText: "x", consentAt: clock, source: "lettre", requestedAt: clock, createdAt: clock, updatedAt: clock })
      .returning();
    const issue = await draft();
    const start = await as(admin, "POST", `/api/admin/newsletter/issues/${issue._id}/send`, {});
    expect(start.status, JSON.stringify(start.json)).toBe(200);
    expect(start.json.issue).toMatchObject({ state: "sending", number: 1, progress: { total: 12, sent: 0, failed: 0, remaining: 12 } });
    expect((await as(admin, "POST", `/api/admin/newsletter/issues/${issue._id}/send`, {})).status).toBe(409);

    // 60 a minute: batches of 5, one every 5 seconds.
    const s = sender(60);
    expect(s.batchSize).toBe(5);
    expect((await s.runOnce()).queued).toBe(5);
    expect((await s.runOnce()).queued).toBe(0); // too early for the next batch
    await deliverAll();
    let progress = (await as(admin, "GET", `/api/admin/newsletter/issues/${issue._id}`)).json.progress;
    expect(progress).toEqual({ total: 12, sent: 5, failed: 0, remaining: 7 });
    clock = new Date(clock.getTime() + 5_000);
    expect((await s.runOnce()).queued).toBe(5);
    clock = new Date(clock.getTime() + 5_000);
    expect(await s.runOnce()).toMatchObject({ queued: 2, finished: 1 });
    await deliverAll();
    progress = (await as(admin, "GET", `/api/admin/newsletter/issues/${issue._id}`)).json;
    expect(progress).toMatchObject({ state: "sent", progress: { total: 12, sent: 12, failed: 0, remaining: 0 } });

    const got = smtp.received;
    expect(got.map((m) => m.envelope.to[0]).sort()).toEqual(subs.map((s) => s.email).sort());
    expect(got.some((m) => m.envelope.to.includes(pending!.email))).toBe(false);
    const one = got.find((m) => m.envelope.to[0] === subs[0]!.email)!;
    expect(one.parsed.subject).toBe("La lettre de décembre");
    expect(one.parsed.from?.value[0]).toMatchObject({ name: "L'Institut", address: "contact@institut.example.sn" });
    expect(one.parsed.messageId).toMatch(/@institut\.example\.sn>$/);
    // The raw header line (mailparser turns List-Unsubscribe into an object).
    const header = (name: string) => one.parsed.headerLines.find((l) => l.key === name)?.line.replace(/^[^:]+:\s*/, "").replace(/\r?\n\s+/g, "");
    const listUnsub = header("list-unsubscribe")!;
    expect(listUnsub).toMatch(new RegExp(`^<${PUBLIC_URL}/api/newsletter/unsubscribe\\?id=${subs[0]!.id}&sig=[A-Za-z0-9_-]+>$`));
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const visible = `${PUBLIC_URL}/lettre/desinscription?id=${subs[0]!.id}&sig=`;
    expect(one.parsed.text).toContain(visible);
    expect(one.parsed.html).toContain(visible.replace("&", "&amp;"));
    expect(one.parsed.text).toContain(`${PUBLIC_URL}/article/`);
    expect(one.parsed.text).toContain(`${PUBLIC_URL}/lettre/archives/1`);

    // A forged link (another subscriber's id with this one's signature) is refused and changes nothing.
    const url = new URL(listUnsub.slice(1, -1));
    const forged = new URL(url);
    forged.searchParams.set("id", subs[1]!.id);
    const post = (u: URL) =>
      h.app.handle(new Request(`http://localhost${u.pathname}${u.search}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", [CLIENT_IP_HEADER]: "198.51.100.7" }, body: "List-Unsubscribe=One-Click" }));
    const refused = await post(forged);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/lien/i);
    expect((await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, subs[1]!.id)))[0]!.state).toBe("confirmed");
    // The real one-click link unsubscribes, without signing in.
    expect((await post(url)).status).toBe(200);
    expect((await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, subs[0]!.id)))[0]!.state).toBe("unsubscribed");

    // In the public archive, with what it held.
    const archive = await send(h, "GET", "/api/public/newsletter/issues");
    expect(archive.json).toEqual([expect.objectContaining({ number: 1, subject: "La lettre de décembre", items: [expect.objectContaining({ title: "Gouverner l'eau" })] })]);
    const byNumber = await send(h, "GET", "/api/public/newsletter/issues/1");
    expect(byNumber.status).toBe(200);
    expect(byNumber.json).toEqual(archive.json[0]);
    // Another number, or another spelling of this one, is no issue.
    for (const other of ["2", "01", "1e0", "abc"]) expect((await send(h, "GET", `/api/public/newsletter/issues/${other}`)).status, other).toBe(404);
    // A sent issue can no longer be changed or deleted.
    expect((await as(admin, "PUT", `/api/admin/newsletter/issues/${issue._id}`, { subject: "x", intro: "y", items: [] })).status).toBe(409);
    expect((await as(admin, "DELETE", `/api/admin/newsletter/issues/${issue._id}`)).status).toBe(409);
  });

  it("skips a subscriber who left between the start and their batch", async () => {
    const subs = await addConfirmed(db(), 3);
    const issue = await draft();
    await as(admin, "POST", `/api/admin/newsletter/issues/${issue._id}/send`, {});
    await db().update(newsletterSubscribers).set({ state: "unsubscribed" }).where(eq(newsletterSubscribers.id, subs[1]!.id));
    await sender(6000).runOnce();
    const got = await deliverAll();
    expect(got.map((m) => m.envelope.to[0]).sort()).toEqual([subs[0]!.email, subs[2]!.email].sort());
    expect((await as(admin, "GET", `/api/admin/newsletter/issues/${issue._id}`)).json.progress).toEqual({ total: 2, sent: 2, failed: 0, remaining: 0 });
  });

  it("starts a scheduled issue at its minute on Dakar's clock, with nobody signed in", async () => {
    await addConfirmed(db(), 2);
    const issue = await draft();
    expect((await as(admin, "POST", `/api/admin/newsletter/issues/${issue._id}/send`, { at: "2026-13-01T09:00" })).json.message).toBe(BAD_SCHEDULE);
    expect((await as(admin, "POST", `/api/admin/newsletter/issues/${issue._id}/send`, { at: "2020-12-01T07:59" })).json.message).toBe(PAST_SCHEDULE);
    const res = await as(admin, "POST", `/api/admin/newsletter/issues/${issue._id}/send`, { at: "2099-12-01T09:30" });
    expect(res.json.issue).toMatchObject({ state: "scheduled", scheduledAt: "2099-12-01T09:30:00.000Z" });
    const finished: string[] = [];
    const s = createIssueSender({ db: db(), env: { ...h.deps.env, newsletterRatePerMinute: 6000 }, now, onFinished: (i) => finished.push(i.id) });
    clock = new Date("2099-12-01T09:29:59Z");
    expect(await s.runOnce()).toMatchObject({ started: 0, queued: 0 });
    clock = new Date("2099-12-01T09:30:00Z");
    expect(await s.runOnce()).toMatchObject({ started: 1, queued: 2, finished: 1 });
    // The server asks for a site build here (the archive page): api/server.ts.
    expect(finished).toEqual([issue._id]);
    expect(await deliverAll()).toHaveLength(2);
  });

  it("reads Dakar's minutes through the time-zone database (UTC+0 all year)", () => {
    expect(dakarMinuteToDate("2026-07-14T12:00")?.toISOString()).toBe("2026-07-14T12:00:00.000Z");
    expect(dakarMinuteToDate("2026-02-30T12:00")).toBeNull();
  });

  it("resumes after a restart without sending anyone twice (a new sender takes up where the last batch committed)", async () => {
    const subs = await addConfirmed(db(), 23);
    const issue = await draft();
    await as(admin, "POST", `/api/admin/newsletter/issues/${issue._id}/send`, {});
    await sender(60).runOnce(); // 5 queued, then the process "dies"
    // A restarted process, with a new sender and a new clock reading; the recipients' rows say who is done.
    for (let i = 0; i < 10; i++) {
      clock = new Date(clock.getTime() + MIN);
      await sender(60).runOnce();
    }
    await deliverAll();
    const per = new Map<string, number>();
    for (const m of smtp.received) per.set(m.envelope.to[0]!, (per.get(m.envelope.to[0]!) ?? 0) + 1);
    expect(per.size).toBe(23);
    expect([...per.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(subs.map((s) => s.email))).toEqual(new Set(per.keys()));
  });

  it("delivers every copy exactly once when the SMTP server stops during the send and comes back", async () => {
    const subs = await addConfirmed(db(), 40);
    const issue = await draft();
    await as(admin, "POST", `/api/admin/newsletter/issues/${issue._id}/send`, {});
    await sender(600_000).runOnce(); // all 40 in the outbox
    const transport = createSmtpTransport(smtp.url);
    transports.push(transport);
    const delivery = createMailDelivery({ db: db(), transport, now, batch: 10 });
    expect((await delivery.runOnce()).sent).toBe(10);
    await smtp.stop();
    const down = await delivery.runOnce();
    expect(down.sent).toBe(0);
    expect(await delivery.runOnce()).toMatchObject({ sent: 0 });
    const mid = (await as(admin, "GET", `/api/admin/newsletter/issues/${issue._id}`)).json.progress;
    expect(mid).toMatchObject({ total: 40, sent: 10, failed: 0, remaining: 30 });
    await smtp.start();
    // An hour later, every retry is due.
    clock = new Date(clock.getTime() + 60 * MIN);
    for (let i = 0; i < 20 && (await delivery.runOnce()).claimed > 0; i++) clock = new Date(clock.getTime() + MIN);
    const per = new Map<string, number>();
    for (const m of smtp.received) per.set(m.envelope.to[0]!, (per.get(m.envelope.to[0]!) ?? 0) + 1);
    expect(per.size).toBe(40);
    expect([...per.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(per.keys())).toEqual(new Set(subs.map((s) => s.email)));
    expect((await as(admin, "GET", `/api/admin/newsletter/issues/${issue._id}`)).json.progress).toEqual({ total: 40, sent: 40, failed: 0, remaining: 0 });
  });

  it("refuses NEWSLETTER_RATE_PER_MINUTE that is not a whole number in range", () => {
    expect(readEnv({ NEWSLETTER_RATE_PER_MINUTE: "120" }).newsletterRatePerMinute).toBe(120);
    expect(readEnv({}).newsletterRatePerMinute).toBe(600);
    for (const bad of ["0", "-5", "1.5", "vite", "2000000"]) expect(() => readEnv({ NEWSLETTER_RATE_PER_MINUTE: bad }), bad).toThrow(/NEWSLETTER_RATE_PER_MINUTE/);
  });
});
