import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { audienceCounts, media } from "../../../db/schema";
import { makeArticle, makeMedia } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { audiences, person, send, type Person } from "../users/test-kit";
import { HitCounter } from "./counter";
import { flushTally } from "./flush";
import { AudienceTally } from "./tally";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const IPAD = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The clock of the processes under test: 2026-11-28 at 10:00 UTC, moved by the tests. */
let clock = Date.parse("2026-11-28T10:00:00Z");
const now = () => clock;

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Request {
  return new Request(`http://institut.test${path}`, { method, headers: { host: "institut.test", ...headers } });
}

describe("readership counting and « Audience »", () => {
  let h: Harness;
  let admin: Person;
  let author: Person;
  let other: Person;
  let tally: AudienceTally;
  /** Two serving processes (a primary and a static worker) sharing the primary's salts. */
  let primary: HitCounter;
  let worker: HitCounter;
  let mine: { url: string };
  let theirs: { url: string };

  const hit = (c: HitCounter, path: string, ua: string | null, ip = "203.0.113.7", extra: Record<string, string> = {}, status = 200, method = "GET") =>
    c.record(get(path, { ...(ua ? { "user-agent": ua } : {}), ...extra }, method), path, status, ip);
  const report = async (period = "7d") => (await send(h, "GET", `/api/admin/audience?period=${period}`, undefined, admin.auth)).json;
  const flush = () => flushTally(h.database.db, tally, new Date(clock));

  beforeAll(async () => {
    h = await createHarness();
    // The routes read today from the same clock as the counting processes.
    h.deps.now = () => new Date(clock);
    admin = await person(h, "chef", "admin");
    author = await person(h, "autrice");
    other = await person(h, "autre");
    mine = await makeArticle(h.database.db, { title: "Mon article", authors: [author.id] });
    theirs = await makeArticle(h.database.db, { title: "Son article", authors: [other.id] });
  });
  afterAll(() => h.close());

  beforeEach(async () => {
    clock = Date.parse("2026-11-28T10:00:00Z");
    await h.database.db.delete(audienceCounts);
    tally = new AudienceTally(now);
    primary = new HitCounter((x) => tally.add(x), now);
    worker = new HitCounter((x) => tally.add(x), now);
    primary.setSalts(tally.currentSalts());
    worker.setSalts(tally.currentSalts());
  });

  it("counts a visitor once per page per day, whichever process served them", async () => {
    const page = `/article/${mine.url}`;
    hit(primary, page, CHROME);
    hit(primary, page, CHROME);
    hit(worker, page, CHROME);
    hit(worker, `${page}.html`, CHROME);
    hit(primary, "/", CHROME);
    await flush();
    const r = await report();
    expect(r.totals).toEqual({ visits: 1, views: 2, downloads: 0, feeds: 0 });
    expect(r.articles).toEqual([{ path: page, title: "Mon article", count: 1 }]);
    expect(r.series.at(-1)).toEqual({ key: "2026-11-28", visits: 1, views: 2 });
  });

  it("tells visitors apart by address and by user agent, and classes their devices", async () => {
    hit(primary, "/", CHROME, "203.0.113.7");
    hit(primary, "/", CHROME, "203.0.113.8");
    hit(worker, "/", IPHONE, "203.0.113.7");
    hit(worker, "/", IPAD, "203.0.113.7");
    await flush();
    const r = await report();
    expect(r.totals.visits).toBe(4);
    expect(r.pages).toEqual([{ path: "/", title: null, count: 4 }]);
    expect(r.devices).toEqual([
      { device: "mobile", count: 1 },
      { device: "tablet", count: 1 },
      { device: "desktop", count: 2 },
    ]);
  });

  it("leaves out robots, prefetches, HEAD, errors and redirects, assets and the apps' screens", async () => {
    hit(primary, "/", GOOGLEBOT);
    hit(primary, "/", null);
    hit(primary, "/", "curl/8.5.0");
    hit(primary, "/", CHROME, "198.51.100.1", { "sec-purpose": "prefetch" });
    hit(primary, "/", CHROME, "198.51.100.2", { "sec-purpose": "prefetch;prerender" });
    hit(primary, "/", CHROME, "198.51.100.3", { purpose: "prefetch" });
    hit(primary, "/", CHROME, "198.51.100.4", {}, 200, "HEAD");
    hit(primary, "/", CHROME, "198.51.100.5", {}, 301);
    hit(primary, "/nulle-part", CHROME, "198.51.100.6", {}, 404);
    for (const asset of ["/_astro/index.abc123.css", "/favicon.svg", "/uploads/article_pics/x.webp", "/_apps/admin.js", "/sitemap.xml", "/robots.txt"]) {
      hit(primary, asset, CHROME, "198.51.100.7");
    }
    for (const screen of ["/admin/dashboard", "/user/dashboard", "/login", "/recherche"]) hit(primary, screen, CHROME, "198.51.100.8");
    await flush();
    const r = await report();
    expect(r.totals).toEqual({ visits: 0, views: 0, downloads: 0, feeds: 0 });
    expect(await h.database.db.select().from(audienceCounts)).toEqual([]);
  });

  it("counts a page read again from the browser's cache (304), but a media file only when sent whole", async () => {
    hit(primary, "/articles", CHROME, "198.51.100.9", {}, 304);
    hit(primary, "/uploads/media/conference.mp3", CHROME, "198.51.100.9", {}, 304);
    hit(primary, "/uploads/media/conference.mp3", CHROME, "198.51.100.9", {}, 206);
    await flush();
    const r = await report();
    expect(r.totals).toEqual({ visits: 1, views: 1, downloads: 0, feeds: 0 });
  });

  it("counts media library downloads and feeds apart from pages", async () => {
    const m = await makeMedia(h.database.db, { title: "Conférence sonore", type: "audio" });
    await h.database.db.update(media).set({ path: "/uploads/media/conference.mp3" }).where(eq(media.id, m.id));
    const row = { path: "/uploads/media/conference.mp3" };
    hit(primary, row!.path, CHROME);
    hit(worker, row!.path, CHROME);
    hit(primary, row!.path, IPHONE);
    hit(primary, "/rss.xml", "Feedly/1.0 (+http://www.feedly.com/fetcher.html)");
    hit(primary, "/rss/economie.xml", CHROME);
    await flush();
    const r = await report();
    expect(r.totals).toEqual({ visits: 0, views: 0, downloads: 2, feeds: 2 });
    expect(r.downloads).toEqual([{ path: row!.path, title: "Conférence sonore", count: 2 }]);
    expect(r.feeds.map((f: { path: string }) => f.path).sort()).toEqual(["/rss.xml", "/rss/economie.xml"]);
  });

  it("keeps only the referring site's host, and not this site's own", async () => {
    hit(primary, "/", CHROME, "192.0.2.1", { referer: "https://www.google.com/search?q=institut+dakar" });
    hit(primary, "/articles", CHROME, "192.0.2.2", { referer: "https://news.example.org/un/chemin/prive?token=abc" });
    hit(primary, "/about", CHROME, "192.0.2.2", { referer: "http://institut.test/articles" });
    await flush();
    const r = await report();
    expect(r.referrers).toEqual([
      { host: "google.com", count: 1 },
      { host: "news.example.org", count: 1 },
    ]);
    const keys = (await h.database.db.select().from(audienceCounts)).map((c) => c.key).join(" ");
    expect(keys).not.toContain("token");
    expect(keys).not.toContain("search");
  });

  it("stores only daily sums: no address, user agent or visitor hash reaches the database", async () => {
    hit(primary, "/", CHROME, "203.0.113.99", { referer: "https://example.net/" });
    await flush();
    const rows = await h.database.db.select().from(audienceCounts);
    expect(rows.map((r) => `${r.day} ${r.dimension} ${r.key} ${r.count}`).sort()).toEqual([
      "2026-11-28 device desktop 1",
      "2026-11-28 page / 1",
      "2026-11-28 referrer example.net 1",
      "2026-11-28 visitors  1",
    ]);
  });

  it("counts the same visitor again the next day, under a new salt", async () => {
    const saltsBefore = tally.currentSalts();
    hit(primary, "/", CHROME);
    clock += 24 * 3600_000;
    // The flush's tick turns the salts and sends them to every process.
    expect(tally.rotate()).toBe(true);
    const saltsAfter = tally.currentSalts();
    expect(saltsAfter["2026-11-28"]).toBeUndefined();
    expect(saltsAfter["2026-11-29"]).toBe(saltsBefore["2026-11-29"]);
    expect(Object.keys(saltsAfter).sort()).toEqual(["2026-11-29", "2026-11-30"]);
    primary.setSalts(saltsAfter);
    hit(primary, "/", CHROME);
    hit(primary, "/", CHROME);
    await flush();
    const r = await report();
    expect(r.series.slice(-2)).toEqual([
      { key: "2026-11-28", visits: 1, views: 1 },
      { key: "2026-11-29", visits: 1, views: 1 },
    ]);
  });

  it("drops a hit that no counter would make (it may come from a worker over IPC)", async () => {
    const good = { day: "2026-11-28", visitor: "0123456789abcdef", kind: "page", path: "/", referrer: null, device: "desktop" } as const;
    for (const bad of [
      { ...good, kind: "visitors" },
      { ...good, device: "console" },
      { ...good, referrer: 42 },
      { ...good, path: undefined },
      { ...good, visitor: "court" },
      { ...good, day: "2020-01-01" },
    ])
      tally.add(bad as never);
    tally.add(good);
    await flush();
    const rows = await h.database.db.select().from(audienceCounts);
    expect(rows.map((r) => `${r.day} ${r.dimension} ${r.key} ${r.count}`).sort()).toEqual([
      "2026-11-28 device desktop 1",
      "2026-11-28 page / 1",
      "2026-11-28 visitors  1",
    ]);
  });

  it("counts nothing for a day whose salt has not arrived, rather than counting it unsalted", async () => {
    const lone = new HitCounter((x) => tally.add(x), now);
    hit(lone, "/", CHROME);
    await flush();
    expect((await report()).totals.views).toBe(0);
  });

  it("adds each flush to the counters and keeps the sums of a failed flush for the next one", async () => {
    hit(primary, "/", CHROME, "10.0.0.1");
    await flush();
    // A restart: a new tally (new salts), the same database; the counters add up.
    tally = new AudienceTally(now);
    primary = new HitCounter((x) => tally.add(x), now);
    primary.setSalts(tally.currentSalts());
    hit(primary, "/", CHROME, "10.0.0.2");
    const rows = tally.take();
    tally.putBack(rows);
    await flush();
    expect((await report()).pages).toEqual([{ path: "/", title: null, count: 2 }]);
  });

  it("deletes daily counters past 400 days, once a day", async () => {
    await h.database.db.insert(audienceCounts).values([
      { day: "2025-10-23", dimension: "page", key: "/", count: 5 },
      { day: "2025-10-24", dimension: "page", key: "/", count: 7 },
    ]);
    await flush();
    expect((await h.database.db.select().from(audienceCounts)).map((r) => r.day)).toEqual(["2025-10-24"]);
  });

  it("reads 12 months by month, and refuses an unknown period in French", async () => {
    hit(primary, "/", CHROME);
    await flush();
    const r = await report("12m");
    expect(r.series).toHaveLength(12);
    expect(r.series[0].key).toBe("2025-12");
    expect(r.series.at(-1)).toEqual({ key: "2026-11", visits: 1, views: 1 });
    const bad = await send(h, "GET", "/api/admin/audience?period=5y", undefined, admin.auth);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("Période inconnue");
  });

  it("is for admins only, the CSV too", async () => {
    expect(await audiences(h, author, "GET", "/api/admin/audience")).toEqual({ anonymous: 401, member: 403 });
    expect(await audiences(h, author, "GET", "/api/admin/audience/export")).toEqual({ anonymous: 401, member: 403 });
    expect((await send(h, "GET", "/api/user/audience", undefined, {})).status).toBe(401);
  });

  it("exports every counter of the period as a French CSV", async () => {
    hit(primary, `/article/${mine.url}`, CHROME, "10.0.0.1", { referer: "https://cmd.example.com/chemin?q=1" });
    hit(primary, `/article/${mine.url}`, IPHONE, "10.0.0.1");
    await flush();
    const res = await h.app.handle(new Request("http://localhost/api/admin/audience/export?period=7d", { headers: admin.auth }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="audience-7d-2026-11-28.csv"');
    const text = await res.text();
    expect(text.startsWith("\uFEFFRubrique;Date ou adresse;Titre;Nombre\r\n")).toBe(true);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines).toContain("Visites;2026-11-28;;2");
    expect(lines).toContain("Pages vues;2026-11-28;;2");
    expect(lines).toContain(`Page;/article/${mine.url};Mon article;2`);
    expect(lines).toContain("Site référent;cmd.example.com;;1");
    expect(lines).toContain("Appareil;Mobile;;1");
    expect(lines).toContain("Appareil;Ordinateur;;1");
    expect(lines).toContain("Visites;2026-11-22;;0");
  });

  it("shows an author their own articles' figures only", async () => {
    hit(primary, `/article/${mine.url}`, CHROME, "10.0.0.1");
    hit(worker, `/article/${mine.url}`, IPHONE, "10.0.0.2");
    hit(primary, `/article/${theirs.url}`, CHROME, "10.0.0.1");
    hit(primary, `/article/${theirs.url}`, IPHONE, "10.0.0.3");
    hit(primary, `/article/${theirs.url}`, IPAD, "10.0.0.3");
    await flush();
    const { status, json } = await send(h, "GET", "/api/user/audience?period=7d", undefined, author.auth);
    expect(status).toBe(200);
    expect(json.total).toBe(2);
    expect(json.articles).toEqual([{ path: `/article/${mine.url}`, title: "Mon article", count: 2 }]);
    expect(json.series.at(-1)).toEqual({ key: "2026-11-28", views: 2 });
    const others = await send(h, "GET", "/api/user/audience?period=7d", undefined, other.auth);
    expect(others.json.articles).toEqual([{ path: `/article/${theirs.url}`, title: "Son article", count: 3 }]);
    // The query names a period and nothing else: no way to ask for someone else's figures.
    const sneaky = await send(h, "GET", `/api/user/audience?period=7d&userId=${other.id}`, undefined, author.auth);
    expect(sneaky.status).toBe(400);
  });
});
