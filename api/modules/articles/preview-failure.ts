/**
 * The page « Aperçu » shows when it cannot show the article (issue 31 §5): the live site's own
 * `apercu-indisponible.html` (site/src/pages/apercu-indisponible.astro: the site's layout, lang="fr", a title) with
 * the reason in it, or, before the first build, a plain page saying the same. Opened in a new tab, so never JSON.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

const PAGE = "apercu-indisponible.html";
const REASON = /(<p\b[^>]*data-preview-reason[^>]*>)[\s\S]*?(<\/p>)/;

/** The reason goes in element text only: &, < and > are all that need escaping there. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The failure page's HTML, with `reason` (French, plain text) as its lead paragraph. */
export function previewFailurePage(liveDir: string | null, reason: string): string {
  if (liveDir) {
    try {
      const page = readFileSync(join(liveDir, PAGE), "utf8");
      if (REASON.test(page)) return page.replace(REASON, (_, open: string, close: string) => `${open}${escapeHtml(reason)}${close}`);
    } catch {
      // A live build made before this page existed: the plain page below.
    }
  }
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Aperçu indisponible</title></head>
<body>
<main>
<h1>Aperçu indisponible</h1>
<p data-preview-reason>${escapeHtml(reason)}</p>
<p>Votre texte est bien enregistré. Réessayez dans un instant\u00a0; si le problème persiste, prévenez un administrateur.</p>
<p><a href="/user/articles">Mes articles</a></p>
</main>
</body>
</html>
`;
}
