import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeEvent, makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";

describe("public events", () => {
  let h: Harness;
  let urls: Record<string, string>;

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    const u = await makeUser(db, { nickname: "orga" });
    const past = await makeEvent(db, { title: "Passé", startDaysFromNow: -30 });
    const next = await makeEvent(db, { title: "À venir", startDaysFromNow: 10, organizers: [u.id] });
    const off = await makeEvent(db, { title: "Retiré", online: false });
    urls = { past: past.url, next: next.url, off: off.url };
  });
  afterAll(() => h.close());

  it("lists online events only, latest start first, with organizers", async () => {
    const { json } = await h.call("GET", "/api/public/events");
    expect(Array.isArray(json)).toBe(true);
    expect(json.map((e: { title: string }) => e.title)).toEqual(["À venir", "Passé"]);
    expect(json[0].organizers.map((o: { nickname: string }) => o.nickname)).toEqual(["orga"]);
    expect(Date.parse(json[0].endDate)).toBeGreaterThan(Date.parse(json[0].startDate));
  });

  it("returns one event and 404 for an offline or unknown one", async () => {
    expect((await h.call("GET", `/api/public/event/${urls.next}`)).json.title).toBe("À venir");
    expect(await h.call("GET", `/api/public/event/${urls.off}`)).toMatchObject({
      status: 404,
      json: { message: "Événement non disponible." },
    });
  });
});
