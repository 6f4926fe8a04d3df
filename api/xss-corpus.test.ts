/**
 * The XSS corpus (api/testing/xss-corpus.ts) through every field that reaches a public page, a feed, the ICS or
 * the search index, written through the real admin API and made public (approved, online), then ONE real site
 * build (scripts/build-site.ts: Astro, Pagefind, compression) against the real API, and the built output parsed
 * (api/testing/xss-scan.ts): no script but the site's own, no event handler, no dangerous URL, no srcdoc.
 *
 * XSS_CORPUS=reduced (npm test) sends a third of the payloads, chosen across every kind; the full corpus runs
 * in `npm run test:soak` (scripts/xss-soak.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_ITEMS } from "../site/src/lib/rss";
import { createSession } from "./lib/session";
import { makeUser } from "./testing/factory";
import { createHarness, type Harness } from "./testing/harness";
import { runSiteBuild } from "./testing/site-build";
import { CORPUS, MARKUP, pack, URLS, type Payload } from "./testing/xss-corpus";
import { MARKER, scanHtml, scanIcs, scanPagefindFragment, scanRss } from "./testing/xss-scan";

const FULL = process.env.XSS_CORPUS === "full";
/** Kinds of attack both runs must carry. */
const KINDS = ["<script", "onerror", "javascript:", "data:", "vbscript:", "<svg", "<math", "<noscript", "&#", "style=", "srcdoc"];
const firstOfKind = (list: Payload[], x: Payload) => KINDS.some((k) => list.find((y) => y.text.toLowerCase().includes(k)) === x);
/** The reduced run: every third payload, plus the first of each kind. */
const pick = (list: Payload[]) => (FULL ? list : list.filter((x, i) => i % 3 === 0 || firstOfKind(list, x)));

/** Every file under `dir`, relative, without the compressed copies. */
function files(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((rel) => !/\.(br|gz)$/.test(rel) && statSync(join(dir, rel)).isFile())
    .sort();
}

/** Round-robin share `i` of `n` of a list. */
const share = <T,>(list: T[], i: number, n: number) => list.filter((_, k) => k % n === i);

