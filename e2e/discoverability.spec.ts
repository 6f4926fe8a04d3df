import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { OLDER_ARTICLES } from "../db/seed/data/articles-older";
import { RECENT_ARTICLES } from "../db/seed/data/articles-recent";
import { FEED_ITEMS } from "../site/src/lib/rss";
import { readSitemap } from "../site/src/lib/sitemap";
import { E2E_PORT } from "./global-setup";

/** Feeds, calendar, sitemap, metadata and search, checked against the public API the site is built from. */

// The origin the server was configured with (PUBLIC_URL, or its default), as api/env.ts derives it.
const ORIGIN = (process.env.PUBLIC_URL || `http://localhost:${E2E_PORT}`).replace(/\/+$/, "");

type Person = { firstname: string; name: string; nickname: string };
type ArticleSummary = { _id: string; title: string; url: string; articlePic: string | null; authors: Person[]; themes: { name: string; url: string }[] };
type PublicEvent = { _id: string; title: string; url: string; startDate: string };

/** Demo articles that must never be public: awaiting approval or offline. */
const HIDDEN_TITLES = [...RECENT_ARTICLES, ...OLDER_ARTICLES]
  .filter((a) => a.approved === false || a.online === false)
  .map((a) => a.title);

const getJson = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
};

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "");

type FeedItem = { title: string; guid: string; link: string; creators: string[]; categories: string[] };

/** Parses an RSS document with the browser's XML parser (a malformed feed fails here). */
async function parseRss(page: Page, xml: string): Promise<FeedItem[]> {
  await page.goto("about:blank");
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "application/xml");
    if (doc.getElementsByTagName("parsererror").length) throw new Error("the feed is not well-formed XML");
    const text = (el: Element, tag: string) => el.getElementsByTagName(tag)[0]?.textContent ?? "";
    return [...doc.getElementsByTagName("item")].map((item) => ({
      title: text(item, "title"),
      guid: text(item, "guid"),
      link: text(item, "link"),
      creators: [...item.getElementsByTagNameNS("http://purl.org/dc/elements/1.1/", "creator")].map((e) => e.textContent ?? ""),
      categories: [...item.getElementsByTagName("category")].map((e) => e.textContent ?? ""),
    }));
  }, xml);
}

/** Unfolds an iCalendar text (RFC 5545 §3.1) into logical lines. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean);

function expectValidIcsLines(ics: string) {
  expect(ics.endsWith("\r\n")).toBe(true);
  expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/); // every line ends with CRLF, no bare LF or CR
  for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
}

const dakarStamp = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "");

/**
 * These journeys compare the static site with the API. A journey before them may have published something whose
 * build is still running (the API has it, the site not yet): each starts once the site is built, seen idle twice.
 */
test.beforeEach(async ({ request }) => {
  const deadline = Date.now() + 60_000;
  let idle = 0;
  while (idle < 2 && Date.now() < deadline) {
    const health = (await (await request.get("/api/health")).json()) as { site: { building: boolean } };
    idle = health.site.building ? 0 : idle + 1;
    if (idle < 2) await new Promise((r) => setTimeout(r, 250));
  }
});

