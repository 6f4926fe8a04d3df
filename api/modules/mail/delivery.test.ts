import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../db/client";
import { mailOutbox } from "../../../db/schema";
import { createHarness, type Harness } from "../../testing/harness";
import { startSmtpServer, type TestSmtpServer } from "../../testing/smtp-server";
import { createMailDelivery, LEASE_MS, type MailDelivery } from "./delivery";
import { renderMail } from "./render";
import { MAX_ATTEMPTS } from "./retry";
import { enqueueMail, type OutgoingMail } from "./service";
import { testMailContent } from "./templates/test-mail";
import { createSmtpTransport, type MailTransport } from "./transport";

const FROM = "L'Institut <contact@institut.example.sn>";
const LOGIN = { user: "institut@example.sn", password: "mot de passe: très/secret" };

describe("mail delivery through a real SMTP server", () => {
  let h: Harness;
  let smtp: TestSmtpServer;
  let clock: number;
  const now = () => new Date(clock);
  const transports: MailTransport[] = [];
  const worker = (db = h.database.db, transport?: MailTransport): MailDelivery => {
    const t = transport ?? createSmtpTransport(smtp.url);
    transports.push(t);
    return createMailDelivery({ db, transport: t, now });
  };
  const mail = (over: Partial<OutgoingMail> = {}): OutgoingMail => ({
    kind: "test",
    to: { name: "Awa Ndiaye", address: "awa@example.sn" },
    ...renderMail(h.deps.env, testMailContent({ firstname: "Awa" }, "L'Institut")),
    ...over,
  });
  const enqueue = (over: Partial<OutgoingMail> = {}) => enqueueMail(h.database.db, h.deps.env, mail(over), now());
  const rowOf = async (id: string) => (await h.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

  beforeAll(async () => {
    smtp = await startSmtpServer({ auth: LOGIN, unknownRecipients: ["personne@example.sn"] });
    h = await createHarness({ SMTP_URL: smtp.url, MAIL_FROM: FROM, PUBLIC_URL: "https://institut.example.sn" });
  });
  beforeEach(async () => {
    clock = Date.UTC(2026, 10, 26, 9, 0);
    smtp.received.length = 0;
    await h.database.db.delete(mailOutbox);
  });
  afterEach(() => {
    for (const t of transports.splice(0)) t.close();
  });
  afterAll(async () => {
    await smtp.stop();
    h.close();
  });

  it("sends nothing for a message enqueued in a transaction that rolls back", async () => {
    await expect(
      h.database.db.transaction(async (tx) => {
        await enqueueMail(tx, h.deps.env, mail(), now());
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await h.database.db.select().from(mailOutbox)).toHaveLength(0);
    expect((await worker().runOnce()).claimed).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("delivers a queued message with its sender, recipient, Message-ID and both French parts, logged in with the URL's credentials", async () => {
    const { id, messageId } = await enqueue();
    expect(messageId).toMatch(/^<[0-9a-f]{24}\.[0-9a-z]+@institut\.example\.sn>$/);
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    expect(got.user).toBe(LOGIN.user);
    expect(got.envelope).toEqual({ from: "contact@institut.example.sn", to: ["awa@example.sn"] });
    expect(got.parsed.from?.value).toEqual([{ name: "L'Institut", address: "contact@institut.example.sn" }]);
    expect(got.parsed.to && !Array.isArray(got.parsed.to) ? got.parsed.to.value : null).toEqual([{ name: "Awa Ndiaye", address: "awa@example.sn" }]);
    expect(got.parsed.messageId).toBe(messageId);
    expect(got.parsed.subject).toBe("Courriel de test");
    expect(got.parsed.text).toContain("Bonjour Awa,");
    expect(got.parsed.text).toContain("l'envoi des courriels fonctionne");
    expect(got.parsed.text).toContain("https://institut.example.sn/admin/mail");
    expect(got.parsed.html).toContain('lang="fr"');
    expect(got.parsed.html).toContain("Bonjour Awa,");
    const row = await rowOf(id);
    expect(row).toMatchObject({ state: "sent", attempts: 1, lastError: null, accepted: ["awa@example.sn"] });
    expect(row.response).toMatch(/^250/);
    expect(row.sentAt?.getTime()).toBe(clock);
  });

  it("neutralises CR/LF in a subject or a recipient's name: no header and no recipient can be added through them", async () => {
    const { id } = await enqueue({
      subject: "Bonjour\r\nBcc: espion@example.org",
      to: { name: "Awa\r\nBcc: espion@example.org", address: "awa@example.sn" },
    });
    const row = await rowOf(id);
    expect(row.subject).toBe("Bonjour Bcc: espion@example.org");
    expect(row.toName).toBe("Awa Bcc: espion@example.org");
    await worker().runOnce();
    const got = smtp.received[0]!;
    expect(got.envelope.to).toEqual(["awa@example.sn"]);
    expect(got.parsed.headers.has("bcc")).toBe(false);
    expect(got.parsed.subject).toBe("Bonjour Bcc: espion@example.org");
    expect(got.raw).not.toMatch(/^Bcc:/im);
  });

  it("refuses a malformed recipient address or header with a French message, and writes nothing", async () => {
    for (const address of ["awa@example.sn\r\nBcc: espion@example.org", "awa@example.sn, espion@example.org", "pas-une-adresse", "Awa <awa@example.sn>"]) {
      await expect(enqueue({ to: address }), address).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^Adresse e-mail du destinataire invalide/) });
    }
    await expect(enqueue({ headers: { Bcc: "espion@example.org" } })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/En-tête de courriel non autorisé/) });
    await expect(enqueue({ headers: { "List-Unsubscribe": "<https://x.sn/d>\r\nBcc: espion@example.org" } })).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/Valeur d'en-tête de courriel invalide/),
    });
    expect(await h.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("sends extra headers (List-Unsubscribe) as given", async () => {
    await enqueue({ headers: { "List-Unsubscribe": "<https://institut.example.sn/lettre/desinscription?t=abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } });
    await worker().runOnce();
    expect(smtp.received[0]!.raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n");
    expect(smtp.received[0]!.raw).toContain("List-Unsubscribe: <https://institut.example.sn/lettre/desinscription?t=abc>");
  });

  it("writes one message per idempotency key", async () => {
    const first = await enqueue({ key: "newsletter:1:awa" });
    const again = await enqueue({ key: "newsletter:1:awa", subject: "Autre sujet" });
    expect(again).toEqual({ id: first.id, messageId: first.messageId, created: false });
    expect(await h.database.db.select().from(mailOutbox)).toHaveLength(1);
  });

  it("keeps a message pending with its error while the server is down, then delivers it exactly once when it is back", async () => {
    const { id, messageId } = await enqueue();
    const w = worker();
    await smtp.stop();
    try {
      expect(await w.runOnce()).toMatchObject({ claimed: 1, retrying: 1 });
      let row = await rowOf(id);
      expect(row).toMatchObject({ state: "pending", attempts: 1 });
      expect(row.lastError).toMatch(/^Serveur de courrier injoignable/);
      expect(row.nextAttemptAt.getTime()).toBe(clock + 60_000);
      // Not due yet: nothing is tried.
      expect((await w.runOnce()).claimed).toBe(0);
      // The delays grow: 1, 5, 15 minutes.
      for (const [attempts, delay] of [[2, 5], [3, 15]] as const) {
        clock = row.nextAttemptAt.getTime();
        await w.runOnce();
        row = await rowOf(id);
        expect(row).toMatchObject({ state: "pending", attempts });
        expect(row.nextAttemptAt.getTime() - clock).toBe(delay * 60_000);
      }
    } finally {
      await smtp.start();
    }
    clock = (await rowOf(id)).nextAttemptAt.getTime();
    expect(await w.runOnce()).toMatchObject({ sent: 1 });
    expect(await rowOf(id)).toMatchObject({ state: "sent", attempts: 4, lastError: null });
    clock += 24 * 3600_000;
    expect((await w.runOnce()).claimed).toBe(0);
    expect(smtp.copiesOf(messageId)).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  it("puts the rest of a batch back untried when the server is down, and moves waiting retries to now once it answers", async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await enqueue({ to: `lecteur${i}@example.sn` })).id);
    const w = worker();
    await smtp.stop();
    try {
      expect(await w.runOnce()).toMatchObject({ claimed: 5, retrying: 1, released: 4 });
      const rows = await Promise.all(ids.map(rowOf));
      expect(rows.map((r) => [r.state, r.attempts])).toEqual([["pending", 1], ...Array(4).fill(["pending", 0])]);
    } finally {
      await smtp.start();
    }
    // Back: the four left go out, and the one waiting for its retry is moved to now and goes out in the next round.
    expect(await w.runOnce()).toMatchObject({ sent: 4 });
    expect(await w.runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(5);
  });

  it("gives up a message the server refuses for good, and one that failed MAX_ATTEMPTS times", async () => {
    const refused = await enqueue({ to: "personne@example.sn" });
    expect(await worker().runOnce()).toMatchObject({ failed: 1 });
    const row = await rowOf(refused.id);
    expect(row).toMatchObject({ state: "failed", attempts: 1 });
    expect(row.lastError).toMatch(/^Refusé définitivement par le serveur de courrier.*550/);

    const { id } = await enqueue();
    const w = worker();
    await smtp.stop();
    try {
      for (let i = 1; i <= MAX_ATTEMPTS; i++) {
        await w.runOnce();
        clock = (await rowOf(id)).nextAttemptAt.getTime();
      }
    } finally {
      await smtp.start();
    }
    expect(await rowOf(id)).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS });
    clock += 365 * 24 * 3600_000;
    expect((await w.runOnce()).claimed).toBe(0);
  });

  it("takes again, after its lease, a message a crashed worker left in « sending »", async () => {
    const { id, messageId } = await enqueue();
    // A worker that claims, then dies before the server answers (its send never returns).
    const dead = worker(h.database.db, { send: () => new Promise(() => {}), close: () => {} });
    void dead.runOnce();
    await expect.poll(async () => (await rowOf(id)).state).toBe("sending");
    const w = worker();
    expect((await w.runOnce()).claimed).toBe(0);
    clock += LEASE_MS;
    expect(await w.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await rowOf(id)).toMatchObject({ state: "sent", attempts: 2 });
    expect(smtp.copiesOf(messageId)).toBe(1);
  });

  it("sends the same Message-ID again when a worker died between the server's acceptance and its record", async () => {
    const { id, messageId } = await enqueue();
    // The server accepts, then the process dies before the row is updated.
    const real = createSmtpTransport(smtp.url);
    transports.push(real);
    const dying = worker(h.database.db, { send: (row) => real.send(row).then(() => new Promise(() => {})), close: () => {} });
    void dying.runOnce();
    await expect.poll(() => smtp.copiesOf(messageId)).toBe(1);
    clock += LEASE_MS;
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    expect(await rowOf(id)).toMatchObject({ state: "sent" });
    // The one duplicate the design allows: the same Message-ID, so the receiving side can tell it is a copy.
    expect(smtp.copiesOf(messageId)).toBe(2);
    expect(new Set(smtp.received.map((m) => m.parsed.messageId))).toEqual(new Set([messageId]));
  });

  it("delivers each message once when two workers on two connections race for the outbox", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push((await enqueue({ to: `lecteur${i}@example.sn` })).messageId);
    const second = await openDatabase(`file:${h.dir}/test.db`);
    try {
      const a = worker();
      const b = worker(second.db);
      const drain = async (w: MailDelivery) => {
        while ((await w.runOnce()).claimed > 0);
      };
      await Promise.all([drain(a), drain(b), drain(a)]);
    } finally {
      second.close();
    }
    expect(smtp.received).toHaveLength(30);
    for (const messageId of ids) expect(smtp.copiesOf(messageId), messageId).toBe(1);
    const rows = await h.database.db.select().from(mailOutbox);
    expect(rows.every((r) => r.state === "sent" && r.attempts === 1)).toBe(true);
  });
  it("delivers attachments stored with the message, as data, and refuses a path-like or oversized one at enqueue", async () => {
    const ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n";
    await enqueue({ attachments: [{ filename: "evenement.ics", contentType: "text/calendar; charset=utf-8", content: ics }] });
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    const [file] = smtp.received[0]!.parsed.attachments;
    expect(file).toMatchObject({ filename: "evenement.ics", contentType: "text/calendar" });
    expect(file!.content.toString("utf8")).toBe(ics);
    await expect(enqueue({ attachments: [{ filename: "../../etc/passwd", contentType: "text/plain", content: "x" }] })).rejects.toThrow("Nom de pièce jointe invalide.");
    await expect(enqueue({ attachments: [{ filename: "a.txt", contentType: "text/plain", content: "x".repeat(200_001) }] })).rejects.toThrow("Pièce jointe trop volumineuse.");
  });
});

describe("STARTTLS", () => {
  it("upgrades an smtp:// connection when the server offers it", async () => {
    const smtp = await startSmtpServer({ starttls: true });
    const h = await createHarness({ SMTP_URL: smtp.url, MAIL_FROM: FROM });
    // The test server's certificate is self-signed: trusted here only.
    const transport = createSmtpTransport(smtp.url, { tls: { rejectUnauthorized: false } });
    try {
      await enqueueMail(h.database.db, h.deps.env, { kind: "test", to: "awa@example.sn", ...renderMail(h.deps.env, testMailContent({ firstname: "Awa" }, "L'Institut")) });
      expect(await createMailDelivery({ db: h.database.db, transport }).runOnce()).toMatchObject({ sent: 1 });
      expect(smtp.received[0]!.secure).toBe(true);
    } finally {
      transport.close();
      await smtp.stop();
      h.close();
    }
  });
});
