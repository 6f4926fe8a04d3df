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
] as const;

/**
 * An embedded player as stored: `<figure class="embed"><a href="https://…">title</a></figure>`. No iframe is
 * ever stored: the public page turns this figure into its click-to-load facade (site/src/lib/body-embeds.ts), and
 * anywhere else (feeds, previews) it stays a plain link.
 */
export const EMBED_CLASS = "embed";

/** The options, as data: the tags, attributes and URL schemes an HTML body may hold. */
export const HTML_ALLOW_LIST: sanitize.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  // rel and target are set by transformTags below, whatever the input said.
  allowedAttributes: { a: ["href", "title", "lang", "rel", "target"], img: ["src", "alt", "width", "height"], figure: ["class"] },
  allowedClasses: { figure: [EMBED_CLASS] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  // Pictures come from https or from our own uploads only.
  exclusiveFilter: (frame) => frame.tag === "img" && !/^(https:\/\/|\/uploads\/)/.test(frame.attribs.src ?? ""),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", ...(attribs.href?.startsWith("http") ? { target: "_blank" } : {}) },
    }),
  },
};

/** HTML reduced to the allow-list: what is stored, and what a page renders with `set:html`. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, HTML_ALLOW_LIST).trim();
}

export { htmlToText } from "./html-text";
