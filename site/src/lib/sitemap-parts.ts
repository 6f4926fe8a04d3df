/**
 * Every part of the sitemap (lib/sitemap.ts) from the same public API the pages are built from: the index page
 * and the parts' page both call it, so they always name the same parts.
 */
import { api, ARTICLES, derivedAnswer, derivedPerBuild, EVENTS, MEDIA } from "./api";
import { articleHref, eventHref, mediaDetailHref, memberHref, themeHref, userHref } from "./paths";
import { keptMonthlyParts, type SitemapPart } from "./sitemap";

const STATIC = ["/", "/about", "/cercle-impulsion", "/cercle-axiologique", "/cercle-impulsion/members", "/cercle-axiologique/members", "/contact", "/mediatheque", "/articles", "/events", "/lettre", "/lettre/archives", ...["audio", "video", "pdf", "image", "external", "link"].map((t) => `/mediatheque/${t}`)];

/** One dated address per kept item object (so one entry object too: lib/sitemap.ts `entryOf`). */
const datedOf = new WeakMap<object, { path: string; createdAt: string }>();
function dated(item: { createdAt: string }, path: () => string): { path: string; createdAt: string } {
  let d = datedOf.get(item);
  if (!d) datedOf.set(item, (d = { path: path(), createdAt: item.createdAt }));
  return d;
}

/** What the parts are made from: every read below (the index page records them: lib/page-reads.ts). */
const READS = [
  "/api/public/cercle-impulsion",
  "/api/public/cercle-axiologique",
  "/api/public/members",
  ARTICLES,
  "/api/public/themes",
  MEDIA,
  EVENTS,
  "/api/public/newsletter/issues",
];

/** Every part, once per build: the parts' route lists them and the index page names them. */
export const sitemapParts: () => Promise<SitemapPart[]> = derivedPerBuild(READS, makeParts);

/** The parts' names, as a derived answer (lib/api.ts `derivedAnswer`): what the sitemap's index shows. */
export const sitemapPartNames: () => Promise<string[]> = derivedAnswer("derived:sitemap-part-names", async () => (await sitemapParts()).map((p) => p.name));

async function makeParts(): Promise<SitemapPart[]> {
  const [imp, ax, all, articles, themes, media, events, issues, articlesChange, mediaChange, eventsChange] = await Promise.all([
    api.members("cercle-impulsion"),
    api.members("cercle-axiologique"),
    api.allMembers(),
    api.articles(),
    api.themes(),
    api.media(),
    api.events(),
    api.newsletterIssues(),
    api.articlesChange(),
    api.mediaChange(),
    api.eventsChange(),
  ]);
  const pages: SitemapPart = {
    name: "pages",
    entries: [
      ...STATIC.map((path) => ({ path })),
      ...imp.map((m) => ({ path: memberHref("cercle-impulsion", m.fullname) })),
      ...ax.map((m) => ({ path: memberHref("cercle-axiologique", m.fullname) })),
      ...all.map((m) => ({ path: userHref(m.nickname) })),
      ...themes.map((t) => ({ path: themeHref(t.url) })),
      ...issues.map((i) => ({ path: `/lettre/archives/${i.number}`, lastmod: i.sentAt })),
    ],
  };
  return [
    pages,
    ...keptMonthlyParts("articles", articles, articlesChange, (a) => dated(a, () => articleHref(a.url))),
    // One address per media: its canonical page (typed for audio and video, /media/{url} otherwise).
    ...keptMonthlyParts("media", media, mediaChange, (m) => dated(m, () => mediaDetailHref(m))),
    ...keptMonthlyParts("events", events, eventsChange, (e) => dated(e, () => eventHref(e.url))),
  ];
}
