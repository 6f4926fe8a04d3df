/**
 * Which main-navigation entry a page belongs to (« Vous êtes ici »). Detail pages live under a singular path
 * (/article/x, /event/x, /media/x) while their list is plural (/articles, /events, /mediatheque): without this
 * table an article page highlighted nothing while a theme page highlighted Articles.
 */
const SECTIONS: Record<string, readonly string[]> = {
  "/articles": ["/articles", "/article"],
  "/events": ["/events", "/event"],
  "/mediatheque": ["/mediatheque", "/media"],
};

/** True when `path` is the entry `href` itself or one of the pages under it. */
export function inNavSection(href: string, path: string): boolean {
  if (href === "/") return path === "/";
  return (SECTIONS[href] ?? [href]).some((root) => path === root || path.startsWith(root + "/"));
}
