/**
 * Stored HTML (articles, media, events) is cleaned here, when it is written, so that nothing a member types can
 * run in a visitor's browser: a short allowlist of tags, links limited to http(s)/mailto and opened safely.
 * sanitize-html is the well-kept sanitizer used for this (htmlparser2 underneath, no DOM needed on the server).
 */
import sanitize from "sanitize-html";

const OPTIONS: sanitize.IOptions = {
  allowedTags: ["p", "br", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "strong", "em", "b", "i", "u", "a", "code", "pre", "hr", "figure", "figcaption", "img"],
  // rel and target are set by transformTags below, whatever the input said.
  allowedAttributes: { a: ["href", "title", "lang", "rel", "target"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  // Pictures may come from our own uploads too.
  exclusiveFilter: (frame) => frame.tag === "img" && !/^(https:\/\/|\/uploads\/)/.test(frame.attribs.src ?? ""),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", ...(attribs.href?.startsWith("http") ? { target: "_blank" } : {}) },
    }),
  },
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

/**
 * Plain text of HTML cleaned by sanitizeHtml, for items written in a rich editor only: excerpts, feeds and search
 * read the text. Only the entities sanitize-html writes need decoding.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|h[2-4]|li|blockquote|pre|figcaption)>/g, "\n\n")
    .replace(/<br\s*\/?>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
