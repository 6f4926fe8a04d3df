/**
 * Routes listed in part (issue 31 §1, the dependency index). A route's getStaticPaths may, in a warm build, list
 * only the pages its changed data can reach instead of all of them (the article pages: lib/article-scope.ts),
 * provided it also names every page it "touched": those listed, and those it found gone (an article withdrawn or
 * renamed). The build's plan (scripts/partial-build.ts) then keeps the previous build's record of every other page
 * of that route as it is, and drops a touched page that was not listed.
 *
 * Listing in part is only sound on top of the listing that made the live build: what a route knows of "before"
 * (an article's related articles, its address) is the state its own process kept from that listing. Each listing
 * therefore gets a token, written in the pages manifest; a route lists in part only when the live build's token is
 * the last one this process made. A build that failed, one made by another process, or a restart all break the
 * chain, and the route lists everything again.
 *
 * The build's scripts and the site's bundle each load their own copy of this module, so the state is on globalThis.
 */
type Shared = {
  /** The token of the live build's listing (from its pages manifest), set before this listing starts. */
  base: string | null;
  /** This process's last listing and the current one. */
  last: string | null;
  current: string | null;
  /** Routes listed in part in the current listing: the pages each touched. */
  partial: Map<string, Set<string>>;
};

const SCOPE = Symbol.for("site.listingScope");
const shared: Shared = ((globalThis as { [SCOPE]?: Shared })[SCOPE] ??= { base: null, last: null, current: null, partial: new Map() });

/** Called by the build before the routes list their pages: `base` is the live build's listing token. */
export function beginListing(base: string | null | undefined): string {
  shared.base = base ?? null;
  shared.last = shared.current;
  shared.current = crypto.randomUUID();
  shared.partial = new Map();
  return shared.current;
}

/** True when a route may list in part: the live build was made by this process's previous listing. */
export function continuesLastListing(): boolean {
  return shared.base !== null && shared.base === shared.last;
}

/** A route listed in part: the pages it touched (listed or found gone), by pathname. */
export function listedInPart(route: string, touched: Iterable<string>): void {
  const set = shared.partial.get(route) ?? new Set<string>();
  for (const pathname of touched) set.add(pathname);
  shared.partial.set(route, set);
}

/** The current listing: its token and the routes listed in part. */
export function currentListing(): { token: string | null; partial: ReadonlyMap<string, ReadonlySet<string>> } {
  return { token: shared.current, partial: shared.partial };
}
