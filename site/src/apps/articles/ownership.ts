/**
 * Who may open an article's edit form (issue 9: a member edits only the articles they author). The server is the
 * authority and refuses every other write with 403; this text is its 403 message word for word
 * (api/modules/articles/writes.ts), shown as soon as a member opens the edit address of someone else's article:
 * reading a public article is allowed, so the read itself does not answer 403.
 */
import type { Article } from "../../../../api/contract";

export const NOT_YOUR_ARTICLE = "Cet article n'est pas le vôtre\u00a0: seuls ses auteurs peuvent le modifier ou le supprimer.";

/** Spec §2: mine when the viewer is one of the article's authors. */
export function authoredBy(article: Pick<Article, "authors">, userId: string): boolean {
  return article.authors.some((a) => a._id === userId);
}
