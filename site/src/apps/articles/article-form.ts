/**
 * The article form's rules (spec §5), apart from the UI so they are tested alone: the draft the modal edits, the
 * checks with the spec's exact messages, and the JSON body of POST/PUT /api/{user|admin}/articles.
 */
import type { Article } from "../../../../api/contract";
import { htmlToText } from "../../../../shared/html-text";
import { repeatsHtml } from "../../lib/format";

/** Spec §9. */
export const TITLE_MAX = 200;
export const CONTENT_MAX = 10_000;

export type ArticleDraft = {
  title: string;
  /** The body as HTML (the editor's stored HTML, editor/output.ts). */
  content: string;
  themes: string[];
  /** Comma separated, as typed. */
  keywords: string;
  media: string[];
  /** Admin context only: user ids in display order (empty: the server makes the admin the author). */
  authors: string[];
};

export type ArticleErrors = Partial<Record<"title" | "content" | "themes", string>>;

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Plain text as paragraphs (blank lines) and line breaks, the way the public page shows it. */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * What the editor opens with, so that nothing the public page shows is lost: the rich body; the plain text when
 * there is no rich body; both when the plain text is not a copy of the rich body (the page shows it as a lead).
 */
export function bodyHtmlOf(article: Pick<Article, "txt_content" | "html_content">): string {
  const text = article.txt_content.trim();
  const html = article.html_content.trim();
  if (!html) return textToHtml(text);
  if (!text || repeatsHtml(text, html)) return html;
  return textToHtml(text) + html;
}

/** Pictures without an alternative text (the editor asks for one; an older body may lack it). */
const PICTURE_WITHOUT_ALT = /<img(?![^>]*\salt="[^"]*\S[^"]*")[^>]*>/i;

export function draftOf(article: Article | null): ArticleDraft {
  if (!article) return { title: "", content: "", themes: [], keywords: "", media: [], authors: [] };
  return {
    title: article.title,
    content: bodyHtmlOf(article),
    themes: article.themes.map((t) => t._id),
    keywords: article.keywords.join(", "),
    media: article.media.map((m) => m._id),
    authors: article.authors.map((a) => a._id),
  };
}

/** The spec's messages for each field in trouble (empty object: the form may be sent). */
export function articleErrors(d: ArticleDraft): ArticleErrors {
  const errors: ArticleErrors = {};
  const title = d.title.trim();
  if (!title) errors.title = "Le titre est obligatoire";
  else if (title.length > TITLE_MAX) errors.title = "Le titre est trop long (max 200 caractères)";
  // The text the server will count (it derives the plain text from the HTML the same way).
  const content = htmlToText(d.content);
  if (!content) errors.content = "Le contenu est obligatoire";
  else if (content.length > CONTENT_MAX) errors.content = "Le contenu est trop long (max 10 000 caractères)";
  else if (PICTURE_WITHOUT_ALT.test(d.content)) errors.content = "Chaque image doit avoir un texte alternatif.";
  if (d.themes.length === 0) errors.themes = "Au moins un thème doit être sélectionné";
  return errors;
}

/** "a, b ,, c" -> ["a", "b", "c"]: trimmed, empties and repeats dropped. */
export function splitKeywords(text: string): string[] {
  return [...new Set(text.split(",").map((k) => k.trim()).filter(Boolean))];
}

export type ArticleBody = {
  title: string;
  txt_content: string;
  html_content?: string;
  keywords: string[];
  themes?: string[];
  media?: string[];
  clearThemes?: true;
  clearMedia?: true;
  authors?: string[];
  /** Member routes: keep it a « Brouillon » (left out: the save sends it for approval). */
  draft?: true;
  /** The version the form edited: the server refuses a save from an older copy (409). */
  version?: number;
  /** Admin routes: « Publier le », Dakar "YYYY-MM-DDTHH:mm"; null cancels a schedule. */
  publishAt?: string | null;
};

/**
 * The body sent for `d`. An emptied media or themes selection sends its clear flag (spec §5) instead of a list.
 * The editor's HTML is the body; the plain text is left empty for the server to derive from it (api's input.ts),
 * so the two never disagree (the public page would show a differing plain text as a lead).
 */
export function articleBody(d: ArticleDraft, _stored: Article | null, context: "member" | "admin"): ArticleBody {
  const body: ArticleBody = { title: d.title.trim(), txt_content: "", html_content: d.content.trim(), keywords: splitKeywords(d.keywords) };
  if (d.themes.length) body.themes = d.themes;
  else body.clearThemes = true;
  if (d.media.length) body.media = d.media;
  else body.clearMedia = true;
  if (context === "admin" && d.authors.length) body.authors = d.authors;
  return body;
}
