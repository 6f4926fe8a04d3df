/**
 * « Aperçu » (issue 20 §3): the build process renders one article page with an author's working text, through
 * the same route, layout and components as the public page (scripts/build-worker.ts, job "preview"). The text is
 * handed over here, in the process's globals, for that one render: the build's reads (lib/api.ts) then see it in
 * place of the approved article, or beside the public ones for an article not yet public. Never set during a build.
 */
import type { Article, ArticleSummary } from "../../../api/contract";

const PREVIEW = Symbol.for("site.previewArticle");
const ANSWERS = Symbol.for("site.previewAnswers");
type WithPreview = { [PREVIEW]?: Article; [ANSWERS]?: Map<string, Promise<unknown>> };

export function setPreviewArticle(article: Article | null): void {
  (globalThis as WithPreview)[PREVIEW] = article ?? undefined;
}

export function previewArticle(): Article | undefined {
  return (globalThis as WithPreview)[PREVIEW];
}

/**
 * The « Aperçu » process keeps the API's answers from one preview to the next until the server says public
 * content changed (scripts/preview-worker.ts): at 5,000 articles, fetching the 20 MB of articles again made every
 * preview take seconds. lib/api.ts reads through this map when it is set; a build never sets it. The previewed
 * article is put in at read time (below), never into the kept answers.
 */
export function setPreviewAnswers(answers: Map<string, Promise<unknown>> | null): void {
  (globalThis as WithPreview)[ANSWERS] = answers ?? undefined;
}

export function previewAnswers(): Map<string, Promise<unknown>> | undefined {
  return (globalThis as WithPreview)[ANSWERS];
}

/** The summary the lists would carry for it (related articles, the page list). */
function summaryOf(a: Article): ArticleSummary {
  const text = a.txt_content.replace(/\s+/g, " ").trim();
  return {
    _id: a._id,
    title: a.title,
    url: a.url,
    articlePic: a.articlePic,
    themes: a.themes,
    authors: a.authors,
    keywords: a.keywords,
    createdAt: a.createdAt,
    excerpt: text.length > 300 ? `${text.slice(0, 300)}…` : text,
    mediaCount: a.media.length,
    approved: a.approved,
    online: a.online,
    draft: a.draft,
    pendingEdit: a.pendingEdit,
    publishAt: a.publishAt,
  };
}

/** The public summaries with the previewed article in its place (or added). */
export function withPreviewSummary(list: ArticleSummary[]): ArticleSummary[] {
  const a = previewArticle();
  if (!a) return list;
  return [summaryOf(a), ...list.filter((x) => x._id !== a._id)];
}

/** The previewed article when it is the one at `url`. */
export function previewAt(url: string): Article | undefined {
  const a = previewArticle();
  return a && a.url === url ? a : undefined;
}
