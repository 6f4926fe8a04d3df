/**
 * Article writes carry a whole paper as JSON, its text and its HTML: a draft may hold up to ten times the
 * submission limit (input.ts), far past the 64 KB every other JSON route takes. These routes get a limit sized
 * from that ceiling, checked before anything reads the body (api/plugins/body-limit.ts), so a long draft saves
 * instead of failing with « Requête trop volumineuse ».
 */

/** A draft's title may pass the spec's 200 characters, not without bound. */
export const DRAFT_TITLE_MAX = 1000;

/**
 * What a body may hold at most, markup included; drafts are saved whatever they hold (issue 32), but not without
 * bound: ten times the submission limit is several papers' worth. Past it the save is refused, nothing written.
 */
export const articleBodyCeiling = (maxChars: number) => Math.max(100_000, maxChars * 10);

/** Create (POST, no id) and update (PUT, one id) of an article, in the member space and the back office. */
const ARTICLE_WRITE = /^\/api\/(?:user|admin)\/articles(\/[^/]+)?\/?$/;

export function isArticleWrite(method: string, path: string): boolean {
  const m = ARTICLE_WRITE.exec(path);
  if (!m) return false;
  return m[1] === undefined ? method === "POST" : method === "PUT" && m[1] !== "/bulk";
}

/** Room for the other fields (themes, keywords, authors, flags): the 64 KB any JSON body may hold. */
const OTHER_FIELDS_BYTES = 64 * 1024;

/**
 * The largest body an article write may send: the text and the HTML at the ceiling, each character as up to 6
 * bytes of JSON (a control character escaped as \uXXXX; letters take 1 to 3), the title, and the other fields.
 */
export function articleWriteMaxBytes(maxChars: number): number {
  return 2 * articleBodyCeiling(maxChars) * 6 + DRAFT_TITLE_MAX * 6 + OTHER_FIELDS_BYTES;
}
