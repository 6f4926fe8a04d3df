import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, events } from "../../../db/schema";
import type { Change } from "../../lib/change";
import { makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { person, send, type Person } from "../articles/test-kit";
import { runScheduledPublication } from "./worker";

/** A Dakar date-time (UTC+0) `minutes` from now, as the datetime-local field sends it, and that instant. */
function inMinutes(minutes: number) {
  const at = new Date(Math.ceil((Date.now() + minutes * 60_000) / 60_000) * 60_000);
  return { field: at.toISOString().slice(0, 16), at };
}

/** Issue 20 §5: « Publier le » / « Mettre en ligne le », run by the server with an injected clock. */
describe("scheduled publication", () => {
  let h: Harness;
  let awa: Person;
  let chef: Person;
  let eco: { id: string };
  const changes: Change[] = [];
  const run = (now: Date) => runScheduledPublication(h.database.db, (c) => changes.push(c), now);
  const body = (extra: object = {}) => ({ title: "La pêche à Kayar", txt_content: "Premier texte.", html_content: "<p>Premier texte.</p>", themes: [eco.id], ...extra });
  const journal = async (id: string) => h.database.db.select().from(auditLog).where(and(eq(auditLog.itemId, id), eq(auditLog.actor, "publication programmée")));

  beforeAll(async () => {
    h = await createHarness();
    awa = await person(h, "awa");
    chef = await person(h, "chef", "admin");
    eco = await makeTheme(h.database.db, "Économie");
  });
  afterAll(() => h.close());

  it("approves a pending article at its minute, once, with a rebuild and a journal entry", async () => {
    const created = (await send(h, "POST", "/api/user/articles", body(), awa.auth)).json;
    const when = inMinutes(2);
    const scheduled = await send(h, "PUT", `/api/admin/articles/${created._id}/approve`, { approved: true, publishAt: when.field }, chef.auth);
    expect(scheduled.status).toBe(200);
    expect(scheduled.json).toMatchObject({ approved: false });
    expect(scheduled.json.message).toMatch(/^Publication programmée le \d+ \S+ \d{4} à \d{1,2}\u00a0h\u00a0\d\d\.$/);
    expect((await send(h, "GET", `/api/admin/articles/${created._id}`, undefined, chef.auth)).json.publishAt).toBe(when.at.toISOString());
    const ids = async (status: string) => (await send(h, "GET", `/api/admin/articles?page=1&status=${status}`, undefined, chef.auth)).json.items.map((a: { _id: string }) => a._id);
    expect(await ids("scheduled")).toContain(created._id);
    expect(await ids("pending")).not.toContain(created._id);

    // A minute before: nothing.
    expect((await run(new Date(when.at.getTime() - 60_000))).articles).toEqual([]);
    expect((await send(h, "GET", `/api/public/article/${created.url}`)).status).toBe(404);
    // At the minute: published, one rebuild asked for, journaled.
    changes.length = 0;
    expect((await run(when.at)).articles.map((a) => a.id)).toEqual([created._id]);
    expect(changes).toEqual([{ kind: "article", id: created._id }]);
    expect((await send(h, "GET", `/api/public/article/${created.url}`)).json).toMatchObject({ title: "La pêche à Kayar", publishAt: null });
    expect(await journal(created._id)).toHaveLength(1);
    // Again (a second process, a restart): nothing more.
    changes.length = 0;
    expect((await run(new Date(when.at.getTime() + 60_000))).articles).toEqual([]);
    expect(changes).toEqual([]);
    expect(await journal(created._id)).toHaveLength(1);
  });

  it("never publishes twice when two rounds race", async () => {
    const created = (await send(h, "POST", "/api/user/articles", body({ title: "Deux rondes" }), awa.auth)).json;
    const when = inMinutes(5);
    await send(h, "PUT", `/api/admin/articles/${created._id}/approve`, { approved: true, publishAt: when.field }, chef.auth);
    const [a, b] = await Promise.all([run(when.at), run(when.at)]);
    expect(a.articles.length + b.articles.length).toBe(1);
    expect(await journal(created._id)).toHaveLength(1);
  });

  it("publishes an admin's scheduled edit of a published article at its minute; the public page keeps the old text until then", async () => {
    const created = (await send(h, "POST", "/api/admin/articles", body({ title: "Publié" }), chef.auth)).json;
    const when = inMinutes(10);
    const edit = await send(h, "PUT", `/api/admin/articles/${created._id}`, body({ title: "Publié", txt_content: "Texte prévu.", html_content: "<p>Texte prévu.</p>", publishAt: when.field }), chef.auth);
    expect(edit.json).toMatchObject({ pendingEdit: true, publishAt: when.at.toISOString(), html_content: "<p>Texte prévu.</p>" });
    expect((await send(h, "GET", `/api/public/article/${created.url}`)).json.html_content).toBe("<p>Premier texte.</p>");
    // A later save by an admin that does not touch « Publier le » keeps the schedule.
    const again = await send(h, "PUT", `/api/admin/articles/${created._id}`, body({ title: "Publié", txt_content: "Texte prévu.", html_content: "<p>Texte prévu.</p>", version: edit.json.version }), chef.auth);
    expect(again.json).toMatchObject({ pendingEdit: true, publishAt: when.at.toISOString() });
    expect((await send(h, "GET", `/api/public/article/${created.url}`)).json.html_content).toBe("<p>Premier texte.</p>");
    await run(when.at);
    expect((await send(h, "GET", `/api/public/article/${created.url}`)).json).toMatchObject({ html_content: "<p>Texte prévu.</p>", pendingEdit: false });
  });

  it("refuses a past minute, a draft and a member's schedule; a member's edit cancels a schedule", async () => {
    const created = (await send(h, "POST", "/api/user/articles", body({ title: "Refus" }), awa.auth)).json;
    const past = await send(h, "PUT", `/api/admin/articles/${created._id}/approve`, { approved: true, publishAt: "2020-01-01T10:00" }, chef.auth);
    expect(past).toEqual({ status: 400, json: { message: "La date de publication doit être dans le futur." } });
    expect((await send(h, "PUT", `/api/admin/articles/${created._id}/approve`, { approved: true, publishAt: "demain" }, chef.auth)).status).toBe(400);
    const draft = (await send(h, "POST", "/api/user/articles", body({ title: "Brouillon", draft: true }), awa.auth)).json;
    expect((await send(h, "PUT", `/api/admin/articles/${draft._id}/approve`, { approved: true, publishAt: inMinutes(3).field }, chef.auth)).status).toBe(409);
    expect((await send(h, "PUT", `/api/user/articles/${created._id}`, body({ publishAt: inMinutes(3).field }), awa.auth)).status).toBe(400);

    await send(h, "PUT", `/api/admin/articles/${created._id}/approve`, { approved: true, publishAt: inMinutes(3).field }, chef.auth);
    await send(h, "PUT", `/api/user/articles/${created._id}`, body({ title: "Refus", txt_content: "Changé après la programmation." }), awa.auth);
    expect((await send(h, "GET", `/api/admin/articles/${created._id}`, undefined, chef.auth)).json.publishAt).toBe(null);
  });

  it("puts a scheduled event online at its minute (« Mettre en ligne le »)", async () => {
    const when = inMinutes(4);
    const ev = { title: "Conférence sur la pêche", location: "Dakar", startDate: "2027-03-01T10:00", endDate: "2027-03-01T12:00", publishAt: when.field };
    const created = await send(h, "POST", "/api/admin/events", ev, chef.auth);
    expect(created.json).toMatchObject({ online: false, publishAt: when.at.toISOString() });
    const ids = async () => (await send(h, "GET", "/api/admin/events?page=1&status=scheduled", undefined, chef.auth)).json.items.map((e: { _id: string }) => e._id);
    expect(await ids()).toEqual([created.json._id]);
    expect((await send(h, "POST", "/api/admin/events", { ...ev, publishAt: "2020-01-01T00:00" }, chef.auth)).json).toEqual({ message: "La date de mise en ligne doit être dans le futur." });
    changes.length = 0;
    const [a, b] = await Promise.all([run(when.at), run(when.at)]);
    expect(a.events.length + b.events.length).toBe(1);
    expect(changes).toEqual([{ kind: "event", id: created.json._id }]);
    const [row] = await h.database.db.select().from(events).where(eq(events.id, created.json._id));
    expect(row).toMatchObject({ online: true, publishAt: null });
    expect(await journal(created.json._id)).toHaveLength(1);
    expect(await ids()).toEqual([]);
  });
});
