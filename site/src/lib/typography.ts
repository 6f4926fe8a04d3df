/**
 * French typography for the built pages: no-break spaces before « ; ! ? » (narrow, U+202F) and « : » and inside
 * « guillemets » (U+00A0), so a line never starts with « : » or a lone « » », and curly apostrophes. Applied to the
 * text a reader sees only (html-text.ts): URLs, e-mail addresses, code, attribute values, scripts and styles keep
 * every character they had. Runs once per page at build time (middleware.ts).
 */
import { decodeEntities, mapHtmlText } from "./html-text";

/** Espace fine insécable, before ; ! ? */
export const NNBSP = "\u202F";
/** Espace insécable, before : and inside « » */
export const NBSP = "\u00A0";

// URLs and e-mail addresses are copied as they are ("https://…", "www.…", "nom@domaine.sn"); trailing sentence
// punctuation is not part of them.
const URLISH = /(?:\b(?:https?|ftp):\/\/|\bmailto:|\bwww\.)[^\s<>"]*[^\s<>"'.,;:!?)»]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/giu;
// What every URLISH match holds (its "://", "mailto:", "www." or "@"): text without any of them has no URL.
const MAYBE_URL = /:\/\/|mailto:|www\.|@/i;
// What may directly precede a punctuation mark that takes a space: a word, a number, a closing bracket or quote.
const WORD_END = "[\\p{L}\\p{N})\\]»’\"…%]";
const ATTACHED_HIGH = new RegExp(`(${WORD_END})(?=[;!?](?:$|[\\s)\\]»"’.,…;:!?]))`, "gu");
const ATTACHED_COLON = new RegExp(`(${WORD_END})(?=:(?:$|\\s))`, "gu");

function typesetPlain(s: string, before: string): string {
  // A visible character just before this run (across inline tags) takes part in the rules, then is cut off again.
  const prefix = before && !/\s/u.test(before) ? before : "";
  let t = prefix + s;
  // Each rule runs only when its character is there: most runs have at most one of them.
  if (t.includes("'")) {
    t = t.replace(/'/g, (_, i: number) => {
      const prev = i > 0 ? t[i - 1]! : "";
      // An apostrophe after a space or at the start of a line opens a quotation; anywhere else it is an elision.
      return (prev === "" || /[\s(«\[—–]/u.test(prev)) && /\S/u.test(t[i + 1] ?? "") ? "‘" : "’";
    });
  }
  if (/[;!?]/.test(t)) t = t.replace(/\s+(?=[;!?])/gu, NNBSP).replace(ATTACHED_HIGH, `$1${NNBSP}`);
  if (t.includes(":")) t = t.replace(/\s+(?=:)/gu, NBSP).replace(ATTACHED_COLON, `$1${NBSP}`);
  if (t.includes("«")) t = t.replace(/«\s*/gu, `«${NBSP}`);
  if (t.includes("»")) t = t.replace(/\s*»/gu, (m, i: number) => (i === 0 && m === "»" && prefix === "" ? m : `${NBSP}»`));
  return t.slice(prefix.length);
}

/**
 * French typography of one run of plain (decoded) text. `before` is the visible character just before it on the
 * same line ("" at the start of a block), so "<strong>Lieu</strong>: Dakar" gets its space too.
 */
export function frenchTypography(text: string, before = ""): string {
  // Most runs hold no URL: this test is much cheaper than URLISH, whose e-mail branch tries every word.
  if (!MAYBE_URL.test(text)) return typesetPlain(text, before);
  let out = "";
  let last = 0;
  let prev = before;
  for (const m of text.matchAll(URLISH)) {
    out += typesetPlain(text.slice(last, m.index), prev) + m[0];
    prev = m[0].slice(-1);
    last = m.index + m[0].length;
  }
  return last === 0 ? typesetPlain(text, before) : out + typesetPlain(text.slice(last), prev);
}

// Text that cannot need any change: no apostrophe, no punctuation that takes a space, no guillemet.
const CANDIDATE = /[';:!?«»]|&(?:#39|#x27|apos);/i;
const ENTITY = /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/gi;
const PRIVATE = 0xe000;

/** One raw HTML text run (entities included) through frenchTypography; unknown entities are kept verbatim. */
function typesetRaw(raw: string, before: string): string {
  if (!CANDIDATE.test(raw)) return raw;
  // Entities we cannot decode ("&hellip;") are held as private-use characters, so their ";" is never typeset.
  const held: string[] = [];
  const plain = raw.replace(ENTITY, (m) => {
    const d = decodeEntities(m);
    if (d !== m) return d;
    held.push(m);
    return String.fromCharCode(PRIVATE + held.length - 1);
  });
  const typeset = frenchTypography(plain, before);
  if (typeset === plain) return raw;
  return typeset
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/[\uE000-\uF8FF]/g, (c) => held[c.charCodeAt(0) - PRIVATE] ?? c);
}

/** French typography over the visible text of a built HTML page; everything else is returned byte for byte. */
export function typesetHtml(html: string): string {
  return mapHtmlText(html, typesetRaw);
}
