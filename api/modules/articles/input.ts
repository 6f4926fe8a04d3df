/**
 * From the article form's body (multipart or JSON: the same fields, but repeated fields may come as one string and
 * flags as text) to clean values, with the exact messages of §5. Pure: no database, no HTTP.
 */
import { BadRequestError } from "../../lib/errors";
import { htmlToText, sanitizeHtml } from "../../../shared/html";
import { readPublishAt } from "../schedule/publish-at";
import { RULE_MESSAGES, textProblem } from "../../../shared/article-rules";
import { articleBodyCeiling, DRAFT_TITLE_MAX } from "./body-size";
import type { AdminArticleBody, ArticleBody } from "./model";

const KEYWORDS_MAX = 30;
const KEYWORD_MAX = 60;

/** The article form, cleaned. A list left `undefined` means "keep what is stored" (on update). */
export type ArticleInput = {
  title: string;
  txtContent: string;
  htmlContent: string | undefined;
  keywords: string[] | undefined;
  themes: string[] | undefined;
  media: string[] | undefined;
  authors: string[] | undefined;
  /** Member routes: save as « Brouillon » rather than send for approval. */
  draft: boolean;
  /** The version the form was opened at; undefined skips the check (clients of the spec). */
  version: number | undefined;
  /**
   * For a draft: the first rule of the text that would block its submission (the spec's message), else undefined.
   * A draft of an approved article is its pending edit, which an admin may approve: writes.ts refuses it then.
   */
  blocked?: string;
  /** Admin routes: « Publier le » (null cancels a schedule; undefined: not sent). */
  publishAt?: Date | null;
};

/** A repeated field as a list: one string, a list, or comma separated text; trimmed, without empties or repeats. */
export function listOf(value: string | string[] | undefined, splitCommas = false): string[] | undefined {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => (splitCommas ? v.split(",") : [v]));
  return [...new Set(parts.map((v) => v.normalize("NFC").trim()).filter(Boolean))];
}

/** "true", "1", "on" (multipart) or true (JSON). */
export function isSet(flag: boolean | string | undefined): boolean {
  return flag === true || (typeof flag === "string" && ["true", "1", "on"].includes(flag.trim().toLowerCase()));
}

/** A list that the clear flag empties on purpose, or that the field replaces, or undefined (not sent). */
function relation(value: string | string[] | undefined, clear: boolean | string | undefined): string[] | undefined {
  const list = listOf(value);
  if (list && list.length > 0) return list;
  return isSet(clear) ? [] : list;
}

/**
 * Checks and cleans the article form; throws a BadRequestError with the spec's message on the first problem. A
 * member's draft (`door` "member" with `draft`) is saved whatever it holds (no title, empty, past `maxChars`): the
 * spec's rules apply at submission, and the first one that would block it is returned as `blocked`.
 */
export function readArticleInput(body: ArticleBody | AdminArticleBody, maxChars: number, door: "member" | "admin"): ArticleInput {
  const draft = door === "member" && isSet(body.draft);
  // NFC: one stored form for each accented letter, which the search patterns rely on (search.ts).
  const title = body.title.normalize("NFC").trim();
  const ceiling = articleBodyCeiling(maxChars);
  if (draft && title.length > DRAFT_TITLE_MAX) throw new BadRequestError(`Le titre est trop long, même pour un brouillon (max ${DRAFT_TITLE_MAX} caractères)`);

  if (body.html_content !== undefined && body.html_content.length > ceiling) throw new BadRequestError(RULE_MESSAGES.contentTooLong(maxChars));
  const htmlContent = body.html_content === undefined ? undefined : sanitizeHtml(body.html_content.normalize("NFC"));
  // A rich-text-only form still gives the article a plain text, which the lists, feeds and search rely on.
  const txtContent = body.txt_content.normalize("NFC").trim() || (htmlContent ? htmlToText(htmlContent) : "");
  if (draft && txtContent.length > ceiling) throw new BadRequestError(RULE_MESSAGES.contentTooLong(maxChars));
  const problem = textProblem(title, txtContent, maxChars);
  if (problem && !draft) throw new BadRequestError(problem.message);

  const keywords = listOf(body.keywords, true);
  if (keywords && keywords.length > KEYWORDS_MAX) throw new BadRequestError("Trop de mots-clés (30 au plus).");
  if (keywords?.some((k) => k.length > KEYWORD_MAX)) throw new BadRequestError("Un mot-clé est trop long (60 caractères au plus).");

  const authors = "authors" in body ? listOf(body.authors) : undefined;
  return {
    title,
    txtContent,
    htmlContent,
    keywords,
    themes: relation(body.themes, body.clearThemes),
    media: relation(body.media, body.clearMedia),
    authors: authors && authors.length > 0 ? authors : undefined,
    draft,
    blocked: problem?.message,
    version: body.version === undefined ? undefined : Number(body.version),
    publishAt: "publishAt" in body ? readPublishAt(body.publishAt, "publication") : undefined,
  };
}
