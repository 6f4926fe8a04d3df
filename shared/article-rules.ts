/**
 * The rules an article must meet to be submitted (« Soumettre pour publication », member and admin spec §5), with
 * the spec's messages, for the API (which enforces them) and the apps (which say which one blocks submission before
 * sending). A draft is saved whatever it holds: these rules apply only at submission. The content limit is the
 * server's ARTICLE_MAX_CHARS, which the apps read from GET /api/user/articles/rules, never from a copy.
 */

/** Spec §9: the title's limit (fixed) and the content's default limit. */
export const TITLE_MAX = 200;
export const DEFAULT_CONTENT_MAX = 10_000;

/** Longest reason an admin may give with « Refuser la modification » (issue 32 §3): the API enforces it, the dialog counts. */
export const REFUSAL_REASON_MAX = 1000;

/** 10000 -> "10 000", as the spec writes it (a plain space, whatever the browser's locale data says). */
export function groupDigits(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

export const RULE_MESSAGES = {
  titleMissing: "Le titre est obligatoire",
  titleTooLong: `Le titre est trop long (max ${TITLE_MAX} caractères)`,
  contentMissing: "Le contenu est obligatoire",
  contentTooLong: (max: number) => `Le contenu est trop long (max ${groupDigits(max)} caractères)`,
  noTheme: "Au moins un thème doit être sélectionné",
  emptyDraft: "Ce brouillon est vide\u00a0: écrivez un titre ou un texte pour l'enregistrer.",
  refusalReasonTooLong: `Le motif du refus est trop long (max ${groupDigits(REFUSAL_REASON_MAX)} caractères).`,
} as const;

/** An admin's reason for refusing an edit (issue 32 §3), as its authors read it in the mail and on their article. */
export const refusalReasonText = (reason: string | null) => (reason ? `Motif\u00a0: ${reason}` : "Aucun motif n'a été donné.");

/** Things embedded in a body that are worth keeping without a word around them. */
const EMBEDDED = /<(img|iframe|video|audio)\b/i;

/**
 * Nothing written yet: no title, no text, nothing embedded (a body of one picture has no text but is not empty).
 * A new draft is never created from this, by the form (which does not send it) or by the API (which refuses it).
 */
export function isBlankArticle(title: string, text: string, html: string): boolean {
  return !title.trim() && !text.trim() && !EMBEDDED.test(html);
}

/** Which rule of the text blocks submission (title first, then content), or null. `text` is the plain text. */
export function textProblem(title: string, text: string, maxChars: number): { field: "title" | "content"; message: string } | null {
  const t = title.trim();
  if (!t) return { field: "title", message: RULE_MESSAGES.titleMissing };
  if (t.length > TITLE_MAX) return { field: "title", message: RULE_MESSAGES.titleTooLong };
  const c = text.trim();
  if (!c) return { field: "content", message: RULE_MESSAGES.contentMissing };
  if (c.length > maxChars) return { field: "content", message: RULE_MESSAGES.contentTooLong(maxChars) };
  return null;
}