test.describe("feeds, calendar and sitemap", () => {
  test("the RSS feed lists the latest published articles, newest first, with their authors and themes, and nothing pending", async ({ page, request }) => {
    // The API lists articles newest first; a feed keeps the first FEED_ITEMS (the demo has fewer).
    const articles = (await getJson<ArticleSummary[]>(request, "/api/public/articles")).slice(0, FEED_ITEMS);
    const res = await request.get("/rss.xml");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("xml");
    const items = await parseRss(page, await res.text());
    expect(items.map((i) => i.guid)).toEqual(articles.map((a) => a._id));
    for (const a of articles) {
      const item = items.find((i) => i.guid === a._id);
      expect(item, a.title).toBeTruthy();
      expect(item!.title).toBe(a.title);
      expect(item!.link).toBe(`${ORIGIN}/article/${encodeURIComponent(a.url)}`);
      expect(item!.creators).toEqual(a.authors.map((p) => `${p.firstname} ${p.name}`));
      expect(item!.categories).toEqual(a.themes.map((t) => t.name));
    }
    expect(HIDDEN_TITLES.length).toBeGreaterThan(0);
    for (const title of HIDDEN_TITLES) expect(items.map((i) => i.title)).not.toContain(title);
  });

  test("a theme feed lists exactly the latest articles of that theme", async ({ page, request }) => {
    const articles = await getJson<ArticleSummary[]>(request, "/api/public/articles");
    const theme = articles[0]!.themes[0]!;
    const res = await request.get(`/rss/${theme.url}.xml`);
    expect(res.status()).toBe(200);
    const items = await parseRss(page, await res.text());
    const expected = articles.filter((a) => a.themes.some((t) => t.url === theme.url)).slice(0, FEED_ITEMS).map((a) => a._id);
    expect(items.map((i) => i.guid)).toEqual(expected);
    for (const item of items) expect(item.categories).toContain(theme.name);
  });

  test("the events calendar is valid iCalendar with one VEVENT per public event", async ({ request }) => {
    const events = await getJson<PublicEvent[]>(request, "/api/public/events");
    const res = await request.get("/events.ics");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("text/calendar");
    const ics = (await res.body()).toString("utf8");
    expectValidIcsLines(ics);
    const lines = unfold(ics);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines.some((l) => l.startsWith("PRODID:"))).toBe(true);
    expect(lines).toContain("TZID:Africa/Dakar");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(events.length);
    expect(lines.filter((l) => l === "END:VEVENT")).toHaveLength(events.length);
    const host = new URL(ORIGIN).host;
    for (const e of events) {
      const start = lines.indexOf(`UID:${e._id}@${host}`);
      expect(start, e.title).toBeGreaterThan(0);
      const vevent = lines.slice(start, lines.indexOf("END:VEVENT", start));
      expect(vevent).toContain(`DTSTART;TZID=Africa/Dakar:${dakarStamp(e.startDate)}`);
      expect(vevent.some((l) => l.startsWith("DTSTAMP:"))).toBe(true);
    }
  });

  test("an event page offers its own .ics file to add to a calendar", async ({ page, request }) => {
    const [event] = await getJson<PublicEvent[]>(request, "/api/public/events");
    await page.goto(`/event/${event!.url}`);
    const link = page.getByRole("link", { name: "Ajouter à mon agenda" });
    await expect(link).toHaveAttribute("href", `/event/${event!.url}.ics`);
    await expect(link).toHaveAttribute("download", /\.ics$/);
    const res = await request.get(`/event/${event!.url}.ics`);
    expect(res.status()).toBe(200);
    const ics = (await res.body()).toString("utf8");
    expectValidIcsLines(ics);
    const lines = unfold(ics);
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(lines).toContain(`UID:${event!._id}@${new URL(ORIGIN).host}`);
  });

  test("the sitemap lists every public page and no private area", async ({ page, request }) => {
    const [articles, events, media, members, impulsion] = await Promise.all([
      getJson<ArticleSummary[]>(request, "/api/public/articles"),
      getJson<PublicEvent[]>(request, "/api/public/events"),
      getJson<{ url: string; type: string }[]>(request, "/api/public/media"),
      getJson<{ nickname: string }[]>(request, "/api/public/members"),
      getJson<{ fullname: string }[]>(request, "/api/public/cercle-impulsion"),
    ]);
    // The index names parts; each file is well-formed XML of the protocol's kind, served as XML.
    const files = await readSitemap(async (path) => {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()["content-type"], path).toContain("application/xml");
      return res.text();
    });
    expect(files.length).toBeGreaterThan(2);
    await page.goto("about:blank");
    const read = (source: string) =>
      page.evaluate((source) => {
        const doc = new DOMParser().parseFromString(source, "application/xml");
        if (doc.getElementsByTagName("parsererror").length) throw new Error("the sitemap is not well-formed XML");
        return { root: doc.documentElement.localName, locs: [...doc.getElementsByTagName("loc")].map((l) => l.textContent ?? "") };
      }, source);
    const index = await read(files[0]!.xml);
    expect(index.root).toBe("sitemapindex");
    expect(index.locs).toEqual(files.slice(1).map((f) => ORIGIN + f.path));
    const locs: string[] = [];
    for (const file of files.slice(1)) {
      const part = await read(file.xml);
      expect(part.root, file.path).toBe("urlset");
      locs.push(...part.locs);
    }
    expect(new Set(locs).size, "no address in two parts").toBe(locs.length);
    const set = new Set(locs);
    const expected = [
      `${ORIGIN}/`,
      ...articles.map((a) => `${ORIGIN}/article/${encodeURIComponent(a.url)}`),
      ...events.map((e) => `${ORIGIN}/event/${encodeURIComponent(e.url)}`),
      // One address per media, its canonical one: the typed page for audio and video (issue 13, item 4).
      ...media.map((m) =>
        m.type === "audio" || m.type === "video"
          ? `${ORIGIN}/mediatheque/${m.type}/${encodeURIComponent(m.url)}`
          : `${ORIGIN}/media/${encodeURIComponent(m.url)}`,
      ),
      ...members.map((m) => `${ORIGIN}/user/${encodeURIComponent(m.nickname)}`),
      ...impulsion.map((m) => `${ORIGIN}/cercle-impulsion/${encodeURIComponent(m.fullname)}`),
    ];
    for (const url of expected) expect(set.has(url), url).toBe(true);
    for (const m of media.filter((m) => m.type === "audio" || m.type === "video")) {
      expect(set.has(`${ORIGIN}/media/${encodeURIComponent(m.url)}`), `${m.url}: not twice`).toBe(false);
    }
    for (const loc of locs) {
      expect(loc.startsWith(`${ORIGIN}/`), loc).toBe(true);
      const path = loc.slice(ORIGIN.length);
      expect(path).not.toMatch(/^\/(admin|login|auth|recherche)(\/|$)|^\/user\/(dashboard|profile|articles|media)(\/|$)/);
    }
  });

  test("robots.txt keeps out the private areas and points to the sitemap", async ({ request }) => {
    const res = await request.get("/robots.txt");
    expect(res.status()).toBe(200);
    const lines = (await res.text()).split(/\r?\n/);
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /user/dashboard");
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

test.describe("social and structured metadata", () => {
  const jsonLd = async (page: Page) =>
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));

  test("an article page has its canonical URL, OpenGraph card and ScholarlyArticle JSON-LD on the configured origin", async ({ page, request }) => {
    const articles = await getJson<ArticleSummary[]>(request, "/api/public/articles");
    const a = articles.find((x) => x.articlePic) ?? articles[0]!;
    await page.goto(`/article/${a.url}`);
    const url = `${ORIGIN}/article/${encodeURIComponent(a.url)}`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", a.title);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /^summary/);
    if (a.articlePic) {
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        `${ORIGIN}/uploads/article_pics/${encodeURIComponent(a.articlePic)}`,
      );
    }
    const [ld] = await jsonLd(page);
    expect(ld["@type"]).toBe("ScholarlyArticle");
    expect(ld.headline).toBe(a.title);
    expect(ld.url).toBe(url);
    expect(ld.author.map((p: { name: string }) => p.name)).toEqual(a.authors.map((p) => `${p.firstname} ${p.name}`));
    expect(ld.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
  });

  test("the home page describes the Organization, an event its Event and a member their Person", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${ORIGIN}/`);
    expect((await jsonLd(page)).map((d) => d["@type"])).toContain("Organization");

    const events = await getJson<(PublicEvent & { location: string })[]>(request, "/api/public/events");
    const online = events.find((e) => e.location === "En ligne");
    const placed = events.find((e) => e.location && e.location !== "En ligne");
    for (const e of [online, placed]) {
      expect(e).toBeTruthy();
      await page.goto(`/event/${e!.url}`);
      const [ld] = await jsonLd(page);
      expect(ld["@type"]).toBe("Event");
      expect(ld.startDate).toMatch(/\+00:00$/);
      expect(ld.location["@type"]).toBe(e === online ? "VirtualLocation" : "Place");
      expect(ld.eventStatus).toBe("https://schema.org/EventScheduled");
    }

    const [member] = await getJson<{ nickname: string; firstname: string }[]>(request, "/api/public/members");
    await page.goto(`/user/${member!.nickname}`);
    const [person] = await jsonLd(page);
    expect(person["@type"]).toBe("Person");
    expect(person.givenName).toBe(member!.firstname);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "profile");
  });
});

test.describe("search", () => {
  /** Titles of the demo articles that are public: other journeys publish articles while this one runs, and the search
   * index only has those once their build is live, so the word is taken from a title that was there from the start. */
  const SEEDED_PUBLIC_TITLES = new Set(
    [...RECENT_ARTICLES, ...OLDER_ARTICLES].filter((a) => a.approved !== false && a.online !== false).map((a) => a.title),
  );

  /** A word of a public demo article title that has accents, with its accent-free spelling. */
  async function accentedTitleWord(request: APIRequestContext, afterElision: boolean) {
    const articles = await getJson<ArticleSummary[]>(request, "/api/public/articles");
    for (const a of articles.filter((a) => SEEDED_PUBLIC_TITLES.has(a.title))) {
      const pattern = afterElision ? /\b[ldjmnstc]'(\p{L}{5,})/giu : /(?<![\p{L}'])(\p{L}{6,})/gu;
      for (const [, word] of a.title.matchAll(pattern)) {
        if (fold(word!) !== word) return { title: a.title, query: fold(word!).toLowerCase() };
      }
    }
    throw new Error("no public article title has an accented word");
  }

  const results = (page: Page) => page.locator("[data-search-results] .search-result");

  test("typing an accent-free word from the header's search link finds the accented title and updates ?q=", async ({ page, request }) => {
    const { title, query } = await accentedTitleWord(request, false);
    await page.goto("/");
    await page.getByRole("link", { name: "Rechercher sur le site" }).click();
    await expect(page).toHaveURL(/\/recherche$/);
    const box = page.getByRole("searchbox", { name: "Rechercher sur le site" });
    await box.pressSequentially(query);
    const hit = results(page).filter({ has: page.getByRole("link", { name: title, exact: true }) });
    await expect(hit).toHaveCount(1);
    await expect(hit).toContainText("Article");
    await expect(page).toHaveURL(new RegExp(`/recherche\\?q=${query}$`));
    await expect(page.locator("[data-search-status]")).toContainText(`pour « ${query} »`);
    // Only content pages are indexed: no list, login or dashboard page among the results.
    for (const href of await results(page).getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^\/(article|media|event|user|mediatheque\/(audio|video))\/[^/]+$/);
    }
    // The keyboard goes from the field to the results.
    await box.press("ArrowDown");
    await expect(results(page).first().getByRole("link")).toBeFocused();
  });

  test("a shared /recherche?q= address shows results on load, elisions included", async ({ page, request }) => {
    const { title, query } = await accentedTitleWord(request, true);
    await page.goto(`/recherche?q=${encodeURIComponent(query)}`);
    await expect(page.getByRole("searchbox", { name: "Rechercher sur le site" })).toHaveValue(query);
    await expect(results(page).getByRole("link", { name: title, exact: true })).toBeVisible();
  });

  test("says when nothing matches, and never finds withdrawn content", async ({ page }) => {
    await page.goto("/recherche?q=zzqxwv");
    await expect(page.locator("[data-search-status]")).toHaveText("Aucun résultat pour « zzqxwv »");
    await expect(results(page)).toHaveCount(0);
    const hidden = HIDDEN_TITLES[0]!;
    await page.goto(`/recherche?q=${encodeURIComponent(hidden)}`);
    await expect(page.locator("[data-search-status]")).toContainText("pour «");
    await expect(results(page).getByRole("link", { name: hidden, exact: true })).toHaveCount(0);
  });

  test("says so in French when the search index cannot be loaded", async ({ page }) => {
    await page.route("**/pagefind/pagefind.js", (route) => route.abort());
    await page.goto("/recherche?q=economie");
    await expect(page.locator("[data-search-status]")).toHaveText(/indisponible/);
    await expect(results(page)).toHaveCount(0);
  });
});
