/**
 * What counts as a reading (issue 35 §1), decided from the request and the answer alone: pure functions, no I/O,
 * cheap enough for every request a serving process answers (bench/static-vs-nginx.ts).
 */

/** A public page, a media library file fetched, or a feed. Everything else (assets, apps, the API) is not counted. */
export const HIT_KINDS = ["page", "download", "feed"] as const;
export type HitKind = (typeof HIT_KINDS)[number];
export const DEVICES = ["mobile", "tablet", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

/** The member and admin apps' own pages: screens of the back office, not readings (a public profile is /user/{alias}). */
const APP_PAGE = /^\/(admin(\/|$)|user\/(dashboard|profile|articles|media|inscriptions|corbeille)$)/;
/** Pages that are steps of a form or a sign-in, not something to read. */
const FORM_PAGES = new Set([
  "/login",
  "/mot-de-passe-oublie",
  "/reinitialiser-mot-de-passe",
  "/apercu-indisponible",
  "/lettre/confirmation",
  "/lettre/desinscription",
  "/recherche",
  "/404",
]);
const FEED = /^\/(rss\.xml|rss\/[^/]+\.xml|events\.ics)$/;
/** Only the media library's files: pictures of pages (thumbnails, article pictures, avatars) are assets. */
const DOWNLOAD_PREFIX = "/uploads/media/";

/**
 * The kind of a GET path, or null for what is never counted. Pages are paths whose last segment has no extension
 * (or `.html`), as the static server maps them; the path is the request's, before any decoding.
 */
export function hitKind(pathname: string): HitKind | null {
  if (pathname.startsWith(DOWNLOAD_PREFIX)) return pathname.length > DOWNLOAD_PREFIX.length ? "download" : null;
  const c = pathname.charCodeAt(1);
  // "_" (95): /_astro/, /_apps/ and the like are assets.
  if (c === 95 || pathname.startsWith("/api/") || pathname.startsWith("/uploads/") || pathname.startsWith("/auth/")) return null;
  const slash = pathname.lastIndexOf("/");
  const dot = pathname.indexOf(".", slash);
  if (dot !== -1) {
    if (pathname.endsWith(".html")) return pageKind(pathname.slice(0, -5));
    return FEED.test(pathname) ? "feed" : null;
  }
  return pageKind(pathname);
}

function pageKind(path: string): HitKind | null {
  const p = path.length > 1 && path.endsWith("/") ? path.replace(/\/+$/, "") : path;
  if (APP_PAGE.test(p) || FORM_PAGES.has(p) || p.startsWith("/inscription/")) return null;
  return "page";
}

/**
 * The path as counted: decoded (NFC), without `.html` or a trailing slash, so /article/caf%C3%A9.html and
 * /article/café/ are one page; null when it does not decode.
 */
export function countedPath(pathname: string): string | null {
  let p: string;
  try {
    p = decodeURIComponent(pathname).normalize("NFC");
  } catch {
    return null;
  }
  if (p.endsWith(".html")) p = p.slice(0, -5);
  if (p.length > 1) p = p.replace(/\/+$/, "") || "/";
  if (p === "/index") p = "/";
  // Control characters never belong in a page address (and a tab would split the tally's keys).
  if (/[\u0000-\u001f\u007f]/.test(p)) return null;
  // Bounded: a row key, never a whole URL someone made up to fill the table.
  return p.length > 300 ? null : p;
}

/**
 * Robots by their user agent: search engines, link previews, monitors, command-line and library clients, headless
 * browsers. An empty user agent is a robot too. Feed readers are not listed: a feed fetch by one is a reader's.
 */
const BOT = /bot\b|bot\/|crawl|spider|slurp|scrap|archiver|facebookexternalhit|embedly|preview|lighthouse|pagespeed|headless|phantom|curl|wget|python|httpclient|http-client|okhttp|java\/|go-http|libwww|axios|node-fetch|undici|bun\/|deno\/|monitor|uptime|pingdom|check_http|wrk|apachebench|\bab\/|siege|k6\/|playwright/i;

export function isBot(userAgent: string | null): boolean {
  return !userAgent || BOT.test(userAgent);
}

/**
 * A speculative load the reader may never see: Chromium's `Sec-Purpose: prefetch` (also `prefetch;prerender`),
 * the older `Purpose: prefetch` and Firefox's `X-Moz: prefetch`.
 */
export function isPrefetch(headers: Headers): boolean {
  const purpose = headers.get("sec-purpose") ?? headers.get("purpose") ?? headers.get("x-moz");
  return purpose !== null && purpose.toLowerCase().includes("prefetch");
}

const TABLET = /ipad|tablet|playbook|silk|kindle|(android(?!.*mobile))/i;
const MOBILE = /mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i;

/** The device class from the user agent alone (no client hints, nothing stored about the device itself). */
export function deviceOf(userAgent: string): Device {
  if (TABLET.test(userAgent)) return "tablet";
  if (MOBILE.test(userAgent)) return "mobile";
  return "desktop";
}

/**
 * The referring site's host only (never its path or query, which may hold a search or a private address), or null
 * when there is none, it is not http(s), or it is this site itself (`ownHost`: the request's Host).
 */
export function referrerHost(referer: string | null, ownHost: string | null): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (!host || host.length > 200) return null;
  const own = (ownHost ?? "").toLowerCase().replace(/:\d+$/, "").replace(/^www\./, "");
  return host === own ? null : host;
}

export const DAY_MS = 86_400_000;

/** The UTC day of a time, which is Dakar's (UTC all year): YYYY-MM-DD. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
