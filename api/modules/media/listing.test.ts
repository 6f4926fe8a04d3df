import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeMedia, makeTheme } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { person, send, type Person } from "../articles/test-kit";

describe("paged media lists", () => {
  let h: Harness;
  let chef: Person;
  let awa: Person;
  let jean: Person;
  const titles = (json: { items: { title: string }[] }) => json.items.map((m) => m.title);

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    chef = await person(h, "chef", "admin");
    awa = await person(h, "awa");
    jean = await person(h, "jean");
    await makeMedia(db, { title: "Zoom sur Gorée", type: "image", daysAgo: 1 });
    await makeMedia(db, { title: "École de la mer", type: "audio", approved: false, uploadedBy: awa.id, daysAgo: 2 });
    await makeMedia(db, { title: "Œuvres complètes", type: "pdf", uploadedBy: jean.id, daysAgo: 3 });
    await makeMedia(db, { title: "Brouillon de Jean", type: "pdf", approved: false, uploadedBy: jean.id, daysAgo: 4 });
    await makeMedia(db, { title: "Archive retirée", type: "link", online: false, daysAgo: 5 });
  });
  afterAll(() => h.close());

  const admin = async (query: string) => (await send(h, "GET", `/api/admin/media?page=1&${query}`, undefined, chef.auth)).json;

  it("answers the admin one page with its total, sorted in French order and by type or status, both ways", async () => {
    const page = await admin("pageSize=25");
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 25 });
    expect(titles(page)).toEqual(["Zoom sur Gorée", "École de la mer", "Œuvres complètes", "Brouillon de Jean", "Archive retirée"]);
    expect(titles(await admin("sort=title"))).toEqual(["Archive retirée", "Brouillon de Jean", "École de la mer", "Œuvres complètes", "Zoom sur Gorée"]);
    expect(titles(await admin("sort=title&dir=desc"))).toEqual(["Zoom sur Gorée", "Œuvres complètes", "École de la mer", "Brouillon de Jean", "Archive retirée"]);
    expect(titles(await admin("sort=type"))).toEqual(["École de la mer", "Zoom sur Gorée", "Archive retirée", "Œuvres complètes", "Brouillon de Jean"]);
    expect(titles(await admin("sort=status"))).toEqual(["École de la mer", "Brouillon de Jean", "Archive retirée", "Zoom sur Gorée", "Œuvres complètes"]);
  });

  it("filters by status, type and uploader, and finds « École » and « Œuvres » from « ecole » and « oeuv »", async () => {
    expect(titles(await admin("status=pending"))).toEqual(["École de la mer", "Brouillon de Jean"]);
    expect(titles(await admin("type=pdf"))).toEqual(["Œuvres complètes", "Brouillon de Jean"]);
    expect(titles(await admin(`uploader=${jean.id}`))).toEqual(["Œuvres complètes", "Brouillon de Jean"]);
    expect(titles(await admin("q=ecole"))).toEqual(["École de la mer"]);
    expect(titles(await admin("q=oeuv"))).toEqual(["Œuvres complètes"]);
    expect(titles(await admin("q=gor"))).toEqual(["Zoom sur Gorée"]);
    expect(await send(h, "GET", "/api/admin/media?page=1&type=gif", undefined, chef.auth)).toEqual({
      status: 400,
      json: { message: "Type de média inconnu (audio, video, pdf, image, external ou link)." },
    });
  });

  it("keeps the spec's whole array when no page is asked for", async () => {
    const { json } = await send(h, "GET", "/api/admin/media", undefined, chef.auth);
    expect(Array.isArray(json)).toBe(true);
    expect(json).toHaveLength(5);
  });

  it("pages what a member may see: their own uploads in any state and the public media, never another's draft", async () => {
    const member = async (query: string) => (await send(h, "GET", `/api/user/media?page=1&${query}`, undefined, awa.auth)).json;
    expect(titles(await member("sort=title"))).toEqual(["École de la mer", "Œuvres complètes", "Zoom sur Gorée"]);
    expect(titles(await member("mine=1"))).toEqual(["École de la mer"]);
    expect(titles(await member("q=brouillon"))).toEqual([]);
    expect(Array.isArray((await send(h, "GET", "/api/user/media", undefined, awa.auth)).json)).toBe(true);
  });

  it("offers the member's picker exactly the media the article routes let them link (the server checks again on save)", async () => {
    const theme = await makeTheme(h.database.db, "Médiathèque");
    const everything = (await send(h, "GET", "/api/admin/media?page=1&pageSize=100", undefined, chef.auth)).json.items as { _id: string; title: string }[];
    const offered = new Set(((await send(h, "GET", "/api/user/media?page=1&pageSize=100", undefined, awa.auth)).json.items as { _id: string }[]).map((m) => m._id));
    for (const m of everything) {
      const res = await send(h, "POST", "/api/user/articles", { title: `Lien vers ${m.title}`, txt_content: "Un texte.", themes: [theme.id], media: [m._id] }, awa.auth);
      expect(res.status, `${m.title}: ${JSON.stringify(res.json)}`).toBe(offered.has(m._id) ? 200 : 400);
      if (res.status === 400) expect(res.json).toEqual({ message: "Média inconnu ou non disponible." });
    }
    expect(offered.size).toBe(3);
  });

  it("counts a member's view once per media: the public ones plus their own that are not public, whatever the filters", async () => {
    // Jean's own public media is both « public » and « mine »: the total must not count it twice.
    const member = async (query: string) => (await send(h, "GET", `/api/user/media?page=1&${query}`, undefined, jean.auth)).json;
    expect(await member("pageSize=25")).toMatchObject({ total: 3 });
    expect(titles(await member("pageSize=25"))).toEqual(["Zoom sur Gorée", "Œuvres complètes", "Brouillon de Jean"]);
    await makeMedia(h.database.db, { title: "Mon image publique", type: "image", uploadedBy: jean.id, daysAgo: 6 });
    await makeMedia(h.database.db, { title: "Ma vidéo en attente", type: "video", approved: false, uploadedBy: jean.id, daysAgo: 7 });
    expect(await member("pageSize=25")).toMatchObject({ total: 5 });
    expect(await member("type=pdf")).toMatchObject({ total: 2 });
    expect(await member("status=pending")).toMatchObject({ total: 2 });
    expect(await member("q=image")).toMatchObject({ total: 1 });
    expect(await member("mine=1")).toMatchObject({ total: 4 });
    expect((await send(h, "GET", "/api/user/media?page=1", undefined, awa.auth)).json).toMatchObject({ total: 4 });
  });
});
