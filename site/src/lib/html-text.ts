/**
 * A small scanner over built HTML that hands out the text a reader sees, and nothing else: tags, attribute values,
 * comments, scripts, styles, code and island markup are passed through untouched. Shared by the French typography
 * pass (typography.ts) and its checker (typography-check.ts), so both agree on what "visible text" means.
 * Written for our own, well-formed build output (thousands of pages per build), not as a general HTML parser.
 */

/** Elements whose content is never typeset: code, preformatted text, form values, islands (React re-renders them). */
const SKIP = new Set(["code", "pre", "kbd", "samp", "var", "textarea", "svg", "math", "astro-island", "template"]);
/** Raw-text elements: their content may look like tags, so the scanner jumps straight to the closing tag. */
const RAW = new Set(["script", "style", "textarea"]);
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
/** Phrasing elements: text on both sides belongs to the same line of reading. Any other tag starts a new one. */
const INLINE = new Set([
  "a", "abbr", "b", "bdi", "bdo", "cite", "data", "dfn", "em", "i", "mark", "q", "s", "small", "span", "strong",
  "sub", "sup", "time", "u",
]);

/** One tag, comment or doctype found by nextTag: where it starts and ends, and for a tag its name and kind. */
type Tag = { index: number; end: number; name: string; closing: boolean; selfClosing: boolean; attrsFrom: number };

const BANG = 33; // !
const SLASH = 47; // /
const DASH = 45;

