/**
 * At the door (issue 33 §3) through the real app (app.handle) over a real libSQL file: « Ajouter sur place »
 * takes a place within the capacity and is refused in French when the event is full; « Annuler l'inscription » by
 * an admin frees the place for the first person waiting and tells the person, whose mail a real SMTP server
 * receives from the delivery worker. Admins only.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newId } from "../../../db/ids";
import { eventRegistrations, events, mailOutbox, type RegistrationState } from "../../../db/schema";
import { makeEvent } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { startSmtpServer, type TestSmtpServer } from "../../testing/smtp-server";
import { createMailDelivery } from "../mail/delivery";
import { createSmtpTransport, type MailTransport } from "../mail/transport";
import { newToken } from "../password-reset/tokens";
import { person, send, type Person } from "../users/test-kit";
import { createRegistrationJobs } from "./jobs";

describe("at the door: walk-ins and cancellations by an admin", () => {
  let h: Harness;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let admin: Person;
  let member: Person;
  const deliver = () => createMailDelivery({ db: h.database.db, transport }).runOnce();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await createHarness({ SMTP_URL: smtp.url, PUBLIC_URL: "https://institut.example.sn", MAIL_FROM: "L'Institut <contact@institut.example.sn>" });
    transport = createSmtpTransport(smtp.url);
    admin = await person(h, "admin-porte", "admin");
    member = await person(h, "membre-porte");
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await h.database.db.delete(mailOutbox);
  });
  afterAll(async () => {
    transport.close();
    await smtp.stop();
    h.close();
  });

  const eventWith = async (capacity: number | null, settings: Partial<typeof events.$inferInsert> = {}) => {
    const event = await makeEvent(h.database.db, { title: "Conférence : l'eau, bien commun" });
    await h.database.db.update(events).set({ registrationOpen: true, registrationCapacity: capacity, location: "Gorée, salle 1", ...settings }).where(eq(events.id, event.id));
    return event;
  };
  /** Someone who registered earlier (written as the registration service writes them: the public flow is not under test here). */
  const registrant = async (
    eventId: string,
    who: string,
    state: RegistrationState = "confirmed",
    waitingPosition: number | null = null,
    pending: Pick<typeof eventRegistrations.$inferInsert, "pendingUntil" | "holdsPlace" | "confirmTokenHash"> = {},
  ) => {
    const id = newId();
    const now = new Date();
    const email = `${who}@example.sn`;
    const { hash } = await newToken();
    await h.database.db.insert(eventRegistrations).values({ id, eventId, name: `Awa ${who}`, email, emailKey: email, state, waitingPosition, cancelTokenHash: hash, createdAt: now, updatedAt: now, ...pending });
    return id;
  };
  /** A visitor who asked and has not confirmed their address yet, with a place held for them until `until`. */
  const holding = async (eventId: string, who: string, until: Date) =>
    registrant(eventId, who, "pending", null, { pendingUntil: until, holdsPlace: true, confirmTokenHash: (await newToken()).hash });
  const walkIn = (eventId: string, body: object, who: Person | null = admin) => send(h, "POST", `/api/admin/events/${eventId}/registrations/walk-in`, body, who?.auth);
  const cancel = (id: string, who: Person | null = admin) => send(h, "POST", `/api/admin/registrations/${id}/cancel`, undefined, who?.auth);
  const listOf = async (eventId: string) => (await send(h, "GET", `/api/admin/events/${eventId}/registrations`, undefined, admin.auth)).json;
  const rowsOf = (eventId: string) => h.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));

  it("adds walk-ins, with or without an e-mail, confirmed and present, counted within the capacity, and refuses one more in French when full", async () => {
    const event = await eventWith(3);
    await registrant(event.id, "inscrite");
    const first = await walkIn(event.id, { name: "  Moussa Diop  " });
    expect(first).toMatchObject({ status: 201, json: { name: "Moussa Diop", message: "Moussa Diop\u00a0: ajout sur place enregistré, présence pointée." } });
    const second = await walkIn(event.id, { name: "Fatou Sarr", email: "Fatou.Sarr@example.sn" });
    expect(second.status).toBe(201);

    const list = await listOf(event.id);
    expect(list.counts).toEqual({ confirmed: 3, waiting: 0, cancelled: 0, checkedIn: 2, held: 0 });
    const added = list.items.filter((r: { _id: string }) => [first.json._id, second.json._id].includes(r._id));
    expect(added.map((r: { name: string; email: string; state: string; checkedInAt: string | null }) => [r.name, r.email, r.state, r.checkedInAt !== null])).toEqual([
      ["Moussa Diop", "", "confirmed", true],
      ["Fatou Sarr", "Fatou.Sarr@example.sn", "confirmed", true],
    ]);

    // Full: the fourth person is refused, nothing is written.
    const refused = await walkIn(event.id, { name: "Ousmane Ba" });
    expect(refused).toMatchObject({ status: 409, json: { message: "L'événement est complet (3 places)\u00a0: impossible d'ajouter une personne sur place." } });
    expect(await rowsOf(event.id)).toHaveLength(3);
    // Nobody at the door is mailed, now or the day before.
    expect(await h.database.db.select().from(mailOutbox)).toHaveLength(0);
    const dayBefore = () => new Date(event.startDate.getTime() - 3_600_000);
    expect((await createRegistrationJobs({ db: h.database.db, env: h.deps.env, now: dayBefore }).runOnce()).reminders).toBe(1);
    expect((await h.database.db.select().from(mailOutbox)).map((m) => m.toAddress)).toEqual(["inscrite@example.sn"]);
  });

  it("takes a walk-in when registration is closed or unlimited, refuses an address already registered, and a missing name or a bad address in French", async () => {
    const closed = await eventWith(null, { registrationOpen: false });
    expect((await walkIn(closed.id, { name: "Aminata Fall" })).status).toBe(201);
    const id = await registrant(closed.id, "deja");
    expect(await walkIn(closed.id, { name: "Autre nom", email: "DEJA@example.sn" })).toMatchObject({
      status: 409,
      json: { message: "Cette adresse est déjà inscrite (Awa deja)\u00a0: cherchez la personne dans la liste pour la pointer." },
    });
    expect(await walkIn(closed.id, { name: "   " })).toMatchObject({ status: 400, json: { message: "Le nom est obligatoire (200 caractères au plus)." } });
    expect(await walkIn(closed.id, { name: "A", email: "pas-une-adresse" })).toMatchObject({ status: 400, json: { message: "L'adresse e-mail n'est pas valide." } });
    // Someone who cancelled and comes anyway gets their row back, present.
    expect((await cancel(id)).status).toBe(200);
    const back = await walkIn(closed.id, { name: "Awa deja", email: "deja@example.sn" });
    expect(back).toMatchObject({ status: 201, json: { _id: id } });
    expect((await listOf(closed.id)).counts).toEqual({ confirmed: 2, waiting: 0, cancelled: 0, checkedIn: 2, held: 0 });
    // A walk-in without an address is left out of a message to all (there is nobody to write to).
    const message = await send(h, "POST", `/api/admin/events/${closed.id}/registrations/message`, { subject: "Salle", text: "Salle B." }, admin.auth);
    expect(message.json.count).toBe(1);
  });

  it("cancels a registration, mails the person, gives the place to the first one waiting; a second cancellation mails nobody", async () => {
    const event = await eventWith(1);
    const awa = await registrant(event.id, "annulee");
    const next = await registrant(event.id, "suivante", "waiting", 1);
    const answer = await cancel(awa);
    expect(answer).toMatchObject({ status: 200, json: { _id: awa, mailed: true, message: "Inscription de Awa annulee annulée. Un courriel l'en informe." } });
    const list = await listOf(event.id);
    expect(list.items.map((r: { _id: string; state: string }) => [r._id, r.state])).toEqual([
      [next, "confirmed"],
      [awa, "cancelled"],
    ]);

    expect(await deliver()).toMatchObject({ sent: 2 });
    const told = smtp.received.find((m) => m.envelope.to[0] === "annulee@example.sn");
    expect(told?.parsed.subject).toBe("Inscription annulée\u00a0: Conférence : l'eau, bien commun");
    expect(told?.parsed.text).toContain("Les organisateurs ont annulé votre inscription à «\u00a0Conférence : l'eau, bien commun\u00a0»");
    expect(told?.parsed.html).toContain("Votre inscription est annulée");
    const promoted = smtp.received.find((m) => m.envelope.to[0] === "suivante@example.sn");
    expect(promoted?.parsed.subject).toBe("Une place s'est libérée\u00a0: Conférence : l'eau, bien commun");

    smtp.received.length = 0;
    expect(await cancel(awa)).toMatchObject({ status: 200, json: { mailed: false, message: "Cette inscription était déjà annulée." } });
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it("counts the places held for visitors confirming by mail as taken; the visitor themself, at the door, takes the place held for them", async () => {
    const event = await eventWith(2);
    await registrant(event.id, "assise");
    const pendingId = await holding(event.id, "en-route", new Date(Date.now() + 20 * 60_000));
    expect((await listOf(event.id)).counts).toEqual({ confirmed: 1, waiting: 0, cancelled: 0, checkedIn: 0, held: 1 });
    expect(await walkIn(event.id, { name: "Ousmane Ba" })).toMatchObject({ status: 409, json: { message: "L'événement est complet (2 places)\u00a0: impossible d'ajouter une personne sur place." } });

    const arrived = await walkIn(event.id, { name: "Awa en-route", email: "En-Route@example.sn" });
    expect(arrived).toMatchObject({ status: 201, json: { _id: pendingId } });
    const [row] = (await rowsOf(event.id)).filter((r) => r.id === pendingId);
    expect(row).toMatchObject({ state: "confirmed", holdsPlace: false, pendingUntil: null, confirmTokenHash: null });
    expect(row!.checkedInAt).not.toBeNull();
    expect((await listOf(event.id)).counts).toEqual({ confirmed: 2, waiting: 0, cancelled: 0, checkedIn: 1, held: 0 });
    expect(await h.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("gives a place freed by a lapsed hold to the first person waiting before a walk-in, and sends back someone waiting who walks in", async () => {
    const event = await eventWith(1);
    const lapsed = await holding(event.id, "trop-tard", new Date(Date.now() - 60_000));
    const next = await registrant(event.id, "patiente", "waiting", 1);
    expect(await walkIn(event.id, { name: "Ousmane Ba" })).toMatchObject({ status: 409, json: { message: "L'événement est complet (1 place)\u00a0: impossible d'ajouter une personne sur place." } });
    const rows = await rowsOf(event.id);
    expect(rows.map((r) => [r.id, r.state, r.waitingPosition]).sort()).toEqual([[lapsed, "pending", null], [next, "confirmed", null]].sort());
    expect((await h.database.db.select().from(mailOutbox)).map((m) => [m.kind, m.toAddress])).toEqual([["registration-promoted", "patiente@example.sn"]]);

    const other = await eventWith(1);
    await registrant(other.id, "premiere");
    await registrant(other.id, "deuxieme", "waiting", 1);
    expect(await walkIn(other.id, { name: "Awa deuxieme", email: "deuxieme@example.sn" })).toMatchObject({
      status: 409,
      json: { message: "Cette adresse est sur la liste d'attente (Awa deuxieme, position 1)\u00a0: aucune place ne s'est libérée pour elle." },
    });
  });

  it("does not cancel, nor mail, an address still waiting for its confirmation by mail (nobody's registration yet)", async () => {
    const event = await eventWith(3);
    const pendingId = await holding(event.id, "inconnue", new Date(Date.now() + 20 * 60_000));
    expect(await cancel(pendingId)).toMatchObject({ status: 404, json: { message: "Inscription introuvable." } });
    expect((await rowsOf(event.id)).map((r) => r.state)).toEqual(["pending"]);
    expect(await h.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("cancels a walk-in who left no address without mailing anyone", async () => {
    const event = await eventWith(5);
    const added = await walkIn(event.id, { name: "Ibrahima Ndiaye" });
    expect(await cancel(added.json._id)).toMatchObject({ status: 200, json: { mailed: false, message: "Inscription de Ibrahima Ndiaye annulée." } });
    expect(await h.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("lets only admins add at the door or cancel: a member and a visitor are refused and change nothing", async () => {
    const event = await eventWith(5);
    const id = await registrant(event.id, "protegee");
    expect((await walkIn(event.id, { name: "Intrus" }, member)).status).toBe(403);
    expect((await walkIn(event.id, { name: "Intrus" }, null)).status).toBe(401);
    expect((await cancel(id, member)).status).toBe(403);
    expect((await cancel(id, null)).status).toBe(401);
    expect((await rowsOf(event.id)).map((r) => [r.id, r.state])).toEqual([[id, "confirmed"]]);
    expect(await h.database.db.select().from(mailOutbox)).toHaveLength(0);
    // An unknown event or registration is a French 404.
    expect(await walkIn("inconnu", { name: "Personne" })).toMatchObject({ status: 404, json: { message: "Événement introuvable." } });
    expect(await cancel("inconnue")).toMatchObject({ status: 404, json: { message: "Inscription introuvable." } });
  });
});
