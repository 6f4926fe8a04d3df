/**
 * Every part of the sitemap (lib/sitemap.ts) from the same public API the pages are built from: the index page
 * and the parts' page both call it, so they always name the same parts.
 */
import { api } from "./api";
import { articleHref, eventHref, mediaDetailHref, memberHref, themeHref, userHref } from "./paths";
import { monthlyParts, type SitemapPart } from "./sitemap";

const STATIC = ["/", "/about", "/cercle-impulsion", "/cercle-axiologique", "/cercle-impulsion/members", "/cercle-axiologique/members", "/contact", "/mediatheque", "/articles", "/events", "/lettre", "/lettre/archives", ...["audio", "video", "pdf", "image", "external", "link"].map((t) => `/mediatheque/${t}`)];

export async function sitemapParts(): Promise<SitemapPart[]> {
  const [imp, ax, all, articles, themes, media, events, issues] = await Promise.all([
    api.members("cercle-impulsion"),
    api.members("cercle-axiologique"),
    api.allMembers(),
    api.articles(),
    api.themes(),
    api.media(),
    api.events(),
    api.newsletterIssues(),
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
    ...monthlyParts("articles", articles.map((a) => ({ path: articleHref(a.url), createdAt: a.createdAt }))),
    // One address per media: its canonical page (typed for audio and video, /media/{url} otherwise).
    ...monthlyParts("media", media.map((m) => ({ path: mediaDetailHref(m), createdAt: m.createdAt }))),
    ...monthlyParts("events", events.map((e) => ({ path: eventHref(e.url), createdAt: e.createdAt }))),
  ];
}