/** [a-zA-Z] */
const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** [\w:-] (ASCII, as a regular expression's \w without the u flag) */
const isNameChar = (c: number) => isAlpha(c) || (c >= 48 && c <= 57) || c === 95 || c === 58 || c === DASH;

/**
 * Where the next " and ' of the page are, found by indexOf and kept: a page has few single quotes, so searching
 * for one from every tag would read to the end of the page each time. Each is the first at or after `from`
 * (-1: none, -2: not searched yet).
 */
type Quotes = { from: number; dq: number; sq: number };

const nextQuote = (html: string, at: number, q: Quotes) => {
  // Behind the last search (after a "<" that was not a tag after all): search again.
  if (at < q.from) q.dq = q.sq = -2;
  if (q.dq !== -1 && q.dq < at) q.dq = html.indexOf('"', at);
  if (q.sq !== -1 && q.sq < at) q.sq = html.indexOf("'", at);
  q.from = at;
};

/** The index of the ">" ending attributes that start at `at` (quoted values may hold ">"), or -1. */
function attrsEnd(html: string, at: number, q: Quotes): number {
  for (;;) {
    const gt = html.indexOf(">", at);
    if (gt === -1) return -1;
    nextQuote(html, at, q);
    const quote = q.dq === -1 ? q.sq : q.sq === -1 ? q.dq : Math.min(q.dq, q.sq);
    if (quote === -1 || quote > gt) return gt;
    const close = html.indexOf(html[quote]!, quote + 1);
    if (close === -1) return -1;
    at = close + 1;
  }
}

/**
 * The next comment (`<!--…-->`), doctype (`<!…>`) or tag (`<name …>`, `</name>`, whose quoted attribute values may
 * hold ">") at or after `from`, written into `tag`; false when there is none. Same matches as the expression
 * /<!--[\s\S]*?-->|<![^>]*>|<(\/?)([a-zA-Z][\w:-]*)([^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*)>/g, written out by
 * hand: the regular expression and the strings of its groups were half of the typography pass's time.
 */
function nextTag(html: string, from: number, tag: Tag, quotes: Quotes): boolean {
  const n = html.length;
  for (let i = html.indexOf("<", from); i !== -1; i = html.indexOf("<", i + 1)) {
    let c = html.charCodeAt(i + 1);
    if (c === BANG) {
      if (html.charCodeAt(i + 2) === DASH && html.charCodeAt(i + 3) === DASH) {
        const close = html.indexOf("-->", i + 4);
        if (close !== -1) return found(tag, i, close + 3, "", false, false, 0);
      }
      const gt = html.indexOf(">", i + 2);
      if (gt !== -1) return found(tag, i, gt + 1, "", false, false, 0);
      continue;
    }
    let j = i + 1;
    const closing = c === SLASH;
    if (closing) c = html.charCodeAt(++j);
    if (!isAlpha(c)) continue;
    const nameFrom = j;
    let upper = c <= 90;
    for (j++; j < n; j++) {
      c = html.charCodeAt(j);
      if (!isNameChar(c)) break;
      if (c >= 65 && c <= 90) upper = true;
    }
    const nameTo = j;
    // Attributes: anything but > and quotes, and quoted values; an unclosed quote means no tag here.
    j = attrsEnd(html, nameTo, quotes);
    if (j === -1) continue;
    const name = upper ? html.slice(nameFrom, nameTo).toLowerCase() : html.slice(nameFrom, nameTo);
    const selfClosing = (j > nameTo && html.charCodeAt(j - 1) === SLASH) || VOID.has(name);
    return found(tag, i, j + 1, name, closing, selfClosing, nameTo);
  }
  return false;
}

function found(tag: Tag, index: number, end: number, name: string, closing: boolean, selfClosing: boolean, attrsFrom: number): true {
  tag.index = index;
  tag.end = end;
  tag.name = name;
  tag.closing = closing;
  tag.selfClosing = selfClosing;
  tag.attrsFrom = attrsFrom;
  return true;
}

/** The closing tag of each raw-text element, found case-insensitively like the browser does. */
const CLOSERS = new Map([...RAW].map((name) => [name, new RegExp(`</${name}`, "gi")]));

/**
 * Rewrites every visible text run of `html` with `edit(raw, before)`. `raw` is the text as written in the HTML
 * (entities included); `before` is the last visible character on the same line of reading ("" after a block
 * boundary, " " after a space), so a rule can see that ": suite" follows "<strong>Lieu</strong>". Elements with a
 * `data-no-typo` attribute are left alone, like code. Returns `html` itself when no run changed.
 */
export function mapHtmlText(html: string, edit: (raw: string, before: string) => string): string {
  // Only changed runs are copied: most runs of most pages are left as they are (measured 0.35 -> 0.2 ms a page).
  let out = "";
  let copied = 0;
  let last = 0;
  let before = "";
  let skip: { name: string; depth: number } | null = null;
  // Where "data-no-typo" next occurs: found once ahead, not searched again in every tag.
  let noTypoAt = html.indexOf("data-no-typo");
  const visit = (from: number, to: number) => {
    const raw = html.slice(from, to);
    const edited = edit(raw, before);
    if (edited !== raw) {
      out += html.slice(copied, from) + edited;
      copied = to;
    }
    before = lastVisible(edited, before);
  };
  const m: Tag = { index: 0, end: 0, name: "", closing: false, selfClosing: false, attrsFrom: 0 };
  let from = 0;
  const quotes: Quotes = { from: 0, dq: -2, sq: -2 };
  while (nextTag(html, from, m, quotes)) {
    if (m.index > last && !skip) visit(last, m.index);
    last = from = m.end;
    const name = m.name;
    if (!name) continue; // comment or doctype
    const closing = m.closing;
    const selfClosing = m.selfClosing;
    if (!INLINE.has(name)) before = "";
    const closer = closing ? undefined : CLOSERS.get(name);
    if (closer) {
      // The raw content (which may look like tags) is jumped over; its closing tag is matched next.
      closer.lastIndex = last;
      last = from = closer.exec(html)?.index ?? html.length;
      continue;
    }
    if (skip) {
      if (name === skip.name && !selfClosing) skip.depth += closing ? -1 : 1;
      if (skip.depth === 0) skip = null;
    } else if (!closing && !selfClosing) {
      if (noTypoAt !== -1 && noTypoAt < m.attrsFrom) noTypoAt = html.indexOf("data-no-typo", m.attrsFrom);
      if (SKIP.has(name) || (noTypoAt !== -1 && noTypoAt + 12 < m.end)) skip = { name, depth: 1 };
    }
  }
  if (last < html.length && !skip) visit(last, html.length);
  return copied === 0 ? html : out + html.slice(copied);
}

/** Visits every visible text run (same rules as mapHtmlText), decoded. */
export function forEachText(html: string, visit: (text: string, before: string) => void): void {
  mapHtmlText(html, (raw, before) => {
    visit(decodeEntities(raw), before);
    return raw;
  });
}

/** The last character a reader sees in `raw` (" " for trailing space), or `fallback` when `raw` is empty. */
function lastVisible(raw: string, fallback: string): string {
  if (raw === "") return fallback;
  const c = raw[raw.length - 1]!;
  if (c === ";" && raw.includes("&")) return decodeEntities(raw.slice(raw.lastIndexOf("&"))).slice(-1);
  return /\s/u.test(c) ? " " : c;
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00A0" };

/** Decodes numeric entities and the few named ones our build writes; any other entity stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] !== "#") return NAMED[e] ?? m;
    const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}
