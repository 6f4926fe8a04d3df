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
