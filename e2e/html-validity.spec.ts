import { expect, test, type APIRequestContext } from "@playwright/test";
import { vnuProblems } from "./support/vnu";

/**
 * Every page type is a valid HTML document (issue 18 part 8): one page of each, as the running server sends it
 * (real build, compression undone by the client), checked by the Nu HTML Checker (the `vnu-jar` devDependency) in
 * one Java run. Found by it, and fixed: page scripts written after `</Base>` ended up after `</html>` (/recherche,
 * /contact, the 404 page), and Astro's island style sat in `<body>` (/login, /auth/callback; the middleware now
 * moves it into the head). Java 17 is on our machines; scripts/test.sh installs Debian's JRE where it is missing.
 */

type Named = { url: string };
type Media = { url: string; type: string };
type Member = { fullname: string; nickname: string };

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

const seg = encodeURIComponent;
const first = <T>(items: T[], what: string): T => {
  expect(items.length, `the demo content has ${what}`).toBeGreaterThan(0);
  return items[0]!;
};

/** One address per page type: the fixed pages, then one item of each kind from the public API. */
async function pagesToCheck(request: APIRequestContext): Promise<string[]> {
  const fixed = [
    "/",
    "/articles",
    "/mediatheque",
    "/events",
    "/about",
    "/contact",
    "/login",
    "/mot-de-passe-oublie",
    "/lettre",
    "/lettre/confirmation",
    "/inscription/confirmer",
    "/lettre/desinscription",
    "/lettre/archives",
    "/reinitialiser-mot-de-passe",
    "/recherche",
    "/auth/callback",
    "/cercle-impulsion",
    "/cercle-impulsion/members",
    "/cercle-axiologique",
    "/cercle-axiologique/members",
    ...["dashboard", "profile", "articles", "media"].map((s) => `/user/${s}`),
    ...["dashboard", "articles", "media", "users", "themes", "events", "contact", "audit", "audience", "site", "newsletter", "lettre"].map((s) => `/admin/${s}`),
  ];
  const [themes, articles, media, events, impulsion, axiologique] = await Promise.all([
    json<Named[]>(request, "/api/public/themes"),
    json<Named[]>(request, "/api/public/articles"),
    json<Media[]>(request, "/api/public/media"),
    json<Named[]>(request, "/api/public/events"),
    json<Member[]>(request, "/api/public/cercle-impulsion"),
    json<Member[]>(request, "/api/public/cercle-axiologique"),
  ]);
  const theme = first(themes, "a theme").url;
  const items = [
    `/articles/${seg(theme)}`,
    // The spec's older theme address: a small redirecting document of its own.
    `/articles/theme/${seg(theme)}`,
    `/article/${seg(first(articles, "an article").url)}`,
    `/event/${seg(first(events, "an event").url)}`,
    `/user/${seg(first(impulsion, "a Cercle Impulsion member").nickname)}`,
    `/cercle-impulsion/${seg(impulsion[0]!.fullname)}`,
    `/cercle-axiologique/${seg(first(axiologique, "a Cercle Axiologique member").fullname)}`,
  ];
  for (const type of ["audio", "video", "pdf", "image", "external", "link"]) {
    const item = first(media.filter((m) => m.type === type), `a ${type} media`);
    items.push(`/mediatheque/${type}`, `/media/${seg(item.url)}`);
    if (type === "audio" || type === "video") items.push(`/mediatheque/${type}/${seg(item.url)}`);
  }
  return [...fixed, ...items];
}

test("one page of every page type is valid HTML for the Nu HTML Checker", async ({ request }) => {
  test.setTimeout(180_000);
  const pages = new Map<string, Buffer>();
  const notFound = "/cette-page-n-existe-pas";
  for (const path of [...(await pagesToCheck(request)), notFound]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(path === notFound ? 404 : 200);
    expect(res.headers()["content-type"], path).toContain("text/html");
    pages.set(path, await res.body());
  }
  const problems = vnuProblems(pages);
  expect(problems, problems.join("\n")).toEqual([]);
  // Every page was read: none was skipped.
  expect(pages.size).toBeGreaterThan(40);
});
