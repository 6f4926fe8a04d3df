/**
 * Issue 30 §4: « Courriels » never shows a live secret link. Every message that carries one (a password reset, an
 * invitation, a registration's confirmation and cancel links, a newsletter confirmation) is stored with its token
 * masked; the SMTP server still gets the working link; an admin resends a fresh link instead of reading one, and
 * is journaled for it. An admin who replaces another member's password is journaled as that admin, saying so.
 * Through the real app (app.handle) over a real libSQL file and a real SMTP server.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, events, mailOutbox, mailSecrets, users } from "../../../db/schema";
import { post } from "../auth/two-factor-test-kit";
import { makeEvent, makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../testing/smtp-server";
import { person, send, type Person } from "../users/test-kit";
import { LAPSED_LINK } from "./delivery";
import { holdOutbox } from "./hold";
import { NOT_RESENDABLE, REPLACED } from "./resend";
import { smtpDeliverer } from "./test-kit";

const PUBLIC_URL = "https://institut.example.sn";
const MASKED = "«\u00a0lien masqué\u00a0»";
const NEW_PASSWORD = "Nouveau-Passe-2026!";

describe("masked links in « Courriels », and « Renvoyer »", () => {
  let h: Harness;
  let smtp: TestSmtpServer;
  let admin: Person;
  let ip = 0;
  const freshIp = () => `198.51.100.${++ip}`;
  const db = () => h.database.db;
  const { deliver, closeTransports } = smtpDeliverer(db, () => smtp);
  /** Every `#token=…` of a delivered message (the links the person really gets). */
  const tokensIn = (mail: ReceivedMail) => [...(mail.parsed.text ?? "").matchAll(/#token=([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!);
  const rowsOf = (kind: string) => db().select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
  const read = (id: string) => send(h, "GET", `/api/admin/mail/${id}`, undefined, admin.auth);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await createHarness({ SMTP_URL: smtp.url, MAIL_FROM: "L'Institut <contact@institut.example.sn>", PUBLIC_URL });
    admin = await person(h, "admin-courriels-masques", "admin");
  });
  afterEach(closeTransports);
  afterAll(async () => {
    await smtp.stop();
    h.close();
  });

  it("stores every kind of secret link masked, shows it « lien masqué » to admins, and still delivers the working link", async () => {
    // One message of each kind that carries a link.
    const awa = await makeUser(db(), { nickname: "awa-masque", firstname: "Awa", name: "Ndiaye" });
    expect((await post(h, "/api/auth/password-reset", { login: "awa-masque" }, freshIp())).status).toBe(200);
    const invited = await send(h, "POST", "/api/admin/register", { firstname: "Moussa", name: "Sarr", nickname: "moussa-masque", email: "moussa.masque@example.sn", invite: true }, admin.auth);
    expect(invited.status).toBe(201);
    expect((await post(h, "/api/newsletter/subscribe", { email: "lecteur.masque@example.sn", consent: true, source: "lettre" }, freshIp())).status).toBe(200);
    const event = await makeEvent(db());
    await db().update(events).set({ registrationOpen: true }).where(eq(events.id, event.id));
    const registration = { name: "Fatou Diop", email: "fatou.masque@example.sn", consent: true };
    expect((await send(h, "POST", `/api/events/${event.id}/registrations`, registration)).status).toBe(202);
    const kinds = ["password-reset", "invitation", "newsletter-confirm", "registration-confirm"];

    // What admins read while they wait (the demo without SMTP_URL is this state for good).
    const waiting = await db().select().from(mailOutbox);
    expect(waiting.map((m) => m.kind).sort()).toEqual([...kinds].sort());
    const list = await send(h, "GET", "/api/admin/mail?state=pending", undefined, admin.auth);
    for (const item of list.json.items) expect(item, item.kind).toMatchObject({ maskedLinks: 1, resendable: true });
    const readings = new Map<string, { html: string; text: string }>();
    for (const m of waiting) readings.set(m.id, (await read(m.id)).json);

    const received = await deliver();
    expect(received).toHaveLength(4);
    // The registrant confirms by the link they received; its confirmation carries the cancel link.
    const confirmMail = received.find((m) => m.envelope.to[0] === "fatou.masque@example.sn")!;
    expect((await send(h, "POST", "/api/registrations/confirm", { token: tokensIn(confirmMail)[0] })).status).toBe(200);
    const [confirmed] = await deliver();
    expect(confirmed!.parsed.subject).toMatch(/^Inscription confirmée/);
    // Someone types the same address again: the answer is mailed to it, with a fresh cancel link.
    expect((await send(h, "POST", `/api/events/${event.id}/registrations`, registration)).status).toBe(202);
    const [known] = await deliver();
    expect(known!.parsed.subject).toMatch(/^Vous êtes déjà inscrit/);

    const all = [...received, confirmed!, known!];
    const tokens = all.flatMap(tokensIn);
    expect(tokens).toHaveLength(6);
    const rows = await db().select().from(mailOutbox);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      // The stored copy never holds a token; what admins read says « lien masqué » where the link was.
      for (const token of tokens) {
        expect(row.html, row.kind).not.toContain(token);
        expect(row.text, row.kind).not.toContain(token);
      }
      const shown = readings.get(row.id) ?? (await read(row.id)).json;
      expect(shown.text, row.kind).toContain(MASKED);
      expect(shown.html, row.kind).toContain(MASKED);
      expect(shown.text, row.kind).not.toMatch(/#token=/);
      expect(shown.html, row.kind).not.toMatch(/#token=/);
      expect(row.masked, row.kind).toBe(1);
    }
    // The links the people got work: the member sets a password with theirs.
    const resetMail = received.find((m) => m.envelope.to[0] === awa.email)!;
    expect((await post(h, "/api/auth/password-reset/confirm", { token: tokensIn(resetMail)[0], password: NEW_PASSWORD })).status).toBe(200);
    // Delivered: the secrets are gone from the database too.
    expect(await db().select().from(mailSecrets)).toHaveLength(0);
  });

  it("fails a message whose link lapsed before it could be sent, and « Renvoyer » mails a fresh working one, journaled as the admin", async () => {
    const khady = await makeUser(db(), { nickname: "khady-tardive", firstname: "Khady", name: "Fall" });
    await db().update(users).set({ email: "khady.tardive@example.sn" }).where(eq(users.id, khady.id));
    expect((await post(h, "/api/auth/password-reset", { login: "khady-tardive" }, freshIp())).status).toBe(200);
    const [old] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, "khady.tardive@example.sn"));
    // The mail server was away for 31 minutes: the link would arrive dead.
    // (The security mail of the previous test's reset goes out then too: only Khady's mail is looked at.)
    const late = await deliver(() => new Date(Date.now() + 31 * 60_000));
    expect(late.filter((m) => m.envelope.to[0] === "khady.tardive@example.sn")).toHaveLength(0);
    const [failed] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, old!.id));
    expect(failed).toMatchObject({ state: "failed", lastError: LAPSED_LINK });

    const resent = await send(h, "POST", `/api/admin/mail/${old!.id}/resend`, undefined, admin.auth);
    expect(resent).toMatchObject({ status: 201, json: { subject: "Réinitialisation de votre mot de passe", state: "pending", message: "Un nouveau lien est en cours d'envoi à khady.tardive@example.sn." } });
    expect(resent.json._id).not.toBe(old!.id);
    // Nothing the admin gets holds the link.
    expect(JSON.stringify(resent.json)).not.toMatch(/token/);
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "resend"), eq(auditLog.itemId, resent.json._id)));
    expect(entry).toMatchObject({ userId: admin.id, actor: admin.nickname, itemKind: "mail", summary: "Réinitialisation de votre mot de passe — nouveau lien envoyé à khady.tardive@example.sn" });
    const [mail] = await deliver();
    expect(mail!.envelope.to).toEqual(["khady.tardive@example.sn"]);
    expect((await post(h, "/api/auth/password-reset/confirm", { token: tokensIn(mail!)[0], password: NEW_PASSWORD })).status).toBe(200);
  });

  it("« Renvoyer » gives a registrant and a subscriber a fresh link and kills the old one; refuses what has nothing to resend; admins only", async () => {
    const event = await makeEvent(db());
    await db().update(events).set({ registrationOpen: true }).where(eq(events.id, event.id));
    await send(h, "POST", `/api/events/${event.id}/registrations`, { name: "Ibou Ba", email: "ibou.renvoi@example.sn", consent: true });
    await post(h, "/api/newsletter/subscribe", { email: "abonne.renvoi@example.sn", consent: true, source: "lettre" }, freshIp());
    const first = await deliver();
    const [registrationMail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, "ibou.renvoi@example.sn"));
    const [newsletterMail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, "abonne.renvoi@example.sn"));
    const oldRegistrationLink = tokensIn(first.find((m) => m.envelope.to[0] === "ibou.renvoi@example.sn")!)[0];

    for (const m of [registrationMail!, newsletterMail!]) {
      const member = await person(h, `membre-renvoi-${m.kind}`);
      expect((await send(h, "POST", `/api/admin/mail/${m.id}/resend`, undefined, member.auth)).status).toBe(403);
      expect((await send(h, "POST", `/api/admin/mail/${m.id}/resend`)).status).toBe(401);
      expect((await send(h, "POST", `/api/admin/mail/${m.id}/resend`, undefined, admin.auth)).status).toBe(201);
    }
    const fresh = await deliver();
    expect(fresh.map((m) => m.envelope.to[0]).sort()).toEqual(["abonne.renvoi@example.sn", "ibou.renvoi@example.sn"]);
    const byTo = (to: string) => tokensIn(fresh.find((m) => m.envelope.to[0] === to)!)[0]!;
    // The old links stop working, the new ones work.
    expect((await send(h, "POST", "/api/registrations/confirm", { token: oldRegistrationLink })).status).toBe(404);
    expect((await send(h, "POST", "/api/registrations/confirm", { token: byTo("ibou.renvoi@example.sn") })).status).toBe(200);
    expect((await post(h, "/api/newsletter/confirm", { token: byTo("abonne.renvoi@example.sn") })).status).toBe(200);
    // Confirmed: nothing left to confirm again.
    expect(await send(h, "POST", `/api/admin/mail/${newsletterMail!.id}/resend`, undefined, admin.auth)).toMatchObject({
      status: 409,
      json: { message: "Cette inscription est déjà confirmée\u00a0: il n'y a rien à renvoyer." },
    });
    // A message without a link has nothing to resend (« Réessayer » is for failed ones).
    const test = await send(h, "POST", "/api/admin/mail/test", undefined, admin.auth);
    expect(await send(h, "POST", `/api/admin/mail/${test.json._id}/resend`, undefined, admin.auth)).toMatchObject({ status: 409, json: { message: NOT_RESENDABLE } });
    expect((await send(h, "POST", "/api/admin/mail/inconnu/resend", undefined, admin.auth)).status).toBe(404);
  });

  it("« Renvoyer » on a message held after a restore replaces it: « Reprendre l'envoi » does not mail the old link too", async () => {
    const binta = await makeUser(db(), { nickname: "binta-suspendue", firstname: "Binta", name: "Sy" });
    await db().update(users).set({ email: "binta.suspendue@example.sn" }).where(eq(users.id, binta.id));
    expect((await post(h, "/api/auth/password-reset", { login: "binta-suspendue" }, freshIp())).status).toBe(200);
    const [old] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, "binta.suspendue@example.sn"));
    await holdOutbox(db());

    expect((await send(h, "POST", `/api/admin/mail/${old!.id}/resend`, undefined, admin.auth)).status).toBe(201);
    const [replaced] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, old!.id));
    expect(replaced).toMatchObject({ state: "failed", lastError: REPLACED });
    expect(await db().select().from(mailSecrets).where(eq(mailSecrets.mailId, old!.id))).toHaveLength(0);
    // The replaced copy offers neither action again, and the server refuses both.
    const listed = await send(h, "GET", "/api/admin/mail?page=1&q=binta", undefined, admin.auth);
    expect(listed.json.items.find((m: { _id: string }) => m._id === old!.id)).toMatchObject({ resendable: false, retryable: false });
    expect((await send(h, "POST", `/api/admin/mail/${old!.id}/retry`, undefined, admin.auth)).status).toBe(409);
    expect((await send(h, "POST", `/api/admin/mail/${old!.id}/resend`, undefined, admin.auth)).status).toBe(409);
    expect((await send(h, "POST", "/api/admin/mail/resume", undefined, admin.auth)).status).toBe(200);
    const toBinta = (await deliver()).filter((m) => m.envelope.to[0] === "binta.suspendue@example.sn");
    expect(toBinta).toHaveLength(1);
    expect((await post(h, "/api/auth/password-reset/confirm", { token: tokensIn(toBinta[0]!)[0], password: NEW_PASSWORD })).status).toBe(200);
  });

  it("journals an admin who replaces another member's password as that admin, saying so", async () => {
    const target = await makeUser(db(), { nickname: "cible-mdp", firstname: "Aminata", name: "Sow" });
    const form = { firstname: "Aminata", name: "Sow", nickname: "cible-mdp", email: "aminata.sow@example.sn" };
    expect((await send(h, "PUT", `/api/admin/users/${target.id}`, { ...form, password: NEW_PASSWORD }, admin.auth)).status).toBe(200);
    // An edit that leaves the password says nothing of it.
    expect((await send(h, "PUT", `/api/admin/users/${target.id}`, { ...form, firstname: "Aminata B." }, admin.auth)).status).toBe(200);
    const entries = await db().select().from(auditLog).where(eq(auditLog.itemId, target.id));
    expect(entries.map((e) => [e.userId, e.actor, e.summary]).sort()).toEqual(
      [
        [admin.id, admin.nickname, "Aminata Sow — mot de passe remplacé par un administrateur"],
        [admin.id, admin.nickname, "Aminata B. Sow"],
      ].sort(),
    );
    const [row] = await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, target.id));
    expect(row!.hash).toBeTruthy();
  });
});
