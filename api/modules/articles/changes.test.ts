/**
 * The change feed (issue 31 §1): the triggers of migration 0029 record every write in its own transaction, and
 * GET /api/public/articles/changes names the articles whose public data those writes may have changed; the build
 * then reads only those through GET /api/public/articles/full?ids=, which must give the very objects of the whole
 * list (scripts/partial-build.test.ts checks the pages built that way against a full build).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, eventOrganizers, events, eventThemes, media, themes, users } from "../../../db/schema";
import { makeArticle, makeEvent, makeMedia, makeTheme, makeUser } from "../../testing/factory";
import { FEED_KEEP_MS, pruneChangeFeed } from "./changes";
import { createHarness, type Harness } from "../../testing/harness";

describe("the change feed of the public articles", () => {
  let h: Harness;
  const ids = {} as Record<"awa" | "moussa" | "eco" | "clip" | "a1" | "a2" | "a3" | "event", string>;

  const latest = async () => (await h.call("GET", "/api/public/articles/changes")).json.latest as number;
  const since = async (seq: number) => {
    const res = await h.call("GET", `/api/public/articles/changes?since=${seq}`);
    expect(res.status).toBe(200);
    return res.json as { latest: number; articles: string[] | null; media: string[] | null; events: string[] | null };
  };
  /** The articles a write touches, as the build would see them right after it. */
  const touchedBy = async (write: () => Promise<unknown>) => {
    const before = await latest();
    await write();
    const feed = await since(before);
    expect(feed.latest).toBeGreaterThanOrEqual(before);
    return feed.articles;
  };

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    const awa = await makeUser(db, { nickname: "awa", firstname: "Awa", name: "Ndiaye" });
    const moussa = await makeUser(db, { nickname: "moussa", firstname: "Moussa", name: "Diop" });
    const eco = await makeTheme(db, "Économie");
    const clip = await makeMedia(db, { type: "video", uploadedBy: moussa.id, title: "Entretien filmé" });
    const a1 = await makeArticle(db, { title: "La pêche à Gorée", authors: [awa.id], themes: [eco.id] });
    const a2 = await makeArticle(db, { title: "Les budgets participatifs", authors: [moussa.id], media: [clip.id] });
    const a3 = await makeArticle(db, { title: "Un brouillon", authors: [awa.id], approved: false });
    const event = await makeEvent(db, { title: "Rencontre au port", organizers: [awa.id] });
    Object.assign(ids, { awa: awa.id, moussa: moussa.id, eco: eco.id, clip: clip.id, a1: a1.id, a2: a2.id, a3: a3.id, event: event.id });
  });
  afterAll(() => h.close());

  it("names an article whose row changed, and nothing when nothing changed", async () => {
    const db = h.database.db;
    expect(await touchedBy(() => db.update(articles).set({ title: "La pêche artisanale" }).where(eq(articles.id, ids.a1)))).toEqual([ids.a1]);
    expect(await touchedBy(async () => {})).toEqual([]);
    // A draft's change is named too: the build finds it is not public and leaves it out.
    expect(await touchedBy(() => db.update(articles).set({ title: "Toujours un brouillon" }).where(eq(articles.id, ids.a3)))).toEqual([ids.a3]);
  });

  it("names the articles a member signed or whose media they uploaded, those of a theme, those showing a media", async () => {
    const db = h.database.db;
    expect(await touchedBy(() => db.update(users).set({ name: "Ndiaye-Sow" }).where(eq(users.id, ids.awa)))).toEqual([ids.a1, ids.a3].sort());
    // Moussa signed a2 and uploaded the video it shows.
    expect(await touchedBy(() => db.update(users).set({ firstname: "Moussa B." }).where(eq(users.id, ids.moussa)))).toEqual([ids.a2]);
    expect(await touchedBy(() => db.update(themes).set({ name: "Économie bleue" }).where(eq(themes.id, ids.eco)))).toEqual([ids.a1]);
    expect(await touchedBy(() => db.update(media).set({ title: "Entretien" }).where(eq(media.id, ids.clip)))).toEqual([ids.a2]);
    // An event is not part of any article.
    expect(await touchedBy(() => db.update(events).set({ title: "Rencontre à l'anse" }).where(eq(events.id, ids.event)))).toEqual([]);
  });

  it("names the article of a new or removed link, and a new article", async () => {
    const db = h.database.db;
    const theme = await makeTheme(db, "Océan");
    let made = "";
    expect(
      await touchedBy(async () => {
        made = (await makeArticle(db, { title: "Un article tout neuf", authors: [ids.moussa], themes: [theme.id] })).id;
      }),
    ).toEqual([made]);
    // Removing the theme removes its links (a foreign-key action fires the links' triggers).
    expect(await touchedBy(() => db.delete(themes).where(eq(themes.id, theme.id)))).toEqual([made]);
  });

  it("names the media and the events a write touched: their rows, links, uploader, organizers and themes", async () => {
    const db = h.database.db;
    const feedOf = async (write: () => Promise<unknown>) => {
      const before = await latest();
      await write();
      const { media, events } = await since(before);
      return { media, events };
    };
    expect(await feedOf(() => db.update(media).set({ description: "Un entretien" }).where(eq(media.id, ids.clip)))).toEqual({ media: [ids.clip], events: [] });
    expect(await feedOf(() => db.update(events).set({ location: "Le port" }).where(eq(events.id, ids.event)))).toEqual({ media: [], events: [ids.event] });
    // Moussa uploaded the video; Awa organizes the event.
    expect(await feedOf(() => db.update(users).set({ name: "Diop-Fall" }).where(eq(users.id, ids.moussa)))).toEqual({ media: [ids.clip], events: [] });
    expect(await feedOf(() => db.update(users).set({ firstname: "Awa K." }).where(eq(users.id, ids.awa)))).toEqual({ media: [], events: [ids.event] });
    // An organizer or a theme added to the event (link rows), a theme renamed.
    expect(await feedOf(() => db.insert(eventOrganizers).values({ eventId: ids.event, userId: ids.moussa }))).toEqual({ media: [], events: [ids.event] });
    expect(await feedOf(() => db.insert(eventThemes).values({ eventId: ids.event, themeId: ids.eco }))).toEqual({ media: [], events: [ids.event] });
    expect(await feedOf(() => db.update(themes).set({ name: "Économie océane" }).where(eq(themes.id, ids.eco)))).toEqual({ media: [], events: [ids.event] });
    // A new event and a new media are named; so is a deleted one.
    let made = "";
    expect(await feedOf(async () => void (made = (await makeEvent(db, { title: "Atelier" })).id))).toEqual({ media: [], events: [made] });
    expect(await feedOf(() => db.delete(events).where(eq(events.id, made)))).toEqual({ media: [], events: [made] });
    expect(await feedOf(async () => void (made = (await makeMedia(db, { title: "Photo du quai" })).id))).toEqual({ media: [made], events: [] });
  });

  it("reads media and events by id as the whole lists give them, public ones only", async () => {
    const db = h.database.db;
    const hidden = await makeMedia(db, { title: "Pas encore approuvé", approved: false });
    for (const [list, path, named] of [
      ["/api/public/media", "/api/public/media-by-ids", [ids.clip, hidden.id]],
      ["/api/public/events", "/api/public/events-by-ids", [ids.event]],
    ] as const) {
      const all = (await h.call("GET", list)).json as { _id: string }[];
      const res = await h.call("GET", `${path}?ids=${named.join(",")}`);
      expect(res.status, path).toBe(200);
      // Public ones only: the media waiting for approval is not in the answer.
      expect(res.json).toEqual(all.filter((x) => (named as readonly string[]).includes(x._id)));
      expect(res.json).toHaveLength(1);
      expect((await h.call("GET", `${path}?ids=`)).json).toEqual([]);
      const bad = await h.call("GET", `${path}?ids=a;b`);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.json)).toContain("Indiquez au plus 200 identifiants");
    }
  });

  it("asks for a full read when the number is from another database or too many articles changed", async () => {
    const now = await latest();
    expect(await since(now + 1000)).toEqual({ latest: now, articles: null, media: null, events: null });
    expect((await h.call("GET", "/api/public/articles/changes")).json.articles).toBeNull();
    const bad = await h.call("GET", "/api/public/articles/changes?since=-3");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain("Indiquez un numéro de changement");
  });

  it("reads articles by id as the same objects the whole list gives, public ones only", async () => {
    const all = (await h.call("GET", "/api/public/articles/full")).json as { _id: string }[];
    const some = await h.call("GET", `/api/public/articles/full?ids=${ids.a2},${ids.a3},${ids.a1}`);
    expect(some.status).toBe(200);
    const byId = new Map(all.map((a) => [a._id, a]));
    expect(some.json).toHaveLength(2);
    for (const a of some.json as { _id: string }[]) expect(a).toEqual(byId.get(a._id));
    expect((some.json as { _id: string }[]).map((a) => a._id).sort()).toEqual([ids.a1, ids.a2].sort());
    expect(JSON.stringify((some.json as { _id: string; media: unknown[] }[]).find((a) => a._id === ids.a2)!.media)).toContain(ids.clip);
    expect((await h.call("GET", "/api/public/articles/full?ids=")).json).toEqual([]);
    const bad = await h.call("GET", "/api/public/articles/full?ids=a;b");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain("identifiants d’articles");
  });

  it("reads summaries by id as the whole list gives them, public ones only", async () => {
    const all = (await h.call("GET", "/api/public/articles")).json as { _id: string }[];
    const res = await h.call("GET", `/api/public/articles/summaries?ids=${ids.a3},${ids.a2}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(all.filter((a) => a._id === ids.a2));
    expect((await h.call("GET", "/api/public/articles/summaries?ids=")).json).toEqual([]);
    expect((await h.call("GET", "/api/public/articles/summaries")).status).toBe(400);
  });

  it("prunes rows older than a week but the newest, and sends a reader from before them to a full read", async () => {
    const db = h.database.db;
    const before = await latest();
    await db.update(articles).set({ title: "Encore un titre" }).where(eq(articles.id, ids.a1));
    const now = await latest();
    expect((await since(before)).articles).toEqual([ids.a1]);
    // Nothing is that old yet.
    expect(await pruneChangeFeed(db)).toBe(0);
    // A week and a minute later, everything but the newest row goes.
    const gone = await pruneChangeFeed(db, new Date(Date.now() + FEED_KEEP_MS + 60_000));
    expect(gone).toBe(now - 1);
    expect(await latest()).toBe(now);
    expect((await since(now)).articles).toEqual([]);
    expect((await since(now - 1)).articles).toEqual([ids.a1]);
    // A reader from before the oldest row kept: the rows it needs are gone, it must read everything.
    expect(before).toBe(now - 1);
    expect((await since(before - 1)).articles).toBeNull();
    // The sequence goes on from there.
    await db.update(articles).set({ title: "Un titre de plus" }).where(eq(articles.id, ids.a2));
    expect(await since(now)).toEqual({ latest: now + 1, articles: [ids.a2], media: [], events: [] });
  });
});
