/**
 * Issue 30 §4, event registration as an outsider sees it: the same answer for an address already registered and a
 * new one (no oracle); a visitor's place is confirmed only once the address is, by a mailed link, and a place held
 * meanwhile goes back after 30 minutes on the registrations job (the shared poller's), so made-up addresses cannot
 * take all the places. Through the real app (app.handle) over a real libSQL file; the job run with its own clock.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventRegistrations, events, mailOutbox } from "../../../db/schema";
import { hashSecret } from "../../lib/session";
import { makeEvent } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { unmaskedOutbox } from "../mail/test-kit";
import { send } from "../users/test-kit";
import { createRegistrationJobs } from "./jobs";
import { LAPSED_CONFIRM_LINK, VISITOR_ANSWER } from "./service";

const MINUTE = 60_000;

describe("event registration: no oracle, and places only for confirmed addresses", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ PUBLIC_URL: "https://institut.example.sn", REGISTRATIONS_PER_HOUR: "100000" });
  });
  afterAll(() => h.close());

  const openEvent = async (capacity: number | null) => {
    const event = await makeEvent(h.database.db);
    await h.database.db.update(events).set({ registrationOpen: true, registrationCapacity: capacity }).where(eq(events.id, event.id));
    return event;
  };
  const register = (eventId: string, email: string) => send(h, "POST", `/api/events/${eventId}/registrations`, { name: "Visiteur", email, consent: true });
  const rowOf = async (eventId: string, email: string) =>
    (await h.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId))).find((r) => r.emailKey === email);
  /** The working confirmation link mailed to `email` (read as the SMTP server gets it). */
  const linkFor = async (eventId: string, email: string) => {
    const row = await rowOf(eventId, email);
    for (const m of await unmaskedOutbox(h.database.db, eq(mailOutbox.toAddress, email))) {
      const token = /\/inscription\/confirmer#token=([A-Za-z0-9_-]{43})/.exec(m.text)?.[1];
      if (token && (await hashSecret(token)) === row?.confirmTokenHash) return token;
    }
    throw new Error(`no confirmation link for ${email}`);
  };
  const confirm = (token: string) => send(h, "POST", "/api/registrations/confirm", { token });
  const jobs = (at: number) => createRegistrationJobs({ db: h.database.db, env: h.deps.env, now: () => new Date(at) });
  const availability = async (eventId: string) => (await send(h, "GET", `/api/events/${eventId}/availability`)).json;

  it("answers byte for byte the same for a new, a confirming, a confirmed, a waiting and a cancelled address", async () => {
    const event = await openEvent(1);
    await register(event.id, "confirmee@example.sn");
    await confirm(await linkFor(event.id, "confirmee@example.sn"));
    await register(event.id, "attente@example.sn");
    await confirm(await linkFor(event.id, "attente@example.sn"));
    await register(event.id, "annulee@example.sn");
    await h.database.db.update(eventRegistrations).set({ state: "cancelled", waitingPosition: null }).where(eq(eventRegistrations.emailKey, "annulee@example.sn"));
    await register(event.id, "en-cours@example.sn");
    expect((await rowOf(event.id, "confirmee@example.sn"))?.state).toBe("confirmed");
    expect((await rowOf(event.id, "attente@example.sn"))?.state).toBe("waiting");

    const answers = [];
    for (const email of ["nouvelle@example.sn", "en-cours@example.sn", "confirmee@example.sn", "ATTENTE@example.sn", "annulee@example.sn"]) {
      const res = await h.app.handle(
        new Request(`http://localhost/api/events/${event.id}/registrations`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Quelqu'un", email, consent: true }),
        }),
      );
      answers.push({ status: res.status, body: await res.text(), type: res.headers.get("content-type") });
    }
    expect(answers[0]).toEqual({ status: 202, body: JSON.stringify({ _id: null, state: "pending", position: null, existing: false, message: VISITOR_ANSWER }), type: answers[0]!.type });
    for (const a of answers) expect(a).toEqual(answers[0]);
    // Nothing changed for the people already there; each address was mailed what concerns it.
    expect((await rowOf(event.id, "confirmee@example.sn"))?.state).toBe("confirmed");
    expect((await rowOf(event.id, "attente@example.sn"))).toMatchObject({ state: "waiting", waitingPosition: 1 });
    const kinds = async (email: string) => (await h.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).map((m) => m.kind);
    expect(await kinds("confirmee@example.sn")).toContain("registration-known");
    expect(await kinds("attente@example.sn")).toContain("registration-known");
    expect(await kinds("nouvelle@example.sn")).toEqual(["registration-confirm"]);
  });

  it("holds a place 30 minutes for an address that is not confirmed, then gives it back: made-up addresses cannot take the places", async () => {
    const start = Date.now();
    const event = await openEvent(2);
    // A script fills the event with addresses nobody reads.
    await register(event.id, "faux1@example.invalid");
    await register(event.id, "faux2@example.invalid");
    expect(await availability(event.id)).toMatchObject({ remaining: 0, waiting: 0 });
    // A real person comes meanwhile: the event looks full, they confirm and wait.
    await register(event.id, "vraie@example.sn");
    expect((await confirm(await linkFor(event.id, "vraie@example.sn"))).json.message).toBe(
      "L'événement est complet\u00a0: vous êtes en position 1 sur la liste d'attente. Un courriel vous le confirme.",
    );
    expect(await h.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id))).toHaveLength(3);

    const states = async () =>
      (await h.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id))).map((r) => [r.emailKey, r.state]).sort();
    // Before the 30 minutes, the job leaves the holds alone.
    await jobs(start + 29 * MINUTE).runOnce();
    expect(await states()).toEqual([["faux1@example.invalid", "pending"], ["faux2@example.invalid", "pending"], ["vraie@example.sn", "waiting"]]);
    // After them, the unconfirmed addresses are gone and their places go to the person waiting, who is mailed.
    expect((await jobs(start + 31 * MINUTE).runOnce()).promoted).toBeGreaterThanOrEqual(1);
    expect(await states()).toEqual([["vraie@example.sn", "confirmed"]]);
    expect((await h.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "vraie@example.sn"))).map((m) => m.kind)).toContain("registration-promoted");
    expect(await availability(event.id)).toMatchObject({ remaining: 1, waiting: 0 });
    // Running again finds nothing more.
    expect(await jobs(start + 32 * MINUTE).runOnce()).toMatchObject({ released: 0, promoted: 0 });
  });

  it("counts a held place as free once its 30 minutes are over, even before the job has run", async () => {
    const event = await openEvent(1);
    await register(event.id, "oubli@example.sn");
    const row = await rowOf(event.id, "oubli@example.sn");
    expect(row).toMatchObject({ state: "pending", holdsPlace: true });
    await h.database.db.update(eventRegistrations).set({ pendingUntil: new Date(Date.now() - 1000) }).where(eq(eventRegistrations.id, row!.id));
    expect(await availability(event.id)).toMatchObject({ remaining: 1 });
    // Its link says so, in French, and confirms nothing.
    const token = await linkFor(event.id, "oubli@example.sn");
    expect(await confirm(token)).toMatchObject({ status: 409, json: { message: LAPSED_CONFIRM_LINK } });
    expect((await rowOf(event.id, "oubli@example.sn"))?.state).toBe("pending");
    // The person registers again: a fresh link and a fresh hold.
    expect((await register(event.id, "oubli@example.sn")).status).toBe(202);
    expect(await rowOf(event.id, "oubli@example.sn")).toMatchObject({ state: "pending", holdsPlace: true });
    expect((await confirm(await linkFor(event.id, "oubli@example.sn"))).status).toBe(200);
    expect((await rowOf(event.id, "oubli@example.sn"))?.state).toBe("confirmed");
  });

  it("confirms once: the link pressed again answers where the person stands, a forged one is refused", async () => {
    const event = await openEvent(null);
    await register(event.id, "deux-fois@example.sn");
    const token = await linkFor(event.id, "deux-fois@example.sn");
    expect(await confirm(token)).toMatchObject({ status: 200, json: { message: "Votre inscription est confirmée. Un courriel de confirmation vous a été envoyé.", event: { title: event.title } } });
    expect(await confirm(token)).toMatchObject({ status: 200, json: { message: "Cette adresse est déjà inscrite à cet événement." } });
    expect((await h.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "registration-confirmed"))).filter((m) => m.toAddress === "deux-fois@example.sn")).toHaveLength(1);
    expect((await confirm("A".repeat(43))).status).toBe(404);
    expect((await confirm("court")).status).toBe(400);
  });
});
