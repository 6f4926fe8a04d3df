/**
 * A fixed-window counter per key, in memory. Good enough for one server process; the counters reset on restart,
 * which only ever errs on the side of letting a real visitor through.
 *
 * Callers that do slow work (argon2, a database write) must count the attempt with `take()` BEFORE the work and
 * give it back with `refund()` if it turns out not to count: a check now and a `hit()` after the work lets every
 * request of a parallel burst pass the check before the first one is counted.
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Seconds to wait when `key` is over its limit, else 0. Does not count a hit. */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.limit ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  /** Hits counted for `key` in the current window. */
  count(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    return !entry || entry.resetAt <= now ? 0 : entry.count;
  }

  /** Seconds until the window of `key` ends (0 when it has none). */
  windowLeft(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    return !entry || entry.resetAt <= now ? 0 : Math.ceil((entry.resetAt - now) / 1000);
  }

  /** Counts a hit unless `key` is already over its limit. Returns the seconds to wait (0: counted, go ahead). */
  take(key: string, now = Date.now()): number {
    const wait = this.retryAfter(key, now);
    if (wait === 0) this.hit(key, now);
    return wait;
  }

  hit(key: string, now = Date.now()): void {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.hits.size > 10_000) this.sweep(now);
    } else entry.count++;
  }

  /** Gives back one hit taken for work that turned out not to count (a successful sign-in). */
  refund(key: string, now = Date.now()): void {
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > now && entry.count > 0) entry.count--;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}
