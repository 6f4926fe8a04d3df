/**
 * French formatting for everything a visitor reads: dates, counts, truncated text, member domains.
 * Dates are shown in the seat's time zone (Dakar) so a build server elsewhere prints the same day.
 */
import { dakarClock, dakarDate } from "../../../shared/dakar-time";

const TZ = "Africa/Dakar";

const shortDate = new Intl.DateTimeFormat("fr-FR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: TZ });

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "12 mars 2025" ("1er mars 2025"); empty string for a missing or invalid date. */
export function formatDateLong(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dakarDate(d) : "";
}

/** "12/03/2025"; empty string for a missing or invalid date. */
export function formatDateShort(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  return d ? shortDate.format(d) : "";
}

/** Midnight as the site writes it: the time of a date given without one. */
const MIDNIGHT = dakarClock(new Date("2000-01-01T00:00:00Z"));

/**
 * « 18 h 30 » in Dakar time, the site's one way of writing a time (shared/dakar-time.ts; issue 33 §4: pages and
 * apps said « 18:30 » here and « 18 h 30 » there), or "" when the moment is exactly midnight there (a date
 * without a time).
 */
export function formatTime(value: string | number | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return "";
  const t = dakarClock(d);
  return t === MIDNIGHT ? "" : t;
}

function dateWithTime(value: string): string {
  const time = formatTime(value);
  return time ? `${formatDateLong(value)} à ${time}` : formatDateLong(value);
}

/**
 * An event period in words: "Du 12 mars 2025 au 14 mars 2025". A single day reads "Le 12 mars 2025"
 * (with its hours when the event has some), which is what a French reader expects.
 */
export function formatPeriod(start: string, end: string): string {
  if (!toDate(start)) return "";
  if (!toDate(end) || formatDateLong(start) === formatDateLong(end)) {
    const [from, to] = [formatTime(start), formatTime(end)];
    const day = `Le ${formatDateLong(start)}`;
    if (from && to && from !== to) return `${day}, de ${from} à ${to}`;
    return from ? `${day} à ${from}` : day;
  }
  return `Du ${dateWithTime(start)} au ${dateWithTime(end)}`;
}

/** Compact period for tables: "12/03/2025 – 14/03/2025", or one date for a single day. */
export function formatPeriodShort(start: string, end: string): string {
  const [a, b] = [formatDateShort(start), formatDateShort(end)];
  return !b || a === b ? a : `${a} – ${b}`;
}

/**
 * The one French plural rule of the site: 0 and 1 take the singular (« 0 article », « 1 article », « 2 articles »),
 * unlike English. Every count a person reads goes through `plural` or `pluralWord`.
 */
export function pluralWord(count: number, singular: string, pluralForm = `${singular}s`): string {
  return Math.abs(count) < 2 ? singular : pluralForm;
}

/** French count: "0 article", "1 article", "2 articles". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${pluralWord(count, singular, pluralForm)}`;
}

/**
 * A count with how many of them are unread, as a French reader says it: « 1 message, lu », « 3 messages, tous
 * lus », « 3 messages, dont 1 non lu », « 2 messages, non lus » (never « dont 0 non lu »).
 */
export function unreadSummary(total: number, unread: number): string {
  // « lu » agrees with « message »: another (feminine) noun would need other words.
  const count = plural(total, "message");
  if (total === 0) return count;
  if (unread <= 0) return total === 1 ? `${count}, lu` : `${count}, tous lus`;
  if (unread >= total) return `${count}, ${pluralWord(total, "non lu", "non lus")}`;
  return `${count}, dont ${plural(unread, "non lu", "non lus")}`;
}

/**
 * Where the first `n` code points of `s` end (in code units, as `Array.from` splits a string: a pair of code units
 * is one, a lone one too), or -1 when `s` has fewer. Counting this way spares an array of one string per character
 * for every excerpt of every list page.
 */
function codePointsEnd(s: string, n: number): number {
  let at = 0;
  for (let k = 0; k < n; k++) {
    if (at >= s.length) return -1;
    const unit = s.charCodeAt(at);
    at += unit >= 0xd800 && unit <= 0xdbff && (s.charCodeAt(at + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return at;
}

/**
 * `text` with each run of white space made one space and the ends trimmed, as far as an excerpt of `count` needs:
 * all of it (`whole`), or a start of more than `count + 1` code points of which the first `count + 1` are those of
 * the whole (then the whole has more than `count`). Only a start of the text is read: an excerpt of a long
 * article's text went over all of it, 5 % of a 5,000-article build's rendering.
 */
function flatStart(text: string, count: number): { flat: string; whole: boolean } {
  for (let units = 2 * count + 64; ; units *= 2) {
    if (units >= text.length) return { flat: text.replace(/\s+/g, " ").trim(), whole: true };
    // The cut may fall inside a pair of code units or a run of white space (then the last code point differs from
    // the whole text's), and a space just before it may be one the whole text trims: two more than asked.
    const flat = text.slice(0, units).replace(/\s+/g, " ").trimStart();
    if (codePointsEnd(flat, count + 2) !== -1) return { flat, whole: false };
  }
}

/**
 * An excerpt of at most `max` characters (code points, ellipsis included), cut between two words: never
 * « des mair… ». Trailing punctuation before the cut goes (« Gorée,… » reads badly). A single word longer than
 * most of the room is cut where it must be.
 */
export function truncate(text: string | null | undefined, max: number): string {
  const { flat, whole } = flatStart(text ?? "", max);
  return whole && codePointsEnd(flat, max + 1) === -1 ? flat : excerptOf(flat, max);
}

/** The excerpt of `flat` (a start of more than `max` code points, flattened), ellipsis included. */
function excerptOf(flat: string, max: number): string {
  // Room for the text before the ellipsis; the character just after it says whether the cut falls inside a word.
  const head = flat.slice(0, codePointsEnd(flat, max - 1));
  const space = head.lastIndexOf(" ");
  const wordCut = flat[head.length] !== " " && space >= head.length * 0.5 ? head.slice(0, space) : head;
  return wordCut.replace(/[\s,;:.!?'’«(—–-]+$/u, "") + "…";
}

/**
 * An excerpt in two parts, so phones can show a shorter one without cutting a word: `head` (at most `short`
 * characters, cut between words) and `rest` (what follows, up to `long` characters in all). `more` tells whether
 * the text goes on beyond what is shown (then an ellipsis follows). `head + rest` equals truncate(text, long) minus
 * its ellipsis.
 */
export function excerptParts(text: string | null | undefined, short: number, long: number): { head: string; rest: string; more: boolean } {
  const { flat, whole } = flatStart(text ?? "", long);
  const more = !whole || codePointsEnd(flat, long + 1) !== -1;
  const body = more ? excerptOf(flat, long).slice(0, -1) : flat;
  const cut = truncate(body, short);
  if (!cut.endsWith("…") || cut === body) return { head: body, rest: "", more };
  const head = cut.slice(0, -1);
  return { head, rest: body.slice(head.length), more };
}

/**
 * Splits a member's domain into display lines: a break after each comma and before "et"
 * ("Économie, droit et éthique" -> ["Économie,", "droit", "et éthique"]).
 */
export function domainLines(domain: string | null | undefined): string[] {
  return (domain ?? "")
    .split(/(?<=,)\s*|\s+(?=et(?:\s|$))/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The date line of an article or media page: « Publié le 12 mars 2025 » once approved; a preview of an item still
 * waiting for approval says « En attente depuis le 12 mars 2025 » (it is not published, issue 19 §3.12).
 */
export function publicationLine(item: { approved: boolean; createdAt: string }): string {
  return `${item.approved ? "Publié le" : "En attente depuis le"} ${formatDateLong(item.createdAt)}`;
}

/** "3:05" or "1:02:03" from a number of seconds; "" when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return "";
  const s = Math.round(seconds);
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(r)}` : `${m}:${pad(r)}`;
}

/** "Prénom Nom". */
export function fullName(person: { firstname: string; name: string }): string {
  return `${person.firstname} ${person.name}`.trim();
}

/** A theme's title, falling back to its url with underscores as spaces, then to "Thème" (spec). */
export function themeTitle(name: string | null | undefined, url: string | null | undefined): string {
  return name?.trim() || url?.replace(/_/g, " ").trim() || "Thème";
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Rough plain text of trusted, already-sanitized HTML (build time only): tags dropped, common entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (m, e: string) =>
      e[0] === "#" ? String.fromCodePoint(parseInt(e.slice(e[1] === "x" ? 2 : 1), e[1] === "x" ? 16 : 10)) : (ENTITIES[e] ?? m),
    )
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * True when `text` only repeats the beginning of `html`: records often store the plain-text copy of their HTML
 * body, and showing both would print the same paragraph twice.
 */
export function repeatsHtml(text: string, html: string): boolean {
  // Compare letters and digits only: the plain copy may render quotes, dashes and list markers differently.
  const bare = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  const t = bare(text).slice(0, 200);
  return t !== "" && html !== "" && bare(plainText(html)).startsWith(t);
}
