/**
 * What a page computed from the clock, and until when it holds. At build time a page that shows something
 * computed from the time it is rendered (an event's « À venir » badge, the month drawn on /events) says until when
 * that stays true; the page's reads (lib/page-reads.ts) keep the earliest such time, and a later build renders the
 * page again once it has passed, else carries it over. In the browser nothing is noted. Safe to import from browser
 * scripts (no Node module here).
 */
export const CLOCK = "clock";
export const NOTE_CLOCK = Symbol.for("site.noteClock");

/** Notes that what the page just computed from the clock holds until `until` (ms since 1970; NaN: not at all). */
export function holdsUntil(until: number): void {
  (globalThis as { [NOTE_CLOCK]?: (until: number) => void })[NOTE_CLOCK]?.(Number.isNaN(until) ? 0 : until);
}
