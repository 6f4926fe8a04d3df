import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeMedia, makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";

describe("public media", () => {
  let h: Harness;
  let urls: Record<string, string>;

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    const u = await makeUser(db, { firstname: "Fatou", name: "Sarr", nickname: "fsarr" });
    const a = await makeMedia(db, { type: "audio", uploadedBy: u.id, daysAgo: 2, title: "Entretien" });
    const v = await makeMedia(db, { type: "video", daysAgo: 1, title: "Conférence" });
    const p = await makeMedia(db, { type: "pdf", approved: false });
    const o = await makeMedia(db, { type: "image", online: false });
    urls = { audio: a.url, video: v.url, pending: p.url, offline: o.url };
  });
  afterAll(() => h.close());

  it("lists only approved and online media, newest first, with the uploader", async () => {
    const { status, json } = await h.call("GET", "/api/public/media");
    expect(status).toBe(200);
    expect(json.map((m: { title: string }) => m.title)).toEqual(["Conférence", "Entretien"]);
    expect(json[1].uploadedBy).toMatchObject({ firstname: "Fatou", name: "Sarr", nickname: "fsarr" });
    expect(json[0].uploadedBy).toBeNull();
  });

  it("returns one public media by url and 404 for hidden ones", async () => {
    expect((await h.call("GET", `/api/public/media/${urls.audio}`)).json.type).toBe("audio");
    for (const url of [urls.pending, urls.offline, "inconnu"]) {
      expect(await h.call("GET", `/api/public/media/${url}`)).toMatchObject({
        status: 404,
        json: { message: "Média non disponible." },
      });
    }
  });
});
