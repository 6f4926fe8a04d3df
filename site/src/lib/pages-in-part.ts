/**
 * A route whose pages are made from their props alone (an ITEM_ROUTES route of scripts/partial-build.ts), listed in
 * part (issue 31 §1): in a warm build that continues this process's last listing (lib/listing-scope.ts), only the
 * pages whose props differ from that listing's, and the pages gone, are handed to the build; the plan keeps the
 * record of every other page of the route. The public article lists are ~9,000 pages at 50,000 articles, and a
 * change reaches a handful (the page each changed article is on, and the first pages that show the counts).
 *
 * Props are compared by value, cheaply: a summary that did not change is the same object from one build to the
 * next (lib/api.ts), so most comparisons stop at `===`; arrays and plain objects are compared member by member.
 * Anything else (a Date, a class instance) that is not the very same object counts as changed.
 */
import { continuesLastListing, currentListing, listedInPart } from "./listing-scope";

type Path = { params: Record<string, string | undefined>; props: Record<string, unknown> };

/** Each route's pages (by pathname) with their props, as this process last listed them, and that listing's token. */
const lastListed = new Map<string, { token: string | null; props: Map<string, { props: Record<string, unknown>; clock: string }>; listed: Path[] }>();

/** Whether two props values are equal (see above): identical, or arrays and plain objects equal member by member. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.prototype || Object.getPrototypeOf(b) !== Object.prototype) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The pages of `route` this build must list: all of them unless the build continues this process's last listing,
 * else those whose props changed or are new (the others and the gone ones named as touched, `listedInPart`).
 * `clockOf`: what a page computes from the clock (an event's « à venir »), as ITEM_ROUTES tells the plan; a page
 * whose answer moved is listed too.
 */
export function pagesInPart<P extends Path>(
  route: string,
  paths: P[],
  pathnameOf: (path: P) => string,
  clockOf?: (props: P["props"]) => string,
  /**
   * `paths` holds only the pages that may have changed (the caller knows every other page of the last listing is
   * still there, with the same props: lib/article-lists-kept.ts); only when `mayListOnlyChanged(route)`.
   */
  onlyChanged = false,
): P[] {
  const token = currentListing().token;
  const last = lastListed.get(route);
  // Asked twice in one listing (a route cache cleared): the same answer, or the pages listed the first time would
  // be compared with themselves and left out.
  if (last && token !== null && last.token === token) return last.listed as P[];
  if (onlyChanged) {
    if (!last || !continuesLastListing()) throw new Error(`${route}: listed in part without the last listing`);
    // The last listing's record, brought up to date page by page (a copy would cost the route's every page).
    const listed = paths.filter((p) => {
      const pathname = pathnameOf(p);
      const before = last.props.get(pathname);
      const clock = clockOf?.(p.props) ?? "";
      if (before !== undefined && before.clock === clock && sameValue(before.props, p.props)) return false;
      last.props.set(pathname, { props: p.props, clock });
      return true;
    });
    listedInPart(route, listed.map(pathnameOf));
    lastListed.set(route, { token, props: last.props, listed });
    return listed;
  }
  const now = new Map(paths.map((p) => [pathnameOf(p), { props: p.props, clock: clockOf?.(p.props) ?? "" }]));
  const remember = (listed: P[]) => (lastListed.set(route, { token, props: now, listed }), listed);
  if (!last || !continuesLastListing()) return remember(paths);
  const touched = new Set<string>();
  const listed = paths.filter((p) => {
    const pathname = pathnameOf(p);
    const before = last.props.get(pathname);
    if (before !== undefined && before.clock === now.get(pathname)!.clock && sameValue(before.props, p.props)) return false;
    touched.add(pathname);
    return true;
  });
  for (const pathname of last.props.keys()) if (!now.has(pathname)) touched.add(pathname);
  listedInPart(route, touched);
  return remember(listed);
}

/** Whether `route` may list only the pages that may have changed (`pagesInPart`'s `onlyChanged`). */
export function mayListOnlyChanged(route: string): boolean {
  return lastListed.has(route) && continuesLastListing();
}
