import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../db/client";
import { articles, mailOutbox, notifications, users } from "../../../db/schema";
import { makeArticle, makeMedia, makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../testing/smtp-server";
import { formData, person, send, type Person } from "../articles/test-kit";
import { createMailDelivery } from "../mail/delivery";
import { createSmtpTransport, type MailTransport } from "../mail/transport";
import { createNotificationDigest } from "./digest";

const SITE = "https://institut.example.sn";
const MIN = 60_000;

/**
 * Editorial notifications (issue 21 §3), end to end: the real routes record events, the digest job (injected
 * clock) enqueues, the delivery worker sends to a real SMTP server, and the tests read what it received.
 * The writes stamp events with the real time; the digest's clock starts from the real time taken before them, so
 * « 9 minutes later » is 9 minutes after every write of the test whatever the machine's speed.
 */
describe("editorial notifications", () => {
  let h: Harness;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let chef: Person;
  let aminata: Person;
  let discret: Person;
  let awa: Person;
  let theme: { id: string };
  let base: number;
  const emails = new Map<string, string>();

  const digestAt = (minutes: number, db = h.database.db) =>
    createNotificationDigest({ db, env: h.deps.env, now: () => new Date(base + minutes * MIN), log: () => {} }).runOnce();
  const deliver = async () => {
    const delivery = createMailDelivery({ db: h.database.db, transport, now: () => new Date(base + 60 * MIN) });
    while ((await delivery.runOnce()).claimed > 0);
  };
  const to = (p: Person) => smtp.received.filter((m) => m.envelope.to.includes(emails.get(p.id)!));
  const links = (m: ReceivedMail) => [...String(m.parsed.html).matchAll(/href="([^"]+)"/g)].map((x) => x[1]!.replaceAll("&amp;", "&"));
  const submit = (title: string, who = awa) => send(h, "POST", "/api/user/articles", { title, txt_content: "Un paragraphe.", themes: [theme.id] }, who.auth);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await createHarness({ SMTP_URL: smtp.url, MAIL_FROM: "L'Institut <contact@institut.example.sn>", PUBLIC_URL: SITE });
    transport = createSmtpTransport(smtp.url);
    chef = await person(h, "chef", "admin");
    aminata = await person(h, "aminata", "admin");
    discret = await person(h, "discret", "admin");
    awa = await person(h, "awa");
    for (const p of [chef, aminata, discret, awa]) {
      const [u] = await h.database.db.select({ email: users.email }).from(users).where(eq(users.id, p.id));
      emails.set(p.id, u!.email);
    }
    await h.database.db.update(users).set({ firstname: "Awa" }).where(eq(users.id, awa.id));
    theme = await makeTheme(h.database.db, "Gouvernance");
    const off = await send(h, "PUT", "/api/user/notifications", { submissions: false }, discret.auth);
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect(off.json).toEqual({ articles: true, media: true, submissions: false, contact: true });
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

  it("sends each admin one digest for two submissions within ten minutes, a second one for a third after it, and nothing to an admin who switched them off", async () => {
    expect((await submit("Éducation et territoires")).status).toBe(200);
    expect((await submit("Souveraineté numérique")).status).toBe(200);
    // Nine minutes on: the window of the first submission is still open.
    expect(await digestAt(9)).toMatchObject({ mails: 0 });
    expect(await digestAt(11)).toMatchObject({ mails: 2 });
    await deliver();
    expect(smtp.received).toHaveLength(2);
    expect(to(discret)).toHaveLength(0);
    for (const admin of [chef, aminata]) {
      const [mail] = to(admin);
      expect(mail, admin.nickname).toBeDefined();
      expect(mail!.parsed.subject).toBe("Du nouveau\u00a0: 2 articles à valider");
      expect(mail!.parsed.text).toContain("2 articles attendent votre validation\u00a0:");
      for (const title of ["Éducation et territoires", "Souveraineté numérique"]) {
        expect(mail!.parsed.text).toContain(`- ${title}`);
        expect(mail!.parsed.html).toContain(title);
        const href = `${SITE}/admin/articles?status=pending&q=${encodeURIComponent(title)}`;
        expect(mail!.parsed.text).toContain(href);
        expect(links(mail!)).toContain(href);
        // The link works: the back office's list with the link's own parameters shows that article.
        const url = new URL(href);
        const list = await send(h, "GET", `/api/admin/articles${url.search}&page=1`, undefined, admin.auth);
        expect(list.status).toBe(200);
        expect(list.json.items.map((a: { title: string }) => a.title)).toEqual([title]);
      }
      expect(mail!.parsed.text).toContain(`Choisir mes notifications\u00a0: ${SITE}/user/profile#notifications`);
      expect(links(mail!)).toContain(`${SITE}/user/profile#notifications`);
      expect(mail!.parsed.text).toContain("Île de Gorée, Sénégal");
    }

    // A third submission right after the digest: not before the window since that digest has passed.
    expect((await submit("Villes durables")).status).toBe(200);
    expect(await digestAt(15)).toMatchObject({ mails: 0 });
    expect(await digestAt(22)).toMatchObject({ mails: 2 });
    await deliver();
    expect(smtp.received).toHaveLength(4);
    const second = to(chef)[1]!;
    expect(second.parsed.subject).toBe("Du nouveau\u00a0: 1 article à valider");
    expect(second.parsed.text).toContain("Un article attend votre validation\u00a0:");
    expect(second.parsed.text).toContain("Villes durables");
    expect(second.parsed.text).not.toContain("Éducation et territoires");
    expect(to(discret)).toHaveLength(0);
  });

  it("lists a media waiting for approval and a contact message in the same digest, each linked to its filtered list", async () => {
    const media = await send(
      h,
      "POST",
      "/api/user/media",
      formData({ title: "Entretien sur la dette", type: "link", description: "Une ressource.", externalUrl: "https://example.org/dette" }),
      awa.auth,
    );
    expect(media.status, JSON.stringify(media.json)).toBe(200);
    const contact = await send(h, "POST", "/api/public/contact", { name: "Moussa Sarr", email: "moussa@example.sn", subject: "Demande de partenariat", message: "Bonjour." });
    expect(contact.status).toBe(201);
    expect(await digestAt(11)).toMatchObject({ mails: 3 });
    await deliver();
    const mail = to(chef)[0]!;
    expect(mail.parsed.subject).toBe("Du nouveau\u00a0: 1 média à valider, 1 nouveau message de contact");
    expect(links(mail)).toContain(`${SITE}/admin/media?status=pending&q=${encodeURIComponent("Entretien sur la dette")}`);
    expect(links(mail)).toContain(`${SITE}/admin/contact?unread=1&q=${encodeURIComponent("Demande de partenariat")}`);
    expect(mail.parsed.text).toContain("De Moussa Sarr");
    // The admin who switched off submissions still hears about contact messages, and only them.
    const quiet = to(discret)[0]!;
    expect(quiet.parsed.subject).toBe("Du nouveau\u00a0: 1 nouveau message de contact");
    expect(quiet.parsed.text).not.toContain("Entretien sur la dette");
  });

  it("sends an author one mail for three of their articles approved in bulk, and nothing to the admins", async () => {
    const ids: string[] = [];
    for (const title of ["Premier", "Deuxième", "Troisième"]) {
      ids.push((await makeArticle(h.database.db, { title: `Bilan ${title}`, approved: false, online: true, authors: [awa.id], themes: [theme.id] })).id);
    }
    const res = await send(h, "POST", "/api/admin/articles/bulk", { action: "approve", ids }, chef.auth);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await digestAt(11)).toMatchObject({ mails: 1 });
    await deliver();
    expect(smtp.received).toHaveLength(1);
    const mail = to(awa)[0]!;
    expect(mail.parsed.subject).toBe("Du nouveau\u00a0: 3 articles en ligne");
    expect(mail.parsed.text).toContain("Bonjour Awa,");
    expect(mail.parsed.text).toContain("Vos 3 articles ont été validés et sont en ligne\u00a0:");
    const rows = await h.database.db.select({ title: articles.title, url: articles.url }).from(articles);
    for (const id of ids) {
      const [a] = await h.database.db.select({ title: articles.title, url: articles.url }).from(articles).where(eq(articles.id, id));
      expect(mail.parsed.text).toContain(`- ${a!.title}\n  ${SITE}/article/${a!.url}`);
    }
    expect(rows.length).toBeGreaterThan(0);
  });

  it("tells an uploader their media is online after the approve toggle, but not when it was withdrawn again before the digest", async () => {
    const kept = await makeMedia(h.database.db, { title: "Carte des cercles", approved: false, uploadedBy: awa.id });
    const withdrawn = await makeMedia(h.database.db, { title: "Brouillon retiré", approved: false, uploadedBy: awa.id });
    for (const m of [kept, withdrawn]) expect((await send(h, "PUT", `/api/admin/media/${m.id}/approve`, { approved: true }, chef.auth)).status).toBe(200);
    expect((await send(h, "PUT", `/api/admin/media/${withdrawn.id}/approve`, { approved: false }, chef.auth)).status).toBe(200);
    expect(await digestAt(11)).toMatchObject({ mails: 1 });
    await deliver();
    const mail = to(awa)[0]!;
    expect(mail.parsed.subject).toBe("Votre média «\u00a0Carte des cercles\u00a0» est en ligne");
    expect(mail.parsed.text).not.toContain("Brouillon retiré");
  });

  it("sends nothing to an author who switched off their articles' notifications", async () => {
    expect((await send(h, "PUT", "/api/user/notifications", { articles: false }, awa.auth)).json).toEqual({ articles: false, media: true });
    try {
      const a = await makeArticle(h.database.db, { title: "Sans courriel", approved: false, authors: [awa.id], themes: [theme.id] });
      expect((await send(h, "PUT", `/api/admin/articles/${a.id}/approve`, { approved: true }, chef.auth)).status).toBe(200);
      expect(await digestAt(11)).toMatchObject({ mails: 0 });
      // Marked done all the same: switching the setting back on later does not send old news.
      expect(await h.database.db.select().from(notifications).where(isNull(notifications.sentAt))).toHaveLength(0);
    } finally {
      await send(h, "PUT", "/api/user/notifications", { articles: true }, awa.auth);
    }
  });

  it("sends one digest per admin when digest jobs run at the same time, in this process and in two others", async () => {
    expect((await submit("Concurrence loyale")).status).toBe(200);
    const second = await openDatabase(`file:${h.dir}/test.db`);
    const at = String(base + 11 * MIN);
    const run = () =>
      Bun.spawn([process.execPath, "api/testing/notification-digest-run.ts", `${h.dir}/test.db`, at], {
        env: { ...process.env, MAIL_FROM: "L'Institut <contact@institut.example.sn>", PUBLIC_URL: SITE },
        stdout: "pipe",
        stderr: "pipe",
      });
    try {
      const children = [run(), run()];
      const reports = await Promise.all([
        digestAt(11),
        digestAt(11, second.db),
        ...children.map(async (c) => {
          const out = await new Response(c.stdout).text();
          expect(await c.exited, await new Response(c.stderr).text()).toBe(0);
          return JSON.parse(out) as { mails: number };
        }),
      ]);
      expect(reports.reduce((n, r) => n + r.mails, 0)).toBe(2);
    } finally {
      second.close();
    }
    const queued = await h.database.db.select().from(mailOutbox);
    expect(queued.map((m) => m.toAddress).sort()).toEqual([emails.get(chef.id), emails.get(aminata.id)].sort());
  });

  it("sends nothing twice when another round took the events between a round's reading and its transaction", async () => {
    expect((await submit("Alpha")).status).toBe(200);
    let ran = false;
    const slow = createNotificationDigest({
      db: h.database.db,
      env: h.deps.env,
      now: () => new Date(base + 11 * MIN),
      log: () => {},
      // After this round has read chef's events: a new submission, then a whole other round sends its digests.
      beforeClaim: async (recipientId) => {
        if (recipientId !== chef.id || ran) return;
        ran = true;
        expect((await submit("Beta")).status).toBe(200);
        expect(await digestAt(11)).toMatchObject({ mails: 2 });
      },
    });
    expect(await slow.runOnce()).toMatchObject({ mails: 0 });
    expect(ran).toBe(true);
    await deliver();
    expect(smtp.received).toHaveLength(2);
    for (const admin of [chef, aminata]) {
      expect(to(admin), admin.nickname).toHaveLength(1);
      expect(to(admin)[0]!.parsed.subject).toBe("Du nouveau\u00a0: 2 articles à valider");
    }
    expect(await h.database.db.select().from(notifications).where(isNull(notifications.sentAt))).toHaveLength(0);
  });

  it("keeps an admin's events unsent when their mail cannot be queued (one transaction), without holding back the others", async () => {
    await h.database.db.update(users).set({ email: "pas-une-adresse" }).where(eq(users.id, aminata.id));
    try {
      expect((await submit("Adresse invalide")).status).toBe(200);
      expect(await digestAt(11)).toMatchObject({ mails: 1 });
      const left = await h.database.db.select().from(notifications).where(and(eq(notifications.recipientId, aminata.id), isNull(notifications.sentAt)));
      expect(left).toHaveLength(1);
      expect((await h.database.db.select().from(mailOutbox)).map((m) => m.toAddress)).toEqual([emails.get(chef.id)]);
    } finally {
      await h.database.db.update(users).set({ email: emails.get(aminata.id)! }).where(eq(users.id, aminata.id));
    }
    // Fixed: the next round sends it.
    expect(await digestAt(12)).toMatchObject({ mails: 1 });
  });
});

