import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mailOutbox, newsletterSubscribers } from "../../../db/schema";
import { NEWSLETTER_CONSENT, SUBSCRIBE_ANSWER } from "../../../shared/newsletter";
import { CLIENT_IP_HEADER } from "../../lib/client-ip";
import { enqueueMail } from "../mail/service";
import { smtpDeliverer } from "../mail/test-kit";
import { post } from "../auth/two-factor-test-kit";
import { person, send, type Person } from "../users/test-kit";
import { createHarness, type Harness } from "../../testing/harness";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../testing/smtp-server";
import { limitKeyOf, memoryNewsletterLimits } from "./limits";
import { newsletterHeaders, unsubscribePageUrl } from "./links";
import { BAD_ADDRESS, BAD_CONFIRM_LINK, BAD_UNSUBSCRIBE_LINK, CONFIRMED, NO_CONSENT, TOO_MANY_SUBSCRIBES, UNSUBSCRIBED } from "./messages";
import { purgeUnconfirmed } from "./purge";
import { Newsletter } from "./service";

const PUBLIC_URL = "https://institut.example.sn";
const DAY = 24 * 60 * 60_000;

describe("newsletter subscriptions, through a real SMTP server", () => {
  let h: Harness;
  let smtp: TestSmtpServer;
  let admin: Person;
  let ipCount = 0;
  /** Each request from its own client address, so the per-client limit of one test never reaches another. */
  const freshIp = () => `198.51.100.${++ipCount}`;
  const db = () => h.database.db;

  const { deliver, closeTransports } = smtpDeliverer(db, () => smtp);
  const subscribe = (email: string, extra: Record<string, unknown> = {}, ip = freshIp()) =>
    post(h, "/api/newsletter/subscribe", { email, consent: true, source: "lettre", ...extra }, ip);
  const confirm = (token: string) => post(h, "/api/newsletter/confirm", { token });
  const rowOf = async (email: string) => (await db().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
  const mailsTo = async (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const tokenIn = (mail: ReceivedMail) => {
    const m = /https:\/\/institut\.example\.sn\/lettre\/confirmation#token=([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? "");
    expect(m, mail.parsed.text).not.toBeNull();
    return m![1]!;
  };
  /** POSTs the RFC 8058 body to a link, as a mail client does. */
  const oneClick = async (url: string, body: BodyInit = "List-Unsubscribe=One-Click", type = "application/x-www-form-urlencoded") => {
    const { pathname, search } = new URL(url);
    const headers: Record<string, string> = { [CLIENT_IP_HEADER]: freshIp() };
    if (type) headers["content-type"] = type;
    const res = await h.app.handle(new Request(`http://localhost${pathname}${search}`, { method: "POST", headers, body }));
    return { status: res.status, json: (await res.json().catch(() => null)) as any };
  };
  /** A confirmed subscriber, through the real link. */
  async function confirmed(email: string) {
    await subscribe(email);
    const mail = (await deliver()).find((m) => m.envelope.to.includes(email))!;
    expect((await confirm(tokenIn(mail))).status).toBe(200);
    return (await rowOf(email))!;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await createHarness({ SMTP_URL: smtp.url, MAIL_FROM: "L'Institut <contact@institut.example.sn>", PUBLIC_URL });
    admin = await person(h, "admin-lettre", "admin");
  });
  afterEach(closeTransports);
  afterAll(async () => {
    await smtp.stop();
    h.close();
  });

  it("sends only a confirmation mail, with a working link, and confirms the subscription when it is followed", async () => {
    const res = await subscribe("Awa.Ndiaye@Example.SN ");
    expect(res).toMatchObject({ status: 200, json: { message: SUBSCRIBE_ANSWER } });
    const pending = await rowOf("awa.ndiaye@example.sn");
    expect(pending).toMatchObject({ state: "pending", source: "lettre", consentText: NEWSLETTER_CONSENT, userId: null });
    const [mail, ...more] = await deliver();
    expect(more).toHaveLength(0);
    expect(mail!.envelope.to).toEqual(["awa.ndiaye@example.sn"]);
    expect(mail!.parsed.subject).toContain("Confirmez votre inscription à la lettre d'information");
    expect(mail!.parsed.text).toContain("votre adresse sera effacée dans 7 jours");
    const token = tokenIn(mail!);
    expect(mail!.parsed.html).toContain(`#token=${token}`);
    // Only the token's hash is kept.
    expect(JSON.stringify(pending)).not.toContain(token);
    // The subscriber's own signed unsubscribe link is there from the first mail.
    expect(mail!.parsed.text).toContain(unsubscribePageUrl(h.deps.env, pending!));
    expect(await confirm(token)).toMatchObject({ status: 200, json: { message: CONFIRMED } });
    expect(await rowOf("awa.ndiaye@example.sn")).toMatchObject({ state: "confirmed" });
    // A second click on the link is harmless.
    expect(await confirm(token)).toMatchObject({ status: 200, json: { message: CONFIRMED } });
  });

  it("sends nothing else to a pending address, and answers the same for a new, pending and confirmed address", async () => {
    const fresh = await subscribe("nouveau@example.sn");
    await subscribe("attente@example.sn");
    const again = await subscribe("attente@example.sn");
    await confirmed("deja@example.sn");
    const before = (await mailsTo("deja@example.sn")).length;
    const known = await subscribe("deja@example.sn");
    for (const res of [fresh, again, known]) expect(res).toEqual({ status: 200, json: { message: SUBSCRIBE_ANSWER }, headers: expect.anything() });
    // A confirmed address gets no new mail, and stays confirmed.
    expect(await mailsTo("deja@example.sn")).toHaveLength(before);
    expect(await rowOf("deja@example.sn")).toMatchObject({ state: "confirmed" });
    // A pending address only ever gets confirmation mails; the newer link replaces the older.
    const kinds = (await mailsTo("attente@example.sn")).map((m) => m.kind);
    expect(kinds).toEqual(["newsletter-confirm", "newsletter-confirm"]);
    await deliver();
    const received = smtp.received.filter((m) => m.envelope.to.includes("attente@example.sn"));
    expect(received).toHaveLength(2);
    const [older, newer] = received.map(tokenIn);
    expect((await confirm(older!)).json).toEqual({ message: BAD_CONFIRM_LINK });
    expect((await confirm(newer!)).status).toBe(200);
  });

  it("refuses a malformed address, a header injection and a missing consent in French, and changes nothing", async () => {
    const outbox = (await db().select().from(mailOutbox)).length;
    const subscribers = (await db().select().from(newsletterSubscribers)).length;
    for (const email of ["pas-une-adresse", "a@b", "victime@example.sn\r\nBcc: tous@example.sn", "victime@example.sn\n", "x@example.sn>, y@example.sn", ""]) {
      const res = await subscribe(email);
      expect({ email, status: res.status, message: res.json?.message }).toEqual({ email, status: 400, message: BAD_ADDRESS });
    }
    expect((await subscribe("consent@example.sn", { consent: false })).json).toEqual({ message: NO_CONSENT });
    expect((await post(h, "/api/newsletter/subscribe", { email: "consent@example.sn", source: "lettre" })).status).toBe(400);
    expect((await subscribe("extra@example.sn", { admin: true })).status).toBe(400);
    // JSON only: a form on another site cannot subscribe anyone.
    const form = await h.app.handle(new Request("http://localhost/api/newsletter/subscribe", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "email=a%40example.sn&consent=true&source=lettre" }));
    expect(form.status).toBe(415);
    expect((await db().select().from(mailOutbox)).length).toBe(outbox);
    expect((await db().select().from(newsletterSubscribers)).length).toBe(subscribers);
  });

  it("limits requests per address as typed (429 in French), whether or not it is subscribed", async () => {
    for (let i = 0; i < 5; i++) expect((await subscribe("limite@example.sn")).status).toBe(200);
    const res = await subscribe("LIMITE@example.sn");
    expect(res).toMatchObject({ status: 429, json: { message: TOO_MANY_SUBSCRIBES } });
    expect(res.headers.get("retry-after")).toBeTruthy();
  });

  it("counts name+tag@ as name@ for the per-address limit (issue 30 §4): tags cannot turn one inbox into many", async () => {
    for (const tag of ["", "+a", "+b", "+lettre", "+Z9"]) expect((await subscribe(`boite${tag}@example.sn`)).status, tag).toBe(200);
    const res = await subscribe("BOITE+encore@example.sn");
    expect(res).toMatchObject({ status: 429, json: { message: TOO_MANY_SUBSCRIBES } });
    // Another mailbox of the same domain is not affected; the list keeps each address as typed.
    expect((await subscribe("boite2@example.sn")).status).toBe(200);
    expect(await rowOf("boite+lettre@example.sn")).toMatchObject({ state: "pending" });
    expect(limitKeyOf("Awa.Ndiaye+Lettre@Example.SN")).toBe("awa.ndiaye@example.sn");
    expect(limitKeyOf("+seul@example.sn")).toBe("+seul@example.sn");
  });

  it("refuses a malformed or unknown confirmation token, and an expired one", async () => {
    expect((await confirm("abc")).json).toEqual({ message: BAD_CONFIRM_LINK });
    expect((await confirm("A".repeat(43))).status).toBe(400);
    let now = new Date();
    const newsletter = new Newsletter(db(), h.deps.env, memoryNewsletterLimits(), () => now);
    await newsletter.subscribe({ email: "tardif@example.sn", source: "footer" }, "203.0.113.9");
    const token = tokenIn((await deliver()).find((m) => m.envelope.to.includes("tardif@example.sn"))!);
    now = new Date(now.getTime() + 7 * DAY + 1);
    await expect(newsletter.confirm(token)).rejects.toThrow(BAD_CONFIRM_LINK);
    expect(await rowOf("tardif@example.sn")).toMatchObject({ state: "pending" });
  });

  it("unsubscribes in one click by the RFC 8058 POST to the List-Unsubscribe link an issue carries", async () => {
    const row = await confirmed("lecteur@example.sn");
    // An issue as the sending half will queue it: the headers from newsletterHeaders().
    await enqueueMail(db(), h.deps.env, {
      kind: "newsletter",
      to: row.email,
      subject: "La lettre de novembre",
      html: `<p>Bonjour</p><p><a href="${unsubscribePageUrl(h.deps.env, row)}">Se désinscrire</a></p>`,
      text: `Bonjour\n\nSe désinscrire : ${unsubscribePageUrl(h.deps.env, row)}`,
      headers: newsletterHeaders(h.deps.env, row),
    });
    const [issue] = await deliver();
    // Read from the raw message, as a mail client sees it (header lines may be folded).
    const head = issue!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const url = /^List-Unsubscribe: <(https:[^>]+)>$/m.exec(head)![1]!;
    expect(url.startsWith(`${PUBLIC_URL}/api/newsletter/unsubscribe?id=${row.id}&sig=`)).toBe(true);
    expect(await oneClick(url)).toEqual({ status: 200, json: { message: UNSUBSCRIBED } });
    expect(await rowOf("lecteur@example.sn")).toMatchObject({ state: "unsubscribed", confirmTokenHash: null });
    // Clients may send it as multipart too; a repeated click stays a success.
    const form = new FormData();
    form.append("List-Unsubscribe", "One-Click");
    expect((await oneClick(url, form, "")).status).toBe(200);
  });

  it("refuses a forged or altered unsubscribe link and changes nothing", async () => {
    const victim = await confirmed("cible@example.sn");
    const other = await confirmed("autre@example.sn");
    const good = new URL(newsletterHeaders(h.deps.env, victim)["List-Unsubscribe"]!.slice(1, -1));
    const sig = good.searchParams.get("sig")!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`;
    const forged = [
      `${PUBLIC_URL}/api/newsletter/unsubscribe?id=${victim.id}&sig=${flipped}`,
      `${PUBLIC_URL}/api/newsletter/unsubscribe?id=${victim.id}&sig=`,
      `${PUBLIC_URL}/api/newsletter/unsubscribe?id=${victim.id}`,
      // Another subscriber's signature does not open this one.
      `${PUBLIC_URL}/api/newsletter/unsubscribe?id=${victim.id}&sig=${new URL(unsubscribePageUrl(h.deps.env, other)).searchParams.get("sig")}`,
    ];
    for (const url of forged) expect((await oneClick(url)).status, url).toBe(400);
    expect((await oneClick(forged[0]!)).json).toEqual({ message: BAD_UNSUBSCRIBE_LINK });
    // The right link without the RFC 8058 body is refused too.
    expect((await oneClick(good.href, "List-Unsubscribe=Oui")).status).toBe(400);
    expect(await rowOf("cible@example.sn")).toMatchObject({ state: "confirmed" });
    expect(await rowOf("autre@example.sn")).toMatchObject({ state: "confirmed" });
  });

  it("sends a browser that opens the link to the page that asks for the click, without unsubscribing", async () => {
    const row = await confirmed("navigateur@example.sn");
    const url = new URL(newsletterHeaders(h.deps.env, row)["List-Unsubscribe"]!.slice(1, -1));
    const res = await h.app.handle(new Request(`http://localhost${url.pathname}${url.search}`));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/lettre/desinscription${url.search}`);
    expect(await rowOf("navigateur@example.sn")).toMatchObject({ state: "confirmed" });
  });

  it("deletes unconfirmed subscriptions after 7 days, not at 6, and never a confirmed one; running again deletes nothing more", async () => {
    // Ten days ago: rows other tests made now are never due at t0 + 8 days.
    const t0 = new Date(Date.now() - 10 * DAY);
    let now = t0;
    const newsletter = new Newsletter(db(), h.deps.env, memoryNewsletterLimits(), () => now);
    await newsletter.subscribe({ email: "oubli@example.sn", source: "footer" }, "203.0.113.1");
    await newsletter.subscribe({ email: "fidele@example.sn", source: "footer" }, "203.0.113.1");
    // Delivered at the test's clock: the link of a message sent 10 days ago would have lapsed before delivery.
    const token = tokenIn((await deliver(() => now)).find((m) => m.envelope.to.includes("fidele@example.sn"))!);
    await newsletter.confirm(token);
    expect(await purgeUnconfirmed(db(), new Date(t0.getTime() + 6 * DAY))).toBe(0);
    expect(await rowOf("oubli@example.sn")).toBeDefined();
    const eight = new Date(t0.getTime() + 8 * DAY);
    expect(await purgeUnconfirmed(db(), eight)).toBe(1);
    expect(await rowOf("oubli@example.sn")).toBeUndefined();
    expect(await rowOf("fidele@example.sn")).toMatchObject({ state: "confirmed" });
    expect(await purgeUnconfirmed(db(), eight)).toBe(0);
  });

  it("exports the filtered subscribers as CSV (UTF-8 with BOM, `;`), journaled, for admins only", async () => {
    await confirmed("export.un@example.sn");
    await db().update(newsletterSubscribers).set({ email: "=cmd;\"x\"@example.sn" }).where(eq(newsletterSubscribers.email, "export.un@example.sn"));
    const res = await h.app.handle(new Request("http://localhost/api/admin/newsletter/subscribers/export?state=confirmed&q=cmd", { headers: admin.auth }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="abonnes-lettre-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split("\r\n");
    expect(lines[0]).toBe("Adresse e-mail;État;Origine;Membre;Consentement;Date du consentement;Inscription;Confirmation;Désinscription");
    expect(lines).toHaveLength(3);
    // The formula is defused, the separator and quotes quoted.
    expect(lines[1]!.startsWith(`"'=cmd;""x""@example.sn";Confirmé;Page Lettre;non;`)).toBe(true);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "export"));
    expect(entry).toMatchObject({ actor: "admin-lettre", itemKind: "newsletter" });
    expect(entry!.summary).toContain("1 ligne");
  });

  it("lists subscribers for admins by state and search, and deletes one (journaled, without the address)", async () => {
    const row = await confirmed("efface@example.sn");
    const list = await send(h, "GET", "/api/admin/newsletter/subscribers?state=confirmed&q=efface", undefined, admin.auth);
    expect(list.status).toBe(200);
    expect(list.json.items.map((s: { email: string }) => s.email)).toEqual(["efface@example.sn"]);
    expect(list.json.total).toBe(1);
    const del = await send(h, "DELETE", `/api/admin/newsletter/subscribers/${row.id}`, undefined, admin.auth);
    expect(del).toMatchObject({ status: 200, json: { message: "Abonné supprimé." } });
    expect(await rowOf("efface@example.sn")).toBeUndefined();
    const entries = await db().select().from(auditLog).where(eq(auditLog.itemId, row.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "delete", itemKind: "newsletter" });
    expect(JSON.stringify(entries[0])).not.toContain("efface@example.sn");
    expect((await send(h, "DELETE", `/api/admin/newsletter/subscribers/${row.id}`, undefined, admin.auth)).status).toBe(404);
  });

  it("lets a member subscribe from their profile (with a confirmation mail) and unsubscribe at once", async () => {
    const member = await person(h, "membre-lettre");
    const email = (await send(h, "GET", "/api/user/newsletter", undefined, member.auth)).json.email as string;
    expect((await send(h, "GET", "/api/user/newsletter", undefined, member.auth)).json).toEqual({ email, state: "none" });
    expect((await send(h, "PUT", "/api/user/newsletter", { subscribed: true }, member.auth)).json).toEqual({ message: NO_CONSENT });
    const on = await send(h, "PUT", "/api/user/newsletter", { subscribed: true, consent: true }, member.auth);
    expect(on.json).toMatchObject({ state: "pending", email });
    expect(on.json.message).toContain("Un e-mail de confirmation vient d'être envoyé");
    const row = await rowOf(email.toLowerCase());
    expect(row).toMatchObject({ source: "profile", userId: member.id });
    const mail = (await deliver()).find((m) => m.envelope.to.includes(email.toLowerCase()))!;
    await confirm(tokenIn(mail));
    expect((await send(h, "GET", "/api/user/newsletter", undefined, member.auth)).json.state).toBe("confirmed");
    const off = await send(h, "PUT", "/api/user/newsletter", { subscribed: false }, member.auth);
    expect(off.json).toMatchObject({ state: "unsubscribed", message: UNSUBSCRIBED });
  });
});
