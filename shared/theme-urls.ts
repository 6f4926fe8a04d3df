/**
 * Words a theme's address cannot be: below /articles they name the pages and sorts of the public lists
 * (/articles/page/2, /articles/tri/titre: site/src/lib/article-pages.ts) and the old /articles/theme/{x} links.
 */
export const RESERVED_THEME_URLS: readonly string[] = ["page", "tri", "theme"];