describe("notification settings (/api/user/notifications)", () => {
  let h: Harness;
  let awa: Person;
  let chef: Person;
  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa");
    chef = await person(h, "chef", "admin");
  });
  afterAll(() => h.close());

  it("are all on by default: a member has two, an admin four", async () => {
    expect((await send(h, "GET", "/api/user/notifications", undefined, awa.auth)).json).toEqual({ articles: true, media: true });
    expect((await send(h, "GET", "/api/user/notifications", undefined, chef.auth)).json).toEqual({ articles: true, media: true, submissions: true, contact: true });
  });

  it("saves the switches sent and keeps the others", async () => {
    expect((await send(h, "PUT", "/api/user/notifications", { media: false }, awa.auth)).json).toEqual({ articles: true, media: false });
    expect((await send(h, "PUT", "/api/user/notifications", { articles: false }, awa.auth)).json).toEqual({ articles: false, media: false });
    expect((await send(h, "PUT", "/api/user/notifications", { articles: true, media: true }, awa.auth)).json).toEqual({ articles: true, media: true });
  });

  it("refuses an admin's switch to a member (403), an unknown field and a value that is not a boolean (400), changing nothing", async () => {
    const forbidden = await send(h, "PUT", "/api/user/notifications", { submissions: false, articles: false }, awa.auth);
    expect(forbidden).toMatchObject({ status: 403, json: { message: "Ces notifications sont réservées aux administrateurs." } });
    const unknown = await send(h, "PUT", "/api/user/notifications", { newsletter: false }, awa.auth);
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toMatch(/Champ inconnu/);
    const wrong = await send(h, "PUT", "/api/user/notifications", { articles: "non" }, awa.auth);
    expect(wrong).toMatchObject({ status: 400, json: { message: "Valeur invalide pour «\u00a0Mes articles\u00a0»." } });
    expect((await send(h, "GET", "/api/user/notifications", undefined, awa.auth)).json).toEqual({ articles: true, media: true });
  });

  it("asks who is there", async () => {
    expect((await send(h, "GET", "/api/user/notifications")).status).toBe(401);
    expect((await send(h, "PUT", "/api/user/notifications", { articles: false })).status).toBe(401);
  });
});
