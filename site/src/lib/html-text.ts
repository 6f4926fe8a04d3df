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

// A comment, a doctype, or a tag whose quoted attribute values may contain ">".
const TAG = /<!--[\s\S]*?-->|<![^>]*>|<(\/?)([a-zA-Z][\w:-]*)([^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*)>/g;

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
  const visit = (from: number, to: number) => {
    const raw = html.slice(from, to);
    const edited = edit(raw, before);
    if (edited !== raw) {
      out += html.slice(copied, from) + edited;
      copied = to;
    }
    before = lastVisible(edited, before);
  };
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (m.index > last && !skip) visit(last, m.index);
    last = TAG.lastIndex;
    const name = m[2]?.toLowerCase();
    if (!name) continue; // comment or doctype
    const closing = m[1] === "/";
    const attrs = m[3] ?? "";
    const selfClosing = attrs.endsWith("/") || VOID.has(name);
    if (!INLINE.has(name)) before = "";
    if (RAW.has(name) && !closing) {
      // The raw content (which may look like tags) is jumped over; its closing tag is matched next.
      const closer = new RegExp(`</${name}`, "gi");
      closer.lastIndex = last;
      last = closer.exec(html)?.index ?? html.length;
      TAG.lastIndex = last;
      continue;
    }
    if (skip) {
      if (name === skip.name && !selfClosing) skip.depth += closing ? -1 : 1;
      if (skip.depth === 0) skip = null;
    } else if (!closing && !selfClosing && (SKIP.has(name) || attrs.includes("data-no-typo"))) {
      skip = { name, depth: 1 };
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
