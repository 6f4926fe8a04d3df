/**
 * schema.org JSON-LD for search engines and link previews: the Organization (home page), an Article, an Event and a
 * Person. Built from the API's public shapes only; every URL is absolute on the canonical origin (PUBLIC_URL).
 */
import type { Article, Event, PublicMember, UserSummary } from "../../../api/contract";
import { eventDates } from "./event-time";
import { fullName, truncate } from "./format";
import { articleHref, articlePicSrc, eventHref, profilePicSrc, userHref } from "./paths";
import { SITE } from "./site";

export type JsonLd = Record<string, unknown>;
/** The canonical origin: pages pass Astro's `site` (PUBLIC_URL). */
export type Origin = URL | string | undefined;

const CONTEXT = "https://schema.org";
const TZ = "Africa/Dakar";

/** The place events are held when they have no room: the spec writes it « En ligne ». */
const ONLINE = /^en ligne$/i;

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using it (5 % of a build). */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "longOffset",
    });
    zoneFormats.set(timeZone, f);
  }
  return f;
}

/** An ISO date-time in the seat's time zone with its offset: "2026-12-06T18:30:00+00:00". */
export function zonedDateTime(iso: string, timeZone = TZ): string {
  const parts = Object.fromEntries(zoneFormat(timeZone).formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  // "GMT" for a zero offset, "GMT+01:00" otherwise.
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : String(parts.timeZoneName).replace("GMT", "");
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** Serialises for a <script type="application/ld+json">: "<" is escaped so no text can close the script element. */
export function serializeJsonLd(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** An absolute URL on the canonical origin (the fallback mirrors astro.config.mjs's default `site`). */
export const absoluteUrl = (path: string, origin: Origin) => new URL(path, origin ?? "http://localhost:4321").href;
const abs = absoluteUrl;

function organizationRef(origin: Origin): JsonLd {
  return { "@type": "Organization", name: SITE.name, url: abs("/", origin) };
}

function personRef(p: UserSummary, origin: Origin): JsonLd {
  return { "@type": "Person", name: fullName(p), url: abs(userHref(p.nickname), origin) };
}

/** The think-tank itself, for the home page. */
export function organizationLd(origin: Origin): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    name: SITE.name,
    url: abs("/", origin),
    logo: abs("/logo.svg", origin),
    description: SITE.description,
    address: { "@type": "PostalAddress", addressLocality: "Gorée", addressRegion: "Dakar", addressCountry: "SN" },
  };
}

function authorRef(p: UserSummary, origin: Origin): JsonLd {
  return { ...personRef(p, origin), givenName: p.firstname, familyName: p.name };
}

/**
 * One article page: a ScholarlyArticle (the institute's publications are meant to be cited: issue 35 §2), with
 * headline, publication date, authors (given and family names apart, so a compound surname stays whole), picture,
 * keywords, themes, and its PDF when it has one (the same file as the `citation_pdf_url` tag).
 */
export function articleLd(a: Article, origin: Origin, pdfUrl?: string): JsonLd {
  const url = abs(articleHref(a.url), origin);
  return {
    "@context": CONTEXT,
    "@type": "ScholarlyArticle",
    headline: truncate(a.title, 110),
    ...(a.title.length > 110 ? { name: a.title } : {}),
    url,
    mainEntityOfPage: url,
    identifier: url,
    datePublished: zonedDateTime(a.createdAt),
    inLanguage: "fr",
    isAccessibleForFree: true,
    author: a.authors.map((p) => authorRef(p, origin)),
    publisher: { ...organizationRef(origin), logo: abs("/logo.svg", origin) },
    ...(a.articlePic ? { image: [abs(articlePicSrc(a.articlePic), origin)] } : {}),
    ...(a.keywords.length ? { keywords: a.keywords.join(", ") } : {}),
    ...(a.themes.length ? { articleSection: a.themes.map((t) => t.name) } : {}),
    ...(a.txt_content ? { description: truncate(a.txt_content, 300) } : {}),
    ...(pdfUrl ? { encoding: { "@type": "MediaObject", contentUrl: pdfUrl, encodingFormat: "application/pdf" } } : {}),
  };
}

/** One event page: dates with their offset, a Place or a VirtualLocation for « En ligne », organizers. */
export function eventLd(e: Event, origin: Origin): JsonLd {
  const url = abs(eventHref(e.url), origin);
  const { start, end } = eventDates(e);
  const place = e.location.trim();
  const online = ONLINE.test(place);
  return {
    "@context": CONTEXT,
    "@type": "Event",
    name: e.title,
    url,
    startDate: zonedDateTime(start),
    endDate: zonedDateTime(end && end > start ? end : start),
    // The site has no cancelled or postponed state: an event that is public is scheduled.
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: online
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    ...(online
      ? { location: { "@type": "VirtualLocation", url } }
      : place
        ? { location: { "@type": "Place", name: place, address: place } }
        : {}),
    organizer: e.organizers.length ? e.organizers.map((p) => personRef(p, origin)) : organizationRef(origin),
    inLanguage: "fr",
    ...(e.txt_content ? { description: truncate(e.txt_content, 300) } : {}),
    ...(e.keywords.length ? { keywords: e.keywords.join(", ") } : {}),
  };
}

/** A member's profile (circle page or author page); `path` is the page's own path. */
export function personLd(m: PublicMember, origin: Origin, path: string = userHref(m.nickname)): JsonLd {
  const sameAs = Object.values(m.socialLinks ?? {}).filter((link) => /^https?:\/\//i.test(link));
  return {
    "@context": CONTEXT,
    "@type": "Person",
    name: fullName(m),
    givenName: m.firstname,
    familyName: m.name,
    url: abs(path, origin),
    ...(m.profilePic ? { image: abs(profilePicSrc(m.profilePic), origin) } : {}),
    ...(m.domain ? { knowsAbout: m.domain } : {}),
    ...(m.biography.trim() ? { description: truncate(m.biography, 300) } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    memberOf: organizationRef(origin),
  };
}
