/**
 * Two processes on one database file register at the same time, then confirm their addresses at the same time
 * (issue 30 §4): SQLite's write lock (BEGIN IMMEDIATE) orders them, so held places, places and waiting positions
 * stay exact across processes, not only within one.
 */
import { writeFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventRegistrations, events, mailOutbox } from "../../../db/schema";
import { makeEvent } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { unmaskedOutbox } from "../mail/test-kit";
import { send } from "../users/test-kit";

/** Starts the other process; `ready` resolves when its burst starts, `done` with its statuses. */
function child(args: string[]) {
  let onReady: () => void;
  const ready = new Promise<void>((r) => (onReady = r));
  const done = new Promise<number[]>((resolve, reject) => {
    const p = spawn(process.execPath, [join(import.meta.dirname, "burst-child.ts"), ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (c) => {
      out += c;
      if (out.includes("ready")) onReady();
    });
    p.on("error", reject);
    p.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`child exited ${code}`))));
  });
  return { ready, done };
}

describe("registrations from two processes", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ PUBLIC_URL: "https://institut.example.sn", REGISTRATIONS_PER_HOUR: "100000" });
  });
  afterAll(() => h.close());

  it("100 + 100 simultaneous registrations for 50 places hold exactly 50; 100 + 100 simultaneous confirmations: 50 confirmed, 150 waiting at 1..150", async () => {
    const event = await makeEvent(h.database.db);
    await h.database.db.update(events).set({ registrationOpen: true, registrationCapacity: 50 }).where(eq(events.id, event.id));
    const other = child([join(h.dir, "test.db"), "register", event.id, "autre", "100"]);
    await other.ready;
    const [theirs, ours] = await Promise.all([
      other.done,
      Promise.all([...Array(100).keys()].map((i) => send(h, "POST", `/api/events/${event.id}/registrations`, { name: `Ici ${i}`, email: `ici${i}@example.sn`, consent: true }))),
    ]);
    expect(theirs).toEqual(Array(100).fill(202));
    expect(ours.map((r) => r.status)).toEqual(Array(100).fill(202));
    const pending = await h.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id));
    expect(pending).toHaveLength(200);
    expect(pending.filter((r) => r.holdsPlace)).toHaveLength(50);

    // Each process confirms the addresses the other one's burst did not register, all at once.
    const links = await unmaskedOutbox(h.database.db, eq(mailOutbox.kind, "registration-confirm"));
    const tokenOf = (prefix: string) => links.filter((m) => m.toAddress.startsWith(prefix)).map((m) => /#token=([A-Za-z0-9_-]{43})/.exec(m.text)![1]!);
    const file = join(h.dir, "tokens.txt");
    writeFileSync(file, tokenOf("autre").join("\n"));
    const confirming = child([join(h.dir, "test.db"), "confirm", file]);
    await confirming.ready;
    const [theirConfirmations, ourConfirmations] = await Promise.all([
      confirming.done,
      Promise.all(tokenOf("ici").map((token) => send(h, "POST", "/api/registrations/confirm", { token }))),
    ]);
    expect(theirConfirmations).toEqual(Array(100).fill(200));
    expect(ourConfirmations.map((r) => r.status)).toEqual(Array(100).fill(200));
    const rows = await h.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id));
    expect(rows).toHaveLength(200);
    expect(rows.filter((r) => r.state === "confirmed")).toHaveLength(50);
    expect(rows.filter((r) => r.state === "waiting").map((r) => r.waitingPosition).sort((a, b) => a! - b!)).toEqual([...Array(150).keys()].map((i) => i + 1));
    // Both processes really wrote.
    expect(rows.some((r) => r.email.startsWith("autre"))).toBe(true);
    expect(rows.some((r) => r.email.startsWith("ici"))).toBe(true);
  }, 120_000);
});
