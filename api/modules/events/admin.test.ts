import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeEvent, makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { audiences, formData, person, send, type Person } from "../users/test-kit";
import { parseEventDate } from "../schedule/publish-at";

describe("event administration", () => {
  let h: Harness;
  let admin: Person;
  let member: Person;
  let themeId: string;

  const form = (o: Record<string, string | string[]> = {}) => ({
    title: "Conférence à Gorée",
    location: "Maison des esclaves, Gorée",
    startDate: "2026-03-14T18:00",
    endDate: "2026-03-14T20:30",
    txt_content: "Une soirée d'échanges.",
    html_content: '<p>Une soirée <strong>d\'échanges</strong>.</p><script>alert(1)</script>',
    keywords: JSON.stringify(["histoire", " mémoire "]),
    organizers: [admin.id, member.id],
    themes: [themeId],
    ...o,
  });

  beforeAll(async () => {
    h = await createHarness();
    admin = await person(h, "chef", "admin");
    member = await person(h, "orga");
    themeId = (await makeTheme(h.database.db, "Histoire")).id;
  });
  afterAll(() => h.close());

  it("is for admins only: 401 anonymous, 403 member", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/events"],
      ["POST", "/api/admin/events"],
      ["PUT", "/api/admin/events/x"],
      ["PUT", "/api/admin/events/x/online"],
      ["DELETE", "/api/admin/events/x"],
    ] as const) {
      expect(await audiences(h, member, method, path, { title: "x" }), `${method} ${path}`).toEqual({ anonymous: 401, member: 403 });
    }
  });

  it("creates an event from the spec's multipart form: online by default, HTML cleaned, public, rebuild asked", async () => {
    const changes = h.changes;
    const { status, json } = await send(h, "POST", "/api/admin/events", formData(form()), admin.auth);
    expect(status).toBe(201);
    expect(json).toMatchObject({
      title: "Conférence à Gorée",
      url: "conference-a-goree",
      online: true,
      startDate: "2026-03-14T18:00:00.000Z",
      endDate: "2026-03-14T20:30:00.000Z",
      keywords: ["histoire", "mémoire"],
      themes: [{ _id: themeId, name: "Histoire" }],
    });
    expect(json.html_content).not.toContain("script");
    expect(json.organizers.map((o: { nickname: string }) => o.nickname).sort()).toEqual(["chef", "orga"]);
    expect(h.changes).toBe(changes + 1);
    expect((await send(h, "GET", `/api/public/event/${json.url}`)).status).toBe(200);
    const again = await send(h, "POST", "/api/admin/events", form(), admin.auth);
    expect(again.json.url).toBe("conference-a-goree-2");
  });

  it("requires title, location and both dates, and refuses an end before the start, in French", async () => {
    const cases: [Record<string, string>, string | RegExp][] = [
      [{ title: "  " }, "Le titre est obligatoire (200 caractères au plus)."],
      [{ location: "" }, "Le lieu est obligatoire (200 caractères au plus)."],
      [{ startDate: "" }, "La date de début est obligatoire."],
      [{ endDate: "demain" }, "La date de fin n'est pas valide."],
      [{ startDate: "2026-02-30T10:00" }, "La date de début n'est pas valide."],
      [{ endDate: "2026-03-14T17:59" }, "La date de fin doit être postérieure à la date de début."],
      [{ online: "peut-être" }, "L'état «\u00a0en ligne\u00a0» doit valoir true ou false."],
    ];
    for (const [change, message] of cases) {
      const r = await send(h, "POST", "/api/admin/events", formData(form(change)), admin.auth);
      expect(r, JSON.stringify(change)).toMatchObject({ status: 400, json: { message } });
    }
    const ghost = await send(h, "POST", "/api/admin/events", formData(form({ organizers: ["ffffffffffffffffffffffff"] })), admin.auth);
    expect(ghost).toMatchObject({ status: 400, json: { message: "Un des organisateurs choisis n'existe plus." } });
  });

  it("accepts an event ending when it starts, and creates an offline one when asked", async () => {
    const r = await send(h, "POST", "/api/admin/events", { ...form({ endDate: "2026-03-14T18:00", online: "false" }), title: "Instantané" }, admin.auth);
    expect(r.status).toBe(201);
    expect(r.json.online).toBe(false);
    expect((await send(h, "GET", `/api/public/event/${r.json.url}`)).status).toBe(404);
  });

  it("updates an event as a whole (an empty selection clears), keeping its url", async () => {
    const created = (await send(h, "POST", "/api/admin/events", formData(form({ title: "À modifier" })), admin.auth)).json;
    const r = await send(h, "PUT", `/api/admin/events/${created._id}`, formData({ ...form({ title: "Modifié" }), organizers: [], themes: [] }), admin.auth);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ title: "Modifié", url: created.url, organizers: [], themes: [], online: true });
    const unknown = await send(h, "PUT", "/api/admin/events/ffffffffffffffffffffffff", formData(form()), admin.auth);
    expect(unknown).toMatchObject({ status: 404, json: { message: "Événement introuvable." } });
  });

  it("toggles online and answers the new value, listing offline events for admins", async () => {
    const event = await makeEvent(h.database.db, { title: "Bascule" });
    const off = await send(h, "PUT", `/api/admin/events/${event.id}/online`, undefined, admin.auth);
    expect(off).toMatchObject({ status: 200, json: { _id: event.id, online: false } });
    const list = await send(h, "GET", "/api/admin/events", undefined, admin.auth);
    expect(list.json.find((e: { _id: string }) => e._id === event.id)?.online).toBe(false);
    expect((await send(h, "PUT", `/api/admin/events/${event.id}/online`, undefined, admin.auth)).json.online).toBe(true);
  });

  it("deletes an event", async () => {
    const event = await makeEvent(h.database.db, { title: "À supprimer" });
    const r = await send(h, "DELETE", `/api/admin/events/${event.id}`, undefined, admin.auth);
    expect(r).toMatchObject({ status: 200, json: { message: "Événement supprimé.", title: "À supprimer" } });
    expect((await send(h, "DELETE", `/api/admin/events/${event.id}`, undefined, admin.auth)).status).toBe(404);
  });
});

describe("event dates", () => {
  it("reads dates without a zone as Dakar time (UTC) and keeps an explicit zone", () => {
    expect(parseEventDate("2026-06-01", "x").toISOString()).toBe("2026-06-01T00:00:00.000Z");
    expect(parseEventDate("2026-06-01T09:30", "x").toISOString()).toBe("2026-06-01T09:30:00.000Z");
    expect(parseEventDate("2026-06-01T09:30:00+02:00", "x").toISOString()).toBe("2026-06-01T07:30:00.000Z");
    expect(() => parseEventDate("01/06/2026", "invalide")).toThrow("invalide");
  });
});
