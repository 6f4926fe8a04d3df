/**
 * Footnotes of an article body (issue 32 §1). Stored as `<sup class="footnote" data-note="text">n</sup>` at the
 * place of the call (shared/html.ts); read in document order, they become numbered calls linking to a « Notes »
 * list at the end of the body, each note linking back to its call. The public page and the feeds use this one
 * function, so the numbers are the same everywhere; they follow the order of the calls, so moving a note renumbers
 * every note (the stored number is only a fallback for readers of the raw HTML).
 *
 * Pure and DOM-free: the input is HTML already cleaned by sanitizeHtml, whose output form is fixed (double-quoted,
 * escaped attributes), and every value put back is escaped again, so the output is as safe as the input.
 */

import { decodeEntities, escapeHtml } from "./html-text";

const CALL = /<sup([^>]*)>[^<]*<\/sup>/g;
const ATTR = (name: string) => new RegExp(`\\s${name}="([^"]*)"`);

/** The notes' plain texts in the order of their calls. */
export function footnoteTexts(cleanHtml: string): string[] {
  const out: string[] = [];
  for (const m of cleanHtml.matchAll(CALL)) {
    const note = noteOf(m[1] ?? "");
    if (note !== null) out.push(note);
  }
  return out;
}

function noteOf(attrs: string): string | null {
  if (ATTR("class").exec(attrs)?.[1] !== "footnote") return null;
  const note = decodeEntities(ATTR("data-note").exec(attrs)?.[1] ?? "").trim();
  return note || null;
}

export type FootnoteOptions = {
  /**
   * The article's address, for a feed: anchors then point at the page, and the ARIA names are left out (the
   * « Notes » title they refer to is the page's).
   */
  base?: string;
};

/**
 * The body with its calls numbered and linked, followed by the « Notes » list; unchanged when it has no note. A
 * call whose note is empty is dropped (it would point at nothing).
 */
export function renderFootnotes(cleanHtml: string, opts: FootnoteOptions = {}): string {
  if (!cleanHtml.includes('class="footnote"')) return cleanHtml;
  const base = escapeHtml(opts.base ?? "");
  const notes: string[] = [];
  const body = cleanHtml.replace(CALL, (call, attrs: string) => {
    if (ATTR("class").exec(attrs)?.[1] !== "footnote") return call;
    const note = noteOf(attrs);
    if (note === null) return "";
    notes.push(note);
    const n = notes.length;
    // The number is read « Note 1 » (its name holds the visible number) and described by the list's title
    // (« Notes »), as GitHub and Ghost do. A label rather than hidden text inside the link: the link is then one box.
    const aria = base ? "" : ` aria-label="Note ${n}" aria-describedby="notes-titre"`;
    return `<sup class="footnote-ref"><a href="${base}#note-${n}" id="appel-${n}"${aria}>${n}</a></sup>`;
  });
  if (notes.length === 0) return body;
  const items = notes
    .map((note, i) => {
      const label = base ? "" : ` aria-label="Retour au texte (appel de la note ${i + 1})"`;
      return `<li id="note-${i + 1}">${escapeHtml(note)} <a href="${base}#appel-${i + 1}" class="footnote-back"${label}><span aria-hidden="true">↩\u00a0</span>Retour au texte</a></li>`;
    })
    .join("");
  return `${body}<section class="footnotes" aria-labelledby="notes-titre"><h2 id="notes-titre">Notes</h2><ol>${items}</ol></section>`;
}
