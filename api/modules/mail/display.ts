/**
 * A message's HTML as admins read it on the « Courriels » screen: cleaned by an allow-list for mail layouts
 * (tables and inline styles kept; scripts, images, forms, frames and event handlers dropped), then shown in a
 * sandboxed frame by the browser app. Images go too: a remote one is a tracker, and the preview must not tell
 * anyone that an admin opened a message. A masked link (issue 30 §4) reads « lien masqué ».
 */
import sanitize from "sanitize-html";
import { hasMarker, MASKED_LINK, maskedRest } from "./secrets";

/** Styles may not fetch anything (background images, fonts). */
function withoutFetchingStyle(tagName: string, attribs: sanitize.Attributes): sanitize.Tag {
  if (attribs.style && /url\s*\(|expression\s*\(|@import/i.test(attribs.style)) {
    const { style: _dropped, ...rest } = attribs;
    return { tagName, attribs: rest };
  }
  return { tagName, attribs };
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    "table", "thead", "tbody", "tfoot", "tr", "td", "th", "p", "br", "h1", "h2", "h3", "h4", "ul", "ol", "li", "a",
    "strong", "em", "b", "i", "u", "span", "div", "hr", "blockquote", "pre", "code", "center", "small",
  ],
  allowedAttributes: {
    "*": ["style", "align", "width", "role", "dir", "lang", "valign", "bgcolor"],
    a: ["href"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    table: ["cellpadding", "cellspacing", "border"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  // Their text is not part of the message body (the title is the subject, shown apart).
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "head"],
  transformTags: {
    "*": withoutFetchingStyle,
    // A masked link (secrets.ts) is no link at all: its words say so (issue 30 §4).
    // It keeps its own style (a button's colours), its words replaced.
    a: (tagName, attribs) =>
      attribs.href && hasMarker(attribs.href)
        ? { ...withoutFetchingStyle("strong", attribs.style ? { style: attribs.style } : {}), text: MASKED_LINK }
        : withoutFetchingStyle(tagName, attribs),
  },
};

export function mailHtmlForDisplay(html: string): string {
  return maskedRest(sanitize(html, OPTIONS).trim());
}
