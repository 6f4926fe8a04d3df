/**
 * Registration through the real app (app.handle) over a real libSQL file: places, waiting list, duplicates,
 * cancellation with promotion, and the mails each writes to the outbox (read by a real SMTP server in mail.test.ts).
 * A visitor's address is confirmed by a mailed link before it takes a place (issue 30 §4: no-oracle.test.ts).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eventRegistrations, events, mailOutbox, users } from "../../../db/schema";
import { makeEvent } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { hashSecret } from "../../lib/session";
import { unmaskedOutbox } from "../mail/test-kit";
import { person, send, type Person } from "../users/test-kit";
import { TOO_MANY_REGISTRATIONS } from "./public";
import { VISITOR_ANSWER } from "./service";

describe("event registration", () => {
  let h: Harness;
  let admin: Person;
  let member: Person;
  beforeAll(async () => {
    // The concurrency test sends 400 requests from one address: the per-address limit is raised for this suite.
    h = await createHarness({ PUBLIC_URL: "https://institut.example.sn", MAIL_FROM: "L'Institut <contact@institut.example.sn>", REGISTRATIONS_PER_HOUR: "100000" });
    admin = await person(h, "admin-inscriptions", "admin");
    member = await person(h, "membre-inscrit");
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await h.database.db.delete(mailOutbox);
  });

  const openEvent = async (settings: Partial<typeof events.$inferInsert> = {}) => {
    const event = await makeEvent(h.database.db);
    await h.database.db.update(events).set({ registrationOpen: true, ...settings }).where(eq(events.id, event.id));
    return event;
  };
  const registerAs = (eventId: string, i: number | string, extra: object = {}) =>
    send(h, "POST", `/api/events/${eventId}/registrations`, { name: `Personne ${i}`, email: `personne${i}@example.sn`, consent: true, ...extra });
  const rows = (eventId: string) => h.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
  const mails = (kind?: string) => h.database.db.select().from(mailOutbox).where(kind ? eq(mailOutbox.kind, kind) : undefined);
  /** Messages of `kind` as the SMTP server would get them (links unmasked: api/modules/mail/secrets.ts). */
  const sent = (kind: string) => unmaskedOutbox(h.database.db, eq(mailOutbox.kind, kind));
  const tokenOf = (mail: { text: string }) => /#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  /** The confirmation link mailed to `email` that still works (a second request replaced the first one's). */
  const confirmTokenFor = async (email: string, confirmMails?: { toAddress: string; text: string }[]) => {
    const [row] = await h.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.emailKey, email.toLowerCase()));
    const tokens = (confirmMails ?? (await sent("registration-confirm"))).filter((m) => m.toAddress === email).map(tokenOf);
    for (const token of tokens) if ((await hashSecret(token)) === row?.confirmTokenHash) return token;
    throw new Error(`no working confirmation link for ${email}`);
  };
  const confirm = (token: string) => send(h, "POST", "/api/registrations/confirm", { token });
  /** A visitor registers and follows the link of the mail they got. */
  const registerConfirmed = async (eventId: string, i: number | string, extra: object = {}) => {
    const asked = await registerAs(eventId, i, extra);
    expect(asked.status).toBe(202);
    const done = await confirm(await confirmTokenFor(`personne${i}@example.sn`));
    expect(done.status).toBe(200);
    return done;
  };

  it("200 simultaneous registrations for 50 places, then 200 simultaneous confirmations: exactly 50 confirmed, 150 waiting at 1..150, no duplicate, nothing lost; 10 cancellations promote the first 10, each mailed once", async () => {
    const event = await openEvent({ registrationCapacity: 50 });
    // Each person twice, all at once: one row per person, and every answer the same.
    const answers = await Promise.all([...Array(200).keys()].flatMap((i) => [registerAs(event.id, i), registerAs(event.id, i)]));
    expect(answers.every((a) => a.status === 202)).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a.json)))).toEqual(new Set([JSON.stringify({ _id: null, state: "pending", position: null, existing: false, message: VISITOR_ANSWER })]));
    const pending = await rows(event.id);
    expect(pending).toHaveLength(200);
    expect(pending.every((r) => r.state === "pending")).toBe(true);
    // Exactly the places there are are held meanwhile, for the first 50 written.
    expect(pending.filter((r) => r.holdsPlace)).toHaveLength(50);

    // Everyone follows the link they got that still works (a second request replaced the first one's), at once.
    const confirmMails = await sent("registration-confirm");
    const tokens = await Promise.all([...Array(200).keys()].map((i) => confirmTokenFor(`personne${i}@example.sn`, confirmMails)));
    const confirmations = await Promise.all(tokens.map(confirm));
    expect(confirmations.map((c) => c.status)).toEqual(Array(200).fill(200));
    const all = await rows(event.id);
    expect(all).toHaveLength(200);
    const confirmed = all.filter((r) => r.state === "confirmed");
    const waiting = all.filter((r) => r.state === "waiting").sort((a, b) => a.waitingPosition! - b.waitingPosition!);
    expect(confirmed).toHaveLength(50);
    expect(confirmed.map((r) => r.id).sort()).toEqual(pending.filter((r) => r.holdsPlace).map((r) => r.id).sort());
    expect(waiting.map((r) => r.waitingPosition)).toEqual([...Array(150).keys()].map((i) => i + 1));
    expect(await mails("registration-confirmed")).toHaveLength(50);
    expect(await mails("registration-waiting")).toHaveLength(150);

    // 10 confirmed people cancel by their links, at once.
    const placed = await sent("registration-confirmed");
    const cancels = await Promise.all(placed.slice(0, 10).map((m) => send(h, "POST", "/api/registrations/cancel", { token: tokenOf(m) })));
    expect(cancels.map((c) => c.status)).toEqual(Array(10).fill(200));
    const after = await rows(event.id);
    expect(after.filter((r) => r.state === "confirmed")).toHaveLength(50);
    expect(after.filter((r) => r.state === "cancelled")).toHaveLength(10);
    const promotedIds = waiting.slice(0, 10).map((r) => r.id).sort();
    const nowConfirmed = new Set(after.filter((r) => r.state === "confirmed").map((r) => r.id));
    for (const id of promotedIds) expect(nowConfirmed.has(id)).toBe(true);
    const stillWaiting = after.filter((r) => r.state === "waiting").sort((a, b) => a.waitingPosition! - b.waitingPosition!);
    expect(stillWaiting.map((r) => r.waitingPosition)).toEqual([...Array(140).keys()].map((i) => i + 1));
    expect(stillWaiting[0]!.id).toBe(waiting[10]!.id);
    const promotions = await mails("registration-promoted");
    expect(promotions.map((m) => m.toAddress).sort()).toEqual(waiting.slice(0, 10).map((r) => r.email).sort());
  }, 120_000);

  it("answers a second registration with the same e-mail (any case) by mail, writing no second row", async () => {
    const event = await openEvent({ registrationCapacity: 5 });
    await registerConfirmed(event.id, "double");
    const again = await registerAs(event.id, "double", { email: "PERSONNEdouble@Example.sn", name: "Autre nom" });
    expect(again).toMatchObject({ status: 202, json: { message: VISITOR_ANSWER } });
    expect(await rows(event.id)).toHaveLength(1);
    // The existing registration is the answer, in the address's own inbox, with a fresh cancel link.
    const [known] = await sent("registration-known");
    expect(known).toMatchObject({ toAddress: "personnedouble@example.sn", subject: `Vous êtes déjà inscrit\u00a0: ${event.title}` });
    expect(known!.text).toContain("rien n'a changé");
    expect((await send(h, "POST", "/api/registrations/cancel", { token: tokenOf(known!) })).status).toBe(200);
  });

  it("refuses bad input with French messages and changes nothing", async () => {
    const event = await openEvent();
    const cases: [object, string][] = [
      [{ name: "A", email: "pas-une-adresse", consent: true }, "L'adresse e-mail n'est pas valide."],
      [{ name: "A", email: "a@example.sn" }, "Veuillez accepter l'utilisation de vos données pour cette inscription."],
      [{ name: "A", email: "a@example.sn", consent: true, role: "admin" }, "Champ inconnu\u00a0: «\u00a0role\u00a0»."],
      [{ email: "a@example.sn", consent: true }, "Le nom est obligatoire (200 caractères au plus)."],
    ];
    for (const [body, message] of cases) {
      expect(await send(h, "POST", `/api/events/${event.id}/registrations`, body)).toMatchObject({ status: 400, json: { message } });
    }
    expect(await rows(event.id)).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
  });

  it("refuses registration when closed, past its closing date, for an offline event, or members-only without a session", async () => {
    const closed = await makeEvent(h.database.db);
    expect(await registerAs(closed.id, "c1")).toMatchObject({ status: 409, json: { message: "Les inscriptions à cet événement ne sont pas ouvertes." } });
    const late = await openEvent({ registrationClosesAt: new Date(Date.now() - 60_000) });
    expect(await registerAs(late.id, "c2")).toMatchObject({ status: 409, json: { message: "Les inscriptions à cet événement sont closes." } });
    const offline = await openEvent({ online: false });
    expect((await registerAs(offline.id, "c3")).status).toBe(404);
    const members = await openEvent({ registrationAudience: "members" });
    expect(await registerAs(members.id, "c4")).toMatchObject({ status: 401, json: { message: "Cet événement est réservé aux membres\u00a0: connectez-vous pour vous inscrire." } });
    expect(await mails()).toHaveLength(0);
  });

  it("lets a signed-in member register in one click with their account, and see and cancel it in « Mes inscriptions »", async () => {
    const event = await openEvent({ registrationAudience: "members", registrationCapacity: 1 });
    const mine = await send(h, "POST", `/api/events/${event.id}/registrations`, { consent: true }, member.auth);
    expect(mine).toMatchObject({ status: 201, json: { state: "confirmed" } });
    const [row] = await rows(event.id);
    const [account] = await h.database.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ userId: member.id, email: account!.email, name: `${account!.firstname} ${account!.name}` });
    const list = await send(h, "GET", "/api/user/registrations", undefined, member.auth);
    expect(list.json).toEqual([expect.objectContaining({ _id: row!.id, state: "confirmed", event: expect.objectContaining({ _id: event.id }) })]);
    // Someone else waits; another member cannot cancel this registration; the owner can, and the other is promoted.
    const other = await person(h, "autre-membre");
    await send(h, "POST", `/api/events/${event.id}/registrations`, { consent: true }, other.auth);
    expect((await send(h, "POST", `/api/user/registrations/${row!.id}/cancel`, undefined, other.auth)).status).toBe(404);
    expect(await send(h, "POST", `/api/user/registrations/${row!.id}/cancel`, undefined, member.auth)).toMatchObject({ status: 200, json: { message: "Votre inscription est annulée." } });
    const after = await rows(event.id);
    expect(after.find((r) => r.userId === other.id)?.state).toBe("confirmed");
    expect(await mails("registration-promoted")).toHaveLength(1);
  });

  it("on a members-only event, registers a signed-in member themself only: another name or address is refused", async () => {
    const event = await openEvent({ registrationAudience: "members" });
    const [account] = await h.database.db.select().from(users).where(eq(users.id, member.id));
    for (const body of [{ name: "Un ami", email: "ami@example.sn", consent: true }, { name: `${account!.firstname} ${account!.name}`, email: "ami@example.sn", consent: true }]) {
      const refused = await send(h, "POST", `/api/events/${event.id}/registrations`, body, member.auth);
      expect(refused).toMatchObject({ status: 403, json: { message: "Cet événement est réservé aux membres\u00a0: vous ne pouvez y inscrire que vous-même." } });
    }
    expect(await rows(event.id)).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
    // Their own address (in any case) is themself.
    const own = await send(h, "POST", `/api/events/${event.id}/registrations`, { email: account!.email.toUpperCase(), consent: true }, member.auth);
    expect(own).toMatchObject({ status: 201, json: { state: "confirmed" } });
    expect(await rows(event.id)).toEqual([expect.objectContaining({ userId: member.id, emailKey: account!.email.toLowerCase() })]);
  });

  it("on an open event, a member who registers another address is a visitor for it: the address confirms itself by mail", async () => {
    const event = await openEvent();
    const other = await send(h, "POST", `/api/events/${event.id}/registrations`, { name: "Un ami", email: "ami@example.sn", consent: true }, member.auth);
    expect(other).toMatchObject({ status: 202, json: { message: VISITOR_ANSWER } });
    expect(await rows(event.id)).toEqual([expect.objectContaining({ state: "pending", userId: null, email: "ami@example.sn" })]);
    expect((await mails("registration-confirm")).map((m) => m.toAddress)).toEqual(["ami@example.sn"]);
  });

  it("cancels only the registration of its own link; a wrong or replayed token changes nothing else", async () => {
    const event = await openEvent({ registrationCapacity: 1 });
    await registerConfirmed(event.id, "lien1");
    await registerConfirmed(event.id, "lien2");
    const [confirmation] = await sent("registration-confirmed");
    const [waitingMail] = await sent("registration-waiting");
    expect((await send(h, "POST", "/api/registrations/cancel", { token: "A".repeat(43) })).status).toBe(404);
    // The waiting person's link cancels the waiting person, never the confirmed one.
    expect((await send(h, "POST", "/api/registrations/cancel", { token: tokenOf(waitingMail!) })).status).toBe(200);
    const after = await rows(event.id);
    expect(after.find((r) => r.email === "personnelien1@example.sn")?.state).toBe("confirmed");
    expect(after.find((r) => r.email === "personnelien2@example.sn")?.state).toBe("cancelled");
    expect(await send(h, "POST", "/api/registrations/cancel", { token: tokenOf(waitingMail!) })).toMatchObject({ status: 200, json: { message: "Cette inscription était déjà annulée." } });
    // Only the hash is stored.
    const stored = await h.database.db.select({ hash: eventRegistrations.cancelTokenHash }).from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id));
    expect(stored.map((s) => s.hash)).not.toContain(tokenOf(confirmation!));
  });

  it("gives the places left in a short public cache, without any rebuild", async () => {
    const event = await openEvent({ registrationCapacity: 2, registrationQuestion: "Votre organisation ?" });
    const builds = h.builds;
    // A place held for a visitor confirming their address counts as taken.
    await registerAs(event.id, "dispo1");
    const res = await send(h, "GET", `/api/events/${event.id}/availability`);
    expect(res.json).toMatchObject({ open: true, capacity: 2, remaining: 1, waiting: 0, question: "Votre organisation ?" });
    expect(res.headers.get("cache-control")).toBe("public, max-age=10, stale-while-revalidate=30");
    await confirm(await confirmTokenFor("personnedispo1@example.sn"));
    await registerConfirmed(event.id, "dispo2");
    await registerConfirmed(event.id, "dispo3");
    expect((await send(h, "GET", `/api/events/${event.id}/availability`)).json).toMatchObject({ remaining: 0, waiting: 1 });
    expect(h.builds).toBe(builds);
  });

  it("admin: list, CSV for a French spreadsheet, check-in, close early, message to all", async () => {
    const event = await openEvent({ registrationCapacity: 1, registrationQuestion: "Votre organisation ?" });
    await registerConfirmed(event.id, "csv1", { name: "=HYPERLINK(\"x\")", answer: "Institut; Dakar" });
    await registerConfirmed(event.id, "csv2");
    // A visitor still confirming their address is nobody's registrant yet: not listed, not counted, not written to.
    await registerAs(event.id, "csv-attente");
    const list = await send(h, "GET", `/api/admin/events/${event.id}/registrations`, undefined, admin.auth);
    expect(list.json.counts).toEqual({ confirmed: 1, waiting: 1, cancelled: 0, checkedIn: 0, held: 0 });
    expect(list.json.items.map((r: { email: string }) => r.email)).not.toContain("personnecsv-attente@example.sn");
    expect(list.json.items.map((r: { state: string }) => r.state)).toEqual(["confirmed", "waiting"]);
    // The back office's event list carries each event's registered and waiting counts, paged or not.
    const all = await send(h, "GET", "/api/admin/events", undefined, admin.auth);
    expect(all.json.find((e: { _id: string }) => e._id === event.id).registration.counts).toEqual({ confirmed: 1, waiting: 1 });
    const page = await send(h, "GET", `/api/admin/events?page=1&pageSize=100&q=${encodeURIComponent(event.title)}`, undefined, admin.auth);
    expect(page.json.items.find((e: { _id: string }) => e._id === event.id)?.registration.counts).toEqual({ confirmed: 1, waiting: 1 });
    const csv = await h.app.handle(new Request(`http://localhost/api/admin/events/${event.id}/registrations.csv`, { headers: admin.auth }));
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const [header, first] = text.split("\r\n");
    expect(header).toBe("Nom;Courriel;Réponse;Inscrit le;État;Position d'attente;Membre;Présent");
    expect(first).toContain(`"'=HYPERLINK(""x"")";personnecsv1@example.sn;"Institut; Dakar";`);
    expect(first).toContain(";Confirmée;;non;");
    const confirmedId = list.json.items[0]._id;
    const waitingId = list.json.items[1]._id;
    const checked = await send(h, "PUT", `/api/admin/registrations/${confirmedId}/checkin`, { checkedIn: true }, admin.auth);
    expect(checked.json.checkedInAt).toEqual(expect.any(String));
    expect((await send(h, "PUT", `/api/admin/registrations/${waitingId}/checkin`, { checkedIn: true }, admin.auth)).status).toBe(409);
    expect((await send(h, "GET", `/api/admin/events/${event.id}/registrations`, undefined, admin.auth)).json.counts.checkedIn).toBe(1);
    const message = await send(h, "POST", `/api/admin/events/${event.id}/registrations/message`, { subject: "Changement de salle", text: "Rendez-vous salle B." }, admin.auth);
    expect(message.json).toEqual({ count: 2, message: "Message placé dans la file d'envoi pour 2 inscrits." });
    expect((await mails("registration-message")).map((m) => m.subject)).toEqual(["Changement de salle", "Changement de salle"]);
    expect((await send(h, "POST", `/api/admin/events/${event.id}/registrations/close`, undefined, admin.auth)).status).toBe(200);
    expect((await mails("registration-message")).map((m) => m.toAddress)).not.toContain("personnecsv-attente@example.sn");
    expect(await registerAs(event.id, "csv3")).toMatchObject({ status: 409 });
    // Members and visitors never read the list or the export.
    expect((await send(h, "GET", `/api/admin/events/${event.id}/registrations`, undefined, member.auth)).status).toBe(403);
    expect((await send(h, "GET", `/api/admin/events/${event.id}/registrations.csv`)).status).toBe(401);
  });

  it("raising the capacity, then removing it, confirms the first people waiting in order, each mailed once, positions closed up", async () => {
    const event = await openEvent({ registrationCapacity: 2 });
    for (let i = 0; i < 7; i++) await registerConfirmed(event.id, `hausse${i}`);
    const waitingBefore = (await rows(event.id)).filter((r) => r.state === "waiting").sort((a, b) => a.waitingPosition! - b.waitingPosition!);
    expect(waitingBefore).toHaveLength(5);
    const form = { title: event.title, location: "Dakar", startDate: event.startDate.toISOString(), endDate: event.endDate.toISOString() };
    const raise = await send(h, "PUT", `/api/admin/events/${event.id}`, { ...form, registrationCapacity: "4" }, admin.auth);
    expect(raise).toMatchObject({ status: 200, json: { registration: { capacity: 4 } } });
    let after = await rows(event.id);
    const promoted = after.filter((r) => r.state === "confirmed" && waitingBefore.some((w) => w.id === r.id)).map((r) => r.id);
    expect(promoted.sort()).toEqual(waitingBefore.slice(0, 2).map((r) => r.id).sort());
    const left = after.filter((r) => r.state === "waiting").sort((a, b) => a.waitingPosition! - b.waitingPosition!);
    expect(left.map((r) => [r.id, r.waitingPosition])).toEqual(waitingBefore.slice(2).map((r, i) => [r.id, i + 1]));
    expect((await mails("registration-promoted")).map((m) => m.toAddress).sort()).toEqual(waitingBefore.slice(0, 2).map((r) => r.email).sort());
    // Saving the same capacity again promotes nobody and mails nobody again; lowering it cancels nobody.
    await send(h, "PUT", `/api/admin/events/${event.id}`, { ...form, registrationCapacity: "4" }, admin.auth);
    await send(h, "PUT", `/api/admin/events/${event.id}`, { ...form, registrationCapacity: "3" }, admin.auth);
    expect(await mails("registration-promoted")).toHaveLength(2);
    expect((await rows(event.id)).filter((r) => r.state === "confirmed")).toHaveLength(4);
    // No limit any more: everyone left is confirmed, each mailed once, nobody waits.
    await send(h, "PUT", `/api/admin/events/${event.id}`, { ...form, registrationCapacity: "" }, admin.auth);
    after = await rows(event.id);
    expect(after.filter((r) => r.state === "confirmed")).toHaveLength(7);
    expect(after.filter((r) => r.waitingPosition !== null)).toHaveLength(0);
    const promotions = await mails("registration-promoted");
    expect(promotions.map((m) => m.toAddress).sort()).toEqual(waitingBefore.map((r) => r.email).sort());
    expect(new Set(promotions.map((m) => m.toAddress)).size).toBe(5);
    // A newcomer is confirmed as soon as their address is.
    expect((await registerConfirmed(event.id, "hausse-apres")).json.message).toBe("Votre inscription est confirmée. Un courriel de confirmation vous a été envoyé.");
  });

  it("event form: capacity 0 or negative, a closing date after the start get French messages", async () => {
    const base = { title: "Atelier", location: "Dakar", startDate: "2027-03-10T18:00", endDate: "2027-03-10T20:00" };
    const post = (extra: object) => send(h, "POST", "/api/admin/events", { ...base, ...extra }, admin.auth);
    for (const capacity of [0, -3, "0", "abc", 2.5]) {
      expect(await post({ registrationCapacity: capacity })).toMatchObject({ status: 400, json: { message: "La capacité doit être un nombre entier d'au moins 1, ou vide." } });
    }
    expect(await post({ registrationClosesAt: "2027-03-11T09:00" })).toMatchObject({ status: 400, json: { message: "La clôture des inscriptions doit précéder le début de l'événement." } });
    const ok = await post({ registrationOpen: true, registrationCapacity: "30", registrationClosesAt: "2027-03-09T12:00", registrationQuestion: "Une question ?" });
    expect(ok).toMatchObject({ status: 201, json: { registration: { open: true, audience: "everyone", capacity: 30, closesAt: "2027-03-09T12:00:00.000Z", question: "Une question ?" } } });
    // An update that leaves the settings out keeps them; an empty capacity removes the limit.
    const kept = await send(h, "PUT", `/api/admin/events/${ok.json._id}`, base, admin.auth);
    expect(kept.json.registration).toMatchObject({ open: true, capacity: 30 });
    const cleared = await send(h, "PUT", `/api/admin/events/${ok.json._id}`, { ...base, registrationCapacity: "" }, admin.auth);
    expect(cleared.json.registration.capacity).toBeNull();
    expect(await send(h, "PUT", `/api/admin/events/${ok.json._id}`, { ...base, startDate: "2027-03-08T18:00", endDate: "2027-03-08T20:00" }, admin.auth)).toMatchObject({ status: 400 });
    const [stored] = await h.database.db.select().from(events).where(and(eq(events.id, ok.json._id)));
    expect(stored!.startDate.toISOString()).toBe("2027-03-10T18:00:00.000Z");
  });
});

