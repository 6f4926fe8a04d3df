/**
 * The one HTML allow-list of the project. The API cleans every stored HTML body with it when it is written
 * (articles, media, events: api/modules/<feature>/input.ts), the seed cleans its demo bodies with it, and the site
 * cleans again with it before `set:html` puts a body in a page or a feed (defence in depth against a row written
 * behind the API's back). One list, so what is stored is exactly what the public page renders: the article editor
 * (site/src/apps/articles/editor/) produces only markup in this list, and the round-trip tests check it.
 *
 * Pure: no DOM, no I/O, no server import, so both sides may import it (docs/ARCHITECTURE.md, "shared/").
 * sanitize-html is the well-kept sanitizer used for this (htmlparser2 underneath, no DOM needed).
 */
import sanitize from "sanitize-html";

/** Tags kept; anything else is dropped (its text kept, except for script-like elements, dropped whole). */
export const ALLOWED_TAGS = [
  "p", "br", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "strong", "em", "b", "i", "u", "a", "code", "pre", "hr",
  "figure", "figcaption", "img",
  // Issue 32 §1: tables (with a caption and a header row), footnote calls, callouts (« Encadré »).
  "table", "caption", "thead", "tbody", "tr", "th", "td", "sup", "div",
] as const;

/**
 * An embedded player as stored: `<figure class="embed"><a href="https://…">title</a></figure>`. No iframe is
 * ever stored: the public page turns this figure into its click-to-load facade (site/src/lib/body-embeds.ts), and
 * anywhere else (feeds, previews) it stays a plain link.
 */
export const EMBED_CLASS = "embed";

/**
 * A file card (a PDF of the media library): `<figure class="file"><a href="/uploads/media/…">title</a>
 * <figcaption>PDF, 1,2 Mo</figcaption></figure>`, rendered as stored.
 */
export const FILE_CLASS = "file";

/**
 * A footnote as stored: `<sup class="footnote" data-note="the note's plain text">n</sup>`, numbered in document order
 * by the editor (articles/editor/output.ts); the page and the feeds turn it into a numbered call and a « Notes »
 * list (shared/footnotes.ts). The note is an attribute so it moves, is copied and is deleted with its call.
 */
export const FOOTNOTE_CLASS = "footnote";

/** An « Encadré » (callout): `<div class="callout">` around paragraphs, lists and titles. */
export const CALLOUT_CLASS = "callout";

/** The options, as data: the tags, attributes and URL schemes an HTML body may hold. */
export const HTML_ALLOW_LIST: sanitize.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  // rel and target are set by transformTags below, whatever the input said.
  allowedAttributes: {
    a: ["href", "title", "lang", "rel", "target"],
    img: ["src", "alt", "width", "height"],
    figure: ["class"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    sup: ["class", "data-note"],
    div: ["class"],
  },
  allowedClasses: { figure: [EMBED_CLASS, FILE_CLASS], sup: [FOOTNOTE_CLASS], div: [CALLOUT_CLASS] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  // Pictures come from https or from our own uploads only.
  exclusiveFilter: (frame) => frame.tag === "img" && !/^(https:\/\/|\/uploads\/)/.test(frame.attribs.src ?? ""),
  transformTags: {
    th: (tagName, attribs) => ({ tagName, attribs: spans(attribs, true) }),
    td: (tagName, attribs) => ({ tagName, attribs: spans(attribs, false) }),
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", ...(attribs.href?.startsWith("http") ? { target: "_blank" } : {}) },
    }),
  },
};

/** A cell keeps `scope` (row, col) and spans that are whole numbers from 2 to 100 only. */
function spans(attribs: sanitize.Attributes, header: boolean): sanitize.Attributes {
  const out: sanitize.Attributes = {};
  for (const name of ["colspan", "rowspan"]) {
    const v = attribs[name];
    if (v && /^\d{1,3}$/.test(v) && Number(v) >= 2 && Number(v) <= 100) out[name] = String(Number(v));
  }
  if (header && (attribs.scope === "col" || attribs.scope === "row")) out.scope = attribs.scope;
  return out;
}

/** HTML reduced to the allow-list: what is stored, and what a page renders with `set:html`. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, HTML_ALLOW_LIST).trim();
}

export { htmlToText } from "./html-text";
