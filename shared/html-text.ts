// Apart from html.ts so the browser apps can count an article's text without bundling the sanitizer.

/**
 * Plain text of HTML cleaned by sanitizeHtml, for items written in a rich editor only: excerpts, feeds and search
 * read the text. Only the entities sanitize-html writes need decoding.
 */
export function htmlToText(html: string): string {
  return html
    // A footnote call's number is not text (issue 32 §1); table cells are words apart, rows lines apart.
    .replace(/<sup class="footnote"[^>]*>[^<]*<\/sup>/g, "")
    .replace(/<\/(td|th)>/g, " ")
    .replace(/<\/(p|h[2-4]|li|blockquote|pre|figcaption|caption|tr)>/g, "\n\n")
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

/** The entities sanitize-html writes, decoded (a no-break space stays one): for values read back out of clean HTML. */
export const decodeEntities = (s: string) =>
  s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&nbsp;/g, "\u00a0").replace(/&amp;/g, "&");

/** Text made safe again to put back into HTML, in an element or a double-quoted attribute. */
export const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
