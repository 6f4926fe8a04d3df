/**
 * The article form's rules (spec §5), apart from the UI so they are tested alone: the draft the modal edits, the
 * checks with the spec's exact messages, and the JSON body of POST/PUT /api/{user|admin}/articles.
 */
import type { Article } from "../../../../api/contract";

/** Spec §9. */
export const TITLE_MAX = 200;
export const CONTENT_MAX = 10_000;

export type ArticleDraft = {
  title: string;
  content: string;
  themes: string[];
  /** Comma separated, as typed. */
  keywords: string;
  media: string[];
  /** Admin context only: user ids in display order (empty: the server makes the admin the author). */
  authors: string[];
};

export type ArticleErrors = Partial<Record<"title" | "content" | "themes", string>>;

export function draftOf(article: Article | null): ArticleDraft {
  if (!article) return { title: "", content: "", themes: [], keywords: "", media: [], authors: [] };
  return {
    title: article.title,
    content: article.txt_content,
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
  const content = d.content.trim();
  if (!content) errors.content = "Le contenu est obligatoire";
  else if (content.length > CONTENT_MAX) errors.content = "Le contenu est trop long (max 10 000 caractères)";
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
};

/**
 * The body sent for `d`. An emptied media or themes selection sends its clear flag (spec §5) instead of a list.
 * The form edits plain text only: when an article also has a rich version and its text is changed, the rich
 * version is dropped (sent empty), or the public page would keep showing the old formatted text beside the new.
 */
export function articleBody(d: ArticleDraft, stored: Article | null, context: "member" | "admin"): ArticleBody {
  const txt = d.content.trim();
  const body: ArticleBody = { title: d.title.trim(), txt_content: txt, keywords: splitKeywords(d.keywords) };
  if (stored && stored.html_content && txt !== stored.txt_content.trim()) body.html_content = "";
  if (d.themes.length) body.themes = d.themes;
  else body.clearThemes = true;
  if (d.media.length) body.media = d.media;
  else body.clearMedia = true;
  if (context === "admin" && d.authors.length) body.authors = d.authors;
  return body;
}
