/**
 * Stored HTML is cleaned by the API when written (api/lib/html.ts). The build cleans it again before `set:html`
 * puts it in a page: defence in depth against a row written behind the API's back (an import, a script, an older
 * version with a looser list) or a gap in one of the two lists. Same allowlist as the API's, kept here because
 * the site never imports server code; anything outside it is dropped, never escaped into visible markup.
 */
import sanitize from "sanitize-html";

const OPTIONS: sanitize.IOptions = {
  allowedTags: ["p", "br", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "strong", "em", "b", "i", "u", "a", "code", "pre", "hr", "figure", "figcaption", "img"],
  allowedAttributes: { a: ["href", "title", "lang", "rel", "target"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === "img" && !/^(https:\/\/|\/uploads\/)/.test(frame.attribs.src ?? ""),
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer nofollow", ...(attribs.href?.startsWith("http") ? { target: "_blank" } : {}) },
    }),
  },
};

/** Stored HTML made safe to render with `set:html`. */
export function cleanHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