describe("event registration: the limit per client address", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ REGISTRATIONS_PER_HOUR: "3" });
  });
  afterAll(() => h.close());

  it("answers 429 in French past REGISTRATIONS_PER_HOUR from one address, writing nothing; another address still registers", async () => {
    const event = await makeEvent(h.database.db);
    await h.database.db.update(events).set({ registrationOpen: true }).where(eq(events.id, event.id));
    const from = (ip: string, i: number) =>
      h.app.handle(
        new Request(`http://localhost/api/events/${event.id}/registrations`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-client-ip": ip },
          body: JSON.stringify({ name: `Script ${i}`, email: `script${i}@example.sn`, consent: true }),
        }),
      );
    // All at once: the counter is taken before the write, so a burst cannot slip past it.
    const burst = await Promise.all([...Array(6).keys()].map((i) => from("203.0.113.7", i)));
    expect(burst.map((r) => r.status).sort()).toEqual([202, 202, 202, 429, 429, 429]);
    const refused = burst.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({ message: TOO_MANY_REGISTRATIONS });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const written = await h.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id));
    expect(written).toHaveLength(3);
    expect(await h.database.db.select().from(mailOutbox)).toHaveLength(3);
    expect((await from("198.51.100.20", 99)).status).toBe(202);
  });
});
