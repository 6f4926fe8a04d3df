/**
 * The article form's rules (spec §5), apart from the UI so they are tested alone: the draft the modal edits, the
 * checks with the spec's exact messages, and the JSON body of POST/PUT /api/{user|admin}/articles.
 */
import type { Article } from "../../../../api/contract";
import { htmlToText } from "../../../../shared/html-text";
import { repeatsHtml } from "../../lib/format";
import { isBlankArticle, RULE_MESSAGES, textProblem } from "../../../../shared/article-rules";

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

/**
 * What blocks « Soumettre pour publication », with the spec's message for each field in trouble (empty object: the
 * form may be sent). `maxChars` is the server's limit (GET /api/user/articles/rules); until it is known, the
 * server alone checks the length. A draft is saved whatever this says.
 */
export function articleErrors(d: ArticleDraft, maxChars = Number.POSITIVE_INFINITY): ArticleErrors {
  const errors: ArticleErrors = {};
  // The text the server will count (it derives the plain text from the HTML the same way).
  const content = htmlToText(d.content);
  const titleProblem = textProblem(d.title, "x", maxChars);
  if (titleProblem) errors.title = titleProblem.message;
  const contentProblem = textProblem("x", content, maxChars);
  if (contentProblem) errors.content = contentProblem.message;
  else if (PICTURE_WITHOUT_ALT.test(d.content)) errors.content = "Chaque image doit avoir un texte alternatif.";
  if (d.themes.length === 0) errors.themes = RULE_MESSAGES.noTheme;
  return errors;
}

/** The first rule that blocks submission (title, then content, then themes), or null. */
export function blockingRule(d: ArticleDraft, maxChars?: number): string | null {
  const errors = articleErrors(d, maxChars);
  return errors.title ?? errors.content ?? errors.themes ?? null;
}

/** Nothing written yet: a new article is not sent to the server while this holds (no empty drafts). */
export function isBlank(d: ArticleDraft): boolean {
  return isBlankArticle(d.title, htmlToText(d.content), d.content);
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
