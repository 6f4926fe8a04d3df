/**
 * « Aperçu » (issue 20 §3): one article page rendered by a warm renderer with an author's working text, through the
 * public article route itself (same getStaticPaths, layout, styles, related articles and authors), answered and
 * never written. Used by the preview process (scripts/preview-worker.ts), which no site build ever blocks.
 */
import { nextBuildGeneration } from "../site/src/lib/per-build";
import { setPreviewArticle } from "../site/src/lib/preview-article";
import type { Article } from "../api/contract";
import { astroRenderPath, type CapturedPrerenderer } from "./prerenderer-capture";

/** The article page's route, as Astro names it (site/src/pages/article/[url].astro). */
const ARTICLE_ROUTE = "/article/[url]";

/** The page's HTML; throws when the page cannot be drawn (the caller shows the French failure page). */
export async function renderArticlePreview(prerenderer: CapturedPrerenderer, root: string, article: Article): Promise<string> {
  const app = prerenderer.app;
  if (!app) throw new Error("no prerenderer app");
  const route = app.manifest.routes.map((r) => r.routeData as { route?: string }).find((r) => r.route === ARTICLE_ROUTE);
  if (!route) throw new Error(`no route ${ARTICLE_ROUTE}`);
  const options = app.getOptions();
  const renderPath = await astroRenderPath(root);
  // Fresh data for this render only, and none of it left for the next one.
  nextBuildGeneration();
  app.routeCache.clearAll();
  setPreviewArticle(article);
  try {
    const result = await renderPath({
      prerenderer,
      pathname: `/article/${article.url}`,
      route,
      options,
      logger: options.logger,
      collectMetadata: false,
    });
    if (!result) throw new Error(`no page for /article/${article.url}`);
    return typeof result.body === "string" ? result.body : Buffer.from(result.body).toString("utf8");
  } finally {
    setPreviewArticle(null);
    nextBuildGeneration();
    app.routeCache.clearAll();
  }
}
