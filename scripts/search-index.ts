/**
 * Builds the Pagefind index of a finished Astro build into <outDir>/pagefind. Only French pages whose content is
 * marked `data-pagefind-body` (articles, media, events, member profiles: see Base.astro's `searchKind`) are
 * indexed, so lists, login, 404 and dashboards never show up in results. The index is rebuilt from scratch with
 * every site build, so content that was withdrawn disappears from search with the next build.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import * as pagefind from "pagefind";
import { foldApostrophes } from "../site/src/lib/search-text";

// Parts of indexed pages that repeat other pages (navigation back to a list, an author's list of publications):
// indexing them would make an article title also match every page that links to it.
const EXCLUDE = [".back-link", ".section-head", ".teaser-list", ".empty-state"];

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "pagefind" && entry.name !== "_astro") yield* htmlFiles(path);
    } else if (entry.name.endsWith(".html")) yield path;
  }
}

/** "article/l-ile.html" -> "/article/l-ile", as visitors see it with Astro's `build.format: "file"`. */
export function pageUrl(relPath: string): string {
  const segments = relPath.split(sep).join("/").replace(/\.html$/, "").replace(/(^|\/)index$/, "").split("/");
  return "/" + segments.filter(Boolean).map(encodeURIComponent).join("/");
}

export async function buildSearchIndex(outDir: string): Promise<{ pages: number }> {
  const { index, errors } = await pagefind.createIndex({ excludeSelectors: EXCLUDE, forceLanguage: "fr" });
  if (!index) throw new Error(`pagefind: ${errors.join("; ")}`);
  let pages = 0;
  try {
    for await (const path of htmlFiles(outDir)) {
      const html = await readFile(path, "utf8");
      // French pages with searchable content only (every page of this site is French today; a page in another
      // language would need its own index and its own search page).
      if (!/<html[^>]*\blang="fr/i.test(html) || !html.includes("data-pagefind-body")) continue;
      const res = await index.addHTMLFile({ url: pageUrl(relative(outDir, path)), content: foldApostrophes(html) });
      if (res.errors.length) throw new Error(`pagefind ${path}: ${res.errors.join("; ")}`);
      pages++;
    }
    const bundle = join(outDir, "pagefind");
    const written = await index.writeFiles({ outputPath: bundle });
    if (written.errors.length) throw new Error(`pagefind: ${written.errors.join("; ")}`);
    // /recherche uses the search API only (pagefind.js, its worker and WASM): Pagefind's ready-made UIs go.
    for (const entry of await readdir(bundle)) {
      if (/^pagefind-(ui|component-ui|modular-ui|highlight)\./.test(entry)) await rm(join(bundle, entry));
    }
  } finally {
    await pagefind.close();
  }
  return { pages };
}
