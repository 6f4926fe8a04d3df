/**
 * « Aperçu » (issue 20 §3): an article as its public page will look, for its authors and admins, before it is
 * public or while an edit waits. The page is rendered by the « Aperçu » process's own warm renderer through the
 * public article route itself (scripts/preview-worker.ts, site/src/lib/preview-article.ts): same layout, styles,
 * related articles and authors; no site build makes it wait (issue 31 §5). Served from a signed-in address only,
 * never stored in the site, never indexed. It opens in a new tab: any failure is a French HTML page, never JSON.
 */
import type { Deps } from "../../deps";
import { HttpError } from "../../lib/errors";
import type { Article } from "./model";
import { previewFailurePage } from "./preview-failure";

/** The renderer could not draw the page (it failed, or took too long). */
const PREVIEW_FAILED = "L'aperçu n'a pas pu être préparé.";

const NOINDEX = '<meta name="robots" content="noindex, nofollow">';

const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex, nofollow",
  // The page's links lead to the public site; its own address is private.
  "referrer-policy": "same-origin",
};

/**
 * The preview page of the article `load` finds (its working text), as an HTML response that no one caches or
 * indexes; a refusal of `load` (403, 404) or a failed render answers the French failure page with its status.
 */
export async function previewResponse(deps: Deps, load: () => Promise<Article>): Promise<Response> {
  let article: Article;
  try {
    article = await load();
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    return failure(deps, e.status, e.message);
  }
  const result = deps.previews ? await deps.previews.render(article) : null;
  if (!result?.ok) {
    if (result) console.error(`« Aperçu » of article ${article._id} failed (${result.reason}): ${result.detail ?? ""}`);
    return failure(deps, 503, PREVIEW_FAILED);
  }
  const html = result.html;
  // The article page may be indexable; its preview never is (the header says so too, for any robot).
  const page = /<meta name="robots"[^>]*>/.test(html) ? html.replace(/<meta name="robots"[^>]*>/, NOINDEX) : html.replace(/<head(\s[^>]*)?>/, (m) => m + NOINDEX);
  return new Response(page, { headers: HEADERS });
}

function failure(deps: Deps, status: number, reason: string): Response {
  const page = previewFailurePage(deps.builder.status().live, reason);
  return new Response(page.replace(/<meta name="robots"[^>]*>/, NOINDEX), {
    status,
    headers: { ...HEADERS, ...(status === 503 ? { "retry-after": "5" } : {}) },
  });
}
