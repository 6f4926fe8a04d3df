/**
 * The path of a request URL, read the same way by the front door (api/lib/front.ts) and the API's own check
 * (api/plugins/routed-path.ts), without building a URL object (this runs for every request).
 */

/**
 * Where the path of an absolute URL starts (the first `/` after `scheme://host`), or -1 when the URL is not
 * absolute: Bun hands a bare `/path`, not even normalised, as `request.url` when the Host header is empty or
 * malformed (`Host: a/b`), and reading a path out of that by position would give another path.
 */
export function pathStart(url: string): number {
  const scheme = url.indexOf("://");
  if (scheme < 1 || !/^[a-z][a-z0-9+.-]*$/i.test(url.slice(0, scheme))) return -1;
  return url.indexOf("/", scheme + 3);
}

/** The path of an absolute request URL (up to its query), or null when the URL is not absolute. */
export function pathOf(url: string): string | null {
  const start = pathStart(url);
  if (start < 0) return null;
  const q = url.indexOf("?", start + 1);
  return q < 0 ? url.slice(start) : url.slice(start, q);
}

/** The answer to a request whose URL is not absolute (see pathStart). */
export const BAD_HOST_MESSAGE = "Requête invalide\u00a0: en-tête Host absent ou mal formé.";
