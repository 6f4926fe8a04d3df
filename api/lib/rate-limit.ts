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

/**
 * A per-key limit as the request paths see it: asynchronous, so the same callers work with a counter shared by
 * several processes (a Redis fixed window, issue 24) as with the in-memory one below. Nothing in it may assume
 * that this process saw the earlier hits.
 */
export interface Limiter {
  /** Counts one hit for `key` unless it is over the limit; resolves to the seconds to wait (0: counted, go ahead). */
  take(key: string): Promise<number>;
}

/**
 * A Limiter whose caller may give a hit back: `refund` when the work turned out not to count (a form that had not
 * asked for the code yet), `reset` when the key's owner proved themself (the owner-present step's budget).
 */
export interface RefundableLimiter extends Limiter {
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/** The in-process Limiter: a RateLimiter behind the async interface. `now` is injectable so tests need no timing. */
export function memoryLimiter(limit: number, windowMs: number, now: () => number = Date.now): RefundableLimiter {
  const counter = new RateLimiter(limit, windowMs);
  return {
    take: async (key) => counter.take(key, now()),
    refund: async (key) => counter.refund(key, now()),
    reset: async (key) => counter.reset(key),
  };
}

/**
 * At most one holder per key at a time, for work that reads a total and then adds to it (a member's pending
 * uploads). `acquire` never waits: it answers null while someone else holds the key. The ttl frees a key whose
 * holder never released it (a crash, a lost connection), as a Redis `SET NX PX` would.
 */
export interface KeyLocks {
  acquire(key: string, ttlMs: number): Promise<(() => Promise<void>) | null>;
}

/** The in-process KeyLocks. */
export function memoryLocks(now: () => number = Date.now): KeyLocks {
  const held = new Map<string, { token: symbol; until: number }>();
  return {
    async acquire(key, ttlMs) {
      const current = held.get(key);
      if (current && current.until > now()) return null;
      const token = Symbol(key);
      held.set(key, { token, until: now() + ttlMs });
      // Released once, and only by its own holder: a late release after the ttl must not free a newer holder.
      return async () => {
        if (held.get(key)?.token === token) held.delete(key);
      };
    },
  };
}
