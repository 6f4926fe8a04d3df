/**
 * The registration mails as a real SMTP server receives them (delivery driven by runOnce(), as in
 * api/modules/mail/delivery.test.ts): the confirmation with its .ics and the cancel link, the waiting position,
 * the promotion; then the reminder (once, across reruns) and the deletion of old registrants' data.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, eventRegistrations, events, mailOutbox } from "../../../db/schema";
import { dakarMoment } from "../../../shared/dakar-time";
import { makeEvent } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { startSmtpServer, type TestSmtpServer } from "../../testing/smtp-server";
import { createMailDelivery } from "../mail/delivery";
import { unmaskedOutbox } from "../mail/test-kit";
import { createSmtpTransport, type MailTransport } from "../mail/transport";
import { send } from "../users/test-kit";
import { createRegistrationJobs } from "./jobs";

/** The lines of an iCalendar file, unfolded (RFC 5545 §3.1), checked to end in CRLF. */
function icsLines(text: string): string[] {
  expect(text.endsWith("\r\n")).toBe(true);
  expect(/[^\r]\n/.test(text)).toBe(false);
  return text.replace(/\r\n /g, "").split("\r\n").filter(Boolean);
}

describe("registration mails through a real SMTP server", () => {
  let h: Harness;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  const deliver = (now = () => new Date()) => createMailDelivery({ db: h.database.db, transport, now }).runOnce();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await createHarness({ SMTP_URL: smtp.url, PUBLIC_URL: "https://institut.example.sn", MAIL_FROM: "L'Institut <contact@institut.example.sn>", REGISTRATION_RETENTION_DAYS: "30" });
    transport = createSmtpTransport(smtp.url);
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await h.database.db.delete(mailOutbox);
    await h.database.db.delete(eventRegistrations);
  });
  afterAll(async () => {
    transport.close();
    await smtp.stop();
    h.close();
  });

  const openEvent = async (capacity: number | null, startDaysFromNow = 10) => {
    const event = await makeEvent(h.database.db, { title: "Conférence : l'eau, bien commun", startDaysFromNow });
    await h.database.db.update(events).set({ registrationOpen: true, registrationCapacity: capacity, location: "Gorée, salle 1" }).where(eq(events.id, event.id));
    return (await h.database.db.select().from(events).where(eq(events.id, event.id)))[0]!;
  };
  /**
   * A visitor registers and follows the link of the mail that confirms their address (issue 30 §4; that mail is
   * read at the SMTP server in the first test), which leaves the outbox here so the tests count the others.
   */
  const register = async (eventId: string, who: string) => {
    expect((await send(h, "POST", `/api/events/${eventId}/registrations`, { name: `Awa ${who}`, email: `${who}@example.sn`, consent: true })).status).toBe(202);
    const confirmMail = and(eq(mailOutbox.kind, "registration-confirm"), eq(mailOutbox.toAddress, `${who}@example.sn`));
    const [mail] = await unmaskedOutbox(h.database.db, confirmMail);
    await h.database.db.delete(mailOutbox).where(confirmMail);
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1];
    expect((await send(h, "POST", "/api/registrations/confirm", { token })).status).toBe(200);
  };

  it("confirms a visitor's address by a mailed link valid 30 minutes, with a place held meanwhile, or the waiting list when full", async () => {
    const event = await openEvent(1);
    await send(h, "POST", `/api/events/${event.id}/registrations`, { name: "Awa Tôt", email: "tot@example.sn", consent: true });
    await send(h, "POST", `/api/events/${event.id}/registrations`, { name: "Awa Tard", email: "tard@example.sn", consent: true });
    expect(await deliver()).toMatchObject({ sent: 2 });
    const held = smtp.received.find((m) => m.envelope.to[0] === "tot@example.sn")!;
    expect(held.parsed.subject).toBe("Confirmez votre inscription\u00a0: Conférence : l'eau, bien commun");
    expect(held.parsed.text).toContain("Une place vous est réservée pendant 30 minutes");
    expect(held.parsed.text).toMatch(/Confirmer mon inscription\u00a0: https:\/\/institut\.example\.sn\/inscription\/confirmer#token=[A-Za-z0-9_-]{43}/);
    expect(held.parsed.text).toContain("Ce lien est valable 30 minutes");
    expect(held.parsed.attachments).toHaveLength(0);
    const full = smtp.received.find((m) => m.envelope.to[0] === "tard@example.sn")!;
    expect(full.parsed.text).toContain("L'événement est complet\u00a0: en confirmant, vous rejoindrez la liste d'attente.");
  });

  it("confirms with the event as a valid .ics and a personal cancel link; tells the next one their position; promotes them with one mail", async () => {
    const event = await openEvent(1);
    await register(event.id, "premiere");
    await register(event.id, "seconde");
    expect(await deliver()).toMatchObject({ sent: 2 });
    const confirmation = smtp.received.find((m) => m.envelope.to[0] === "premiere@example.sn")!;
    expect(confirmation.parsed.subject).toBe("Inscription confirmée\u00a0: Conférence : l'eau, bien commun");
    // The time as the site writes it (« 18 h 30 », Dakar time), the machine format only in the .ics.
    expect(confirmation.parsed.text).toContain(`, le ${dakarMoment(event.startDate, "full")}, Gorée, salle 1.`);
    expect(confirmation.parsed.text).not.toMatch(/\d:\d\d/);
    const link = /https:\/\/institut\.example\.sn\/inscription\/annuler#token=([A-Za-z0-9_-]{43})/.exec(confirmation.parsed.text ?? "");
    expect(link).not.toBeNull();
    const [ics] = confirmation.parsed.attachments;
    expect(ics).toMatchObject({ filename: "evenement.ics", contentType: "text/calendar" });
    const lines = icsLines(ics!.content.toString("utf8"));
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines).toContain(`UID:${event.id}@institut.example.sn`);
    expect(lines).toContain(`DTSTART;TZID=Africa/Dakar:${event.startDate.toISOString().replace(/[-:]/g, "").slice(0, 15)}`);
    expect(lines).toContain("SUMMARY:Conférence : l'eau\\, bien commun");
    expect(lines).toContain("LOCATION:Gorée\\, salle 1");
    expect(lines.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);

    const waiting = smtp.received.find((m) => m.envelope.to[0] === "seconde@example.sn")!;
    expect(waiting.parsed.subject).toBe("Liste d'attente\u00a0: Conférence : l'eau, bien commun");
    expect(waiting.parsed.text).toContain("Vous êtes en position 1 sur la liste d'attente");
    expect(waiting.parsed.attachments).toHaveLength(0);

    smtp.received.length = 0;
    expect((await send(h, "POST", "/api/registrations/cancel", { token: link![1] })).status).toBe(200);
    // A second cancellation of the same link promotes nobody else and mails nobody again.
    await send(h, "POST", "/api/registrations/cancel", { token: link![1] });
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(smtp.received.map((m) => [m.envelope.to[0], m.parsed.subject])).toEqual([["seconde@example.sn", "Une place s'est libérée\u00a0: Conférence : l'eau, bien commun"]]);
    expect(smtp.received[0]!.parsed.attachments[0]!.filename).toBe("evenement.ics");
  });

  it("sends the reminder the day before, once, even when the job runs again or restarts", async () => {
    const event = await openEvent(null, 3);
    await register(event.id, "rappel");
    await deliver();
    smtp.received.length = 0;
    const at = (ms: number) => () => new Date(ms);
    const dayBefore = event.startDate.getTime() - 23 * 3_600_000;
    expect((await createRegistrationJobs({ db: h.database.db, env: h.deps.env, now: at(event.startDate.getTime() - 26 * 3_600_000) }).runOnce()).reminders).toBe(0);
    expect((await createRegistrationJobs({ db: h.database.db, env: h.deps.env, now: at(dayBefore) }).runOnce()).reminders).toBe(1);
    // A "restarted" job (a new instance) finds the reminder recorded.
    expect((await createRegistrationJobs({ db: h.database.db, env: h.deps.env, now: at(dayBefore + 60_000) }).runOnce()).reminders).toBe(0);
    expect(await deliver(at(dayBefore + 120_000))).toMatchObject({ sent: 1 });
    expect(smtp.received[0]!.parsed.subject).toBe("Rappel\u00a0: Conférence : l'eau, bien commun, demain");
  });

  it("deletes registrants' data REGISTRATION_RETENTION_DAYS after the event, and journals it", async () => {
    const event = await openEvent(null, 3);
    await register(event.id, "ancien1");
    await register(event.id, "ancien2");
    const end = event.endDate.getTime();
    const jobs = (ms: number) => createRegistrationJobs({ db: h.database.db, env: h.deps.env, now: () => new Date(ms) });
    expect((await jobs(end + 29 * 86_400_000).runOnce()).deleted).toBe(0);
    expect((await jobs(end + 30 * 86_400_000 + 1000).runOnce()).deleted).toBe(2);
    expect(await h.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id))).toHaveLength(0);
    const [entry] = await h.database.db.select().from(auditLog).where(eq(auditLog.itemId, event.id));
    expect(entry).toMatchObject({ actor: "Système", action: "purge", summary: "Conférence : l'eau, bien commun\u00a0: données de 2 inscriptions supprimées, 30 jours après l'événement." });
  });
});
