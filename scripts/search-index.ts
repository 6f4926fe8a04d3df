/**
 * Builds the Pagefind index of a finished Astro build into <outDir>/pagefind. Only French pages whose content is
 * marked `data-pagefind-body` (articles, media, events, member profiles: see Base.astro's `searchKind`) are
 * indexed, so lists, login, 404 and dashboards never show up in results. The index is rebuilt from scratch with
 * every site build, so content that was withdrawn disappears from search with the next build.
 *
 * Speed (7,966 pages at 5,000 articles): Pagefind's service reads one JSON+base64 message per page over a pipe, so
 * each page is cut down to what Pagefind reads from it (see searchableSlice: a quarter of the bytes), and pages are
 * sent several at a time instead of one by one. The index written is the same, file for file.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import * as pagefind from "pagefind";
import { foldApostrophes } from "../site/src/lib/search-text";

// Parts of indexed pages that repeat other pages (navigation back to a list, an author's list of publications):
// indexing them would make an article title also match every page that links to it.
const EXCLUDE = [".back-link", ".section-head", ".teaser-list", ".empty-state"];

async function htmlFilesIn(dir: string, found: string[]): Promise<string[]> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "pagefind" && entry.name !== "_astro") await htmlFilesIn(path, found);
    } else if (entry.name.endsWith(".html")) found.push(path);
  }
  return found;
}

/** Every HTML file of the build, in a fixed order: Pagefind numbers pages in the order they arrive, so a directory
 * listed in another order (a build assembled from the previous one's files) would give other index files. */
async function htmlFiles(dir: string): Promise<string[]> {
  return (await htmlFilesIn(dir, [])).sort();
}

/** "article/l-ile.html" -> "/article/l-ile", as visitors see it with Astro's `build.format: "file"`. */
export function pageUrl(relPath: string): string {
  const segments = relPath.split(sep).join("/").replace(/\.html$/, "").replace(/(^|\/)index$/, "").split("/");
  return "/" + segments.filter(Boolean).map(encodeURIComponent).join("/");
}

/**
 * The part of a page Pagefind reads, as a smaller page: the `<html>` tag (language), the `<title>`, the element
 * marked `data-pagefind-body` with everything in it, and the first picture after it (Pagefind takes the first
 * `<img>` outside ignored parts as the result's image: the page's own picture, else the footer's logo; the
 * header is `data-pagefind-ignore`). Null when the page
 * is not searchable (not French, or nothing marked). Falls back to the whole page when the marked element is not
 * the expected single `<main>`, so the index never silently loses content.
 */
export function searchableSlice(html: string): string | null {
  if (!/<html[^>]*\blang="fr/i.test(html)) return null;
  const mark = html.indexOf("data-pagefind-body");
  if (mark < 0) return null;
  const start = html.lastIndexOf("<", mark);
  const end = html.lastIndexOf("</main>");
  const bodyStart = html.indexOf("<body");
  if (!html.startsWith("<main", start) || end < start || bodyStart < 0 || bodyStart > start) return html;
  const htmlTag = /<html[^>]*>/i.exec(html)![0];
  const title = /<title>[\s\S]*?<\/title>/.exec(html.slice(0, bodyStart))?.[0] ?? "";
  const picture = /<img\b[^>]*>/.exec(html.slice(end))?.[0] ?? "";
  return `<!doctype html>${htmlTag}<head>${title}</head><body>${html.slice(start, end + 7)}${picture}</body></html>`;
}

/** Pages handed to Pagefind's service at once: enough to keep it busy while the next files are read. */
const IN_FLIGHT = 16;

export async function buildSearchIndex(outDir: string): Promise<{ pages: number }> {
  const { index, errors } = await pagefind.createIndex({ excludeSelectors: EXCLUDE, forceLanguage: "fr" });
  if (!index) throw new Error(`pagefind: ${errors.join("; ")}`);
  let pages = 0;
  try {
    const sending = new Set<Promise<void>>();
    let failure: Error | null = null;
    for (const path of await htmlFiles(outDir)) {
      const slice = searchableSlice(await readFile(path, "utf8"));
      // French pages with searchable content only (every page of this site is French today; a page in another
      // language would need its own index and its own search page).
      if (slice === null) continue;
      const sent: Promise<void> = index.addHTMLFile({ url: pageUrl(relative(outDir, path)), content: foldApostrophes(slice) }).then(
        (res) => {
          if (res.errors.length) failure ??= new Error(`pagefind ${path}: ${res.errors.join("; ")}`);
          sending.delete(sent);
        },
        (e: Error) => {
          failure ??= e;
          sending.delete(sent);
        },
      );
      sending.add(sent);
      if (sending.size >= IN_FLIGHT) await Promise.race(sending);
      if (failure) throw failure;
      pages++;
    }
    await Promise.all(sending);
    if (failure) throw failure;
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