describe("XSS corpus through every public field, one real build, output parsed", () => {
  let h: Harness;
  let server: ReturnType<typeof Bun.serve>;
  let out: string;
  let build: { code: number; log: string };
  const markup = pick(MARKUP);
  const urls = pick(URLS);
  const all = [...markup, ...urls];
  /** What the API refused outright (an unsafe externalUrl): the refusal is the defence. */
  const refused: string[] = [];
  /** Pages that must exist and show the payloads as text. */
  const pages: string[] = [];
  const created = { articles: 0, media: 0, events: 0, members: 0, themes: 0 };

  beforeAll(async () => {
    h = await createHarness();
    const db = h.database.db;
    const admin = await makeUser(db, { nickname: "corpus-admin", role: "admin" });
    const auth = { authorization: `Bearer ${(await createSession(db, admin.id)).token}` };
    const ok = async (method: string, path: string, body: unknown) => {
      const res = await h.call(method, path, body, auth);
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
      return res.json;
    };

    // Members: names, domain, biography and social links; in a circle so they get circle pages too.
    const names = pack(all, 80);
    const domains = pack(all, 300);
    const bios = pack(all, 5000, "\n\n");
    const links = [...urls.map((u) => u.text), ...markup.map((m) => `https://example.org/${m.text}`)].filter((l) => l.length <= 300);
    const KEYS = ["website", "linkedin", "twitter", "facebook", "instagram", "youtube", "other"] as const;
    const memberCount = Math.max(Math.ceil(names.length / 2), domains.length, bios.length, Math.ceil(links.length / KEYS.length));
    const members: string[] = [];
    for (let i = 0; i < memberCount; i++) {
      const social = Object.fromEntries(KEYS.map((k, j) => [k, links[i * KEYS.length + j] ?? ""]));
      const json = await ok("POST", "/api/admin/register", {
        firstname: names[2 * i] ?? "Awa",
        name: names[2 * i + 1] ?? "Ndiaye",
        nickname: `corpus-membre-${i}`,
        email: `corpus-membre-${i}@example.sn`,
        password: "Corpus-Xss-2026!",
        groups: [i % 2 ? "cercleAx" : "cercleImp"],
        domain: domains[i] ?? "",
        biography: bios[i] ?? "",
        socialLinks: social,
      });
      members.push(json._id);
      if (names[2 * i] || domains[i] || bios[i]) pages.push(`user/corpus-membre-${i}.html`);
      created.members++;
    }

    // Themes: names and keywords (a theme page and an RSS feed each).
    const themeNames = pack(all, 100);
    const shortOnes = all.filter((x) => x.text.length <= 60).map((x) => x.text);
    const themes: string[] = [];
    for (const [i, name] of themeNames.entries()) {
      const json = await ok("POST", "/api/admin/themes", { name, url: `theme-corpus-${i}`, keywords: share(shortOnes, i, themeNames.length) });
      themes.push(json._id);
      created.themes++;
    }

    // Articles: title, text, HTML, keywords; authored by the members (bylines), in the themes (badges, feeds).
    const titles = pack(all, 200);
    for (const [i, title] of titles.entries()) {
      const mine = share(all, i, titles.length);
      const json = await ok("POST", "/api/admin/articles", {
        title,
        txt_content: mine.map((x) => x.text).join("\n\n") || "Texte.",
        html_content: share(markup, i, titles.length)
          .map((x) => `<p>${x.text}</p>`)
          .join("\n"),
        keywords: share(shortOnes, i, titles.length).slice(0, 30),
        themes: [themes[i % themes.length]!],
        authors: [members[i % members.length]!],
      });
      await ok("PUT", `/api/admin/articles/${json._id}/approve`, { approved: true });
      await ok("PUT", `/api/admin/articles/${json._id}/online`, { online: true });
      pages.push(`article/${json.url}.html`);
      created.articles++;
    }

    // Media: title, description, tags, external URL (unsafe URLs must be refused by the API).
    for (const u of urls) {
      const res = await h.call("POST", "/api/admin/media", { title: "Lien", type: "link", description: "Un lien.", externalUrl: u.text }, auth);
      if (res.status === 400) refused.push(u.name);
      else if (res.status < 300) {
        await ok("PUT", `/api/admin/media/${res.json._id}/approve`, { approved: true });
        await ok("PUT", `/api/admin/media/${res.json._id}/online`, { online: true });
        pages.push(`media/${res.json.url}.html`);
        created.media++;
      } else throw new Error(`externalUrl ${u.name}: ${res.status}`);
    }
    const descriptions = pack(all, 1000);
    for (const [i, title] of titles.entries()) {
      const json = await ok("POST", "/api/admin/media", {
        title,
        type: i % 4 === 3 ? "external" : "link",
        description: descriptions[i % descriptions.length],
        tags: share(shortOnes, i, titles.length).slice(0, 30),
        externalUrl: i % 4 === 3 ? `https://www.youtube.com/watch?v=xss${i}&t="><svg/onload=xss(${i})>` : `https://example.org/${encodeURIComponent(title.slice(0, 50))}`,
      });
      await ok("PUT", `/api/admin/media/${json._id}/approve`, { approved: true });
      await ok("PUT", `/api/admin/media/${json._id}/online`, { online: true });
      pages.push(`media/${json.url}.html`);
      created.media++;
    }

    // Events: title, location, text, HTML, keywords; organised by the members, in the themes (page + .ics).
    const locations = pack(all, 200);
    for (const [i, title] of titles.entries()) {
      const json = await ok("POST", "/api/admin/events", {
        title,
        location: locations[i % locations.length],
        startDate: `2027-0${1 + (i % 9)}-1${i % 10}T10:00`,
        endDate: `2027-0${1 + (i % 9)}-1${i % 10}T12:00`,
        txt_content: share(all, i, titles.length)
          .map((x) => x.text)
          .join("\n\n"),
        html_content: share(markup, i, titles.length)
          .map((x) => `<p>${x.text}</p>`)
          .join("\n"),
        keywords: share(shortOnes, i, titles.length).slice(0, 30),
        organizers: [members[i % members.length]!],
        themes: [themes[i % themes.length]!],
        online: true,
      });
      pages.push(`event/${json.url}.html`);
      created.events++;
    }

    server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (r) => h.app.handle(r) });
    out = mkdtempSync(join(tmpdir(), "xss-build-"));
    build = await runSiteBuild(`http://127.0.0.1:${server.port}`, out);
  }, 600_000);

  afterAll(() => {
    server?.stop(true);
    h?.close();
    if (out && !process.env.KEEP_BUILD) rmSync(out, { recursive: true, force: true });
    else if (out) console.log(`build kept in ${out}`);
  });

  it(`sends at least 100 payloads in the full corpus, of every kind (this run: ${all.length})`, () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(100);
    // The marker is how an injected script is told from the site's own.
    expect(CORPUS.filter((x) => !MARKER.test(x.text)).map((x) => x.name)).toEqual([]);
    for (const kind of KINDS) {
      expect(
        all.some((x) => x.text.toLowerCase().includes(kind)),
        kind,
      ).toBe(true);
    }
  });

  it("builds the site with every payload in it", () => {
    expect(build.code, build.log.slice(-3000)).toBe(0);
    expect(created.articles).toBeGreaterThan(3);
    expect(created.members).toBeGreaterThan(3);
    const missing = pages.filter((p) => {
      try {
        return !MARKER.test(readFileSync(join(out, p), "utf8"));
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });

  it("refuses at the API every external URL that is not plain http(s)", () => {
    const unsafe = urls.filter((u) => !u.text.startsWith("https://")).map((u) => u.name);
    expect(unsafe.length).toBeGreaterThan(0);
    expect(unsafe.filter((name) => !refused.includes(name))).toEqual([]);
  });

  it("has no script but the site's own, no handler, no dangerous URL and no srcdoc in any page", () => {
    const html = files(out).filter((f) => f.endsWith(".html"));
    expect(html.length).toBeGreaterThan(50);
    const findings = html.flatMap((f) => scanHtml(readFileSync(join(out, f), "utf8"), f));
    expect(findings).toEqual([]);
  });

  it("has no executable markup in the RSS feeds, as a feed reader parses them", () => {
    const feeds = files(out).filter((f) => f === "rss.xml" || (f.startsWith("rss/") && f.endsWith(".xml")));
    expect(feeds.length).toBe(created.themes + 1);
    const main = readFileSync(join(out, "rss.xml"), "utf8");
    expect((main.match(/<item>/g) ?? []).length).toBe(Math.min(created.articles, FEED_ITEMS));
    expect(feeds.flatMap((f) => scanRss(readFileSync(join(out, f), "utf8"), f))).toEqual([]);
  });

  it("keeps every calendar file to its own properties, whatever the event text", () => {
    const calendars = files(out).filter((f) => f.endsWith(".ics"));
    expect(calendars.length).toBe(created.events + 1);
    const all = readFileSync(join(out, "events.ics"), "utf8");
    expect((all.match(/BEGIN:VEVENT/g) ?? []).length).toBe(created.events);
    expect(calendars.flatMap((f) => scanIcs(readFileSync(join(out, f), "utf8"), f))).toEqual([]);
  });

  it("gives the search page excerpts that are escaped text with <mark> only", () => {
    const fragments = files(out).filter((f) => f.startsWith("pagefind/") && f.endsWith(".pf_fragment"));
    expect(fragments.length).toBeGreaterThan(created.articles);
    const bundle = readFileSync(join(out, "pagefind", "pagefind.js"), "utf8");
    expect(fragments.flatMap((f) => scanPagefindFragment(readFileSync(join(out, f)), f, bundle))).toEqual([]);
  });

  it("stores HTML bodies that are safe to insert as they are (the 404 page's preview does)", async () => {
    const articles = (await h.call("GET", "/api/public/articles/full")).json as { url: string; html_content: string }[];
    const events = (await h.call("GET", "/api/public/events")).json as { url: string; html_content: string }[];
    const findings = [...articles, ...events].flatMap((x) => scanHtml(x.html_content, `html_content of ${x.url}`));
    expect(findings).toEqual([]);
  });
});
