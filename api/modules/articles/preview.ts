/**
 * « Aperçu » (issue 20 §3): an article as its public page will look, for its authors and admins, before it is
 * public or while an edit waits. The page is rendered by the build worker's warm renderer through the public
 * article route itself (scripts/build-worker.ts, site/src/lib/preview-article.ts): same layout, styles, related
 * articles and authors. Served from a signed-in address only, never stored in the site, never indexed.
 */
import type { Deps } from "../../deps";
import { HttpError } from "../../lib/errors";
import type { Article } from "./model";

/** No warm renderer yet (the server's first build is still running, or the build worker restarts). */
const PREVIEW_UNAVAILABLE = "L'aperçu n'est pas disponible pendant la construction du site\u00a0: réessayez dans un instant.";

const NOINDEX = '<meta name="robots" content="noindex, nofollow">';

/** The preview page of `article` (its working text), as an HTML response that no one caches or indexes. */
export async function previewResponse(deps: Deps, article: Article): Promise<Response> {
  const html = (await deps.builder.preview?.(article)) ?? null;
  if (!html) throw new HttpError(503, PREVIEW_UNAVAILABLE);
  // The article page may be indexable; its preview never is (the header says so too, for any robot).
  const page = /<meta name="robots"[^>]*>/.test(html) ? html.replace(/<meta name="robots"[^>]*>/, NOINDEX) : html.replace(/<head(\s[^>]*)?>/, (m) => m + NOINDEX);
  return new Response(page, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex, nofollow",
      // The page's links lead to the public site; its own address is private.
      "referrer-policy": "same-origin",
    },
  });
}
