import type { APIRoute } from "astro";
import { api } from "../lib/api";
import { siteOrigin } from "../lib/build-data";
import { articleHref, eventHref, mediaDetailHref, memberHref, themeHref, userHref } from "../lib/paths";
import { xmlEscape } from "../lib/rss";

const STATIC = ["/", "/about", "/cercle-impulsion", "/cercle-axiologique", "/cercle-impulsion/members", "/cercle-axiologique/members", "/contact", "/mediatheque", "/articles", "/events", "/lettre", "/lettre/archives", ...["audio", "video", "pdf", "image", "external", "link"].map((t) => `/mediatheque/${t}`)];

/** Every public page, from the same API the pages are built from. */
export const GET: APIRoute = async ({ site }) => {
  const origin = siteOrigin(site);
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
  const entries: { path: string; lastmod?: string }[] = [
    ...STATIC.map((path) => ({ path })),
    ...imp.map((m) => ({ path: memberHref("cercle-impulsion", m.fullname) })),
    ...ax.map((m) => ({ path: memberHref("cercle-axiologique", m.fullname) })),
    ...all.map((m) => ({ path: userHref(m.nickname) })),
    ...themes.map((t) => ({ path: themeHref(t.url) })),
    ...articles.map((a) => ({ path: articleHref(a.url), lastmod: a.createdAt })),
    // One address per media: its canonical page (typed for audio and video, /media/{url} otherwise).
    ...media.map((m) => ({ path: mediaDetailHref(m), lastmod: m.createdAt })),
    ...events.map((e) => ({ path: eventHref(e.url), lastmod: e.createdAt })),
    ...issues.map((i) => ({ path: `/lettre/archives/${i.number}`, lastmod: i.sentAt })),
  ];
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      (e) => `<url><loc>${xmlEscape(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ""}</url>`,
    ),
    "</urlset>",
  ].join("\n");
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8" } });
};
