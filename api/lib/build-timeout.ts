/**
 * How long a site build may run before it is killed and reported failed (the live site stays).
 *
 * BUILD_TIMEOUT_S is there for a hung build, but a build's honest time grows with the site: a whole build at 50,000
 * articles took 9–10 minutes on two slow cores (docs/PERFORMANCE.md), past the 600 s default. It was killed, its
 * automatic retry (a whole build again) was killed too, and the site would never have gone live without someone
 * raising the limit. So the limit is BUILD_TIMEOUT_S plus an allowance per published item, about four times what
 * a whole build spends on one there: a genuinely hung build is still killed, later on a large site.
 */
export const BUILD_MS_PER_ITEM = 40;

/** The limit for a site of `items` published articles and media, with `baseS` = BUILD_TIMEOUT_S. */
export function buildTimeoutMs(baseS: number, items: number): number {
  return baseS * 1000 + BUILD_MS_PER_ITEM * Math.max(0, Math.floor(items));
}
