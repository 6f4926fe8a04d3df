/**
 * Subscription requests per client address and per e-mail address as typed (whether or not it is subscribed: the
 * limit tells nothing). Each request may send a mail to a stranger's address, so a script must not turn the form
 * into a mail cannon. Behind the Limiter interface (api/lib/rate-limit.ts), in memory for one API process.
 * TODO(issue 24): a Redis-backed pair, failing closed like the reset limits, once the server passes its
 * connection to modules (today only AccountLimits is built from it, in api/server.ts).
 */
import { memoryLimiter, type Limiter } from "../../lib/rate-limit";

const HOUR_MS = 60 * 60_000;

export const SUBSCRIBE_LIMITS = { byClient: { limit: 20, windowMs: HOUR_MS }, byEmail: { limit: 5, windowMs: HOUR_MS } };

export type NewsletterLimits = { byClient: Limiter; byEmail: Limiter };

export function memoryNewsletterLimits(now: () => number = Date.now): NewsletterLimits {
  return {
    byClient: memoryLimiter(SUBSCRIBE_LIMITS.byClient.limit, SUBSCRIBE_LIMITS.byClient.windowMs, now),
    byEmail: memoryLimiter(SUBSCRIBE_LIMITS.byEmail.limit, SUBSCRIBE_LIMITS.byEmail.windowMs, now),
  };
}

const defaults = new WeakMap<object, NewsletterLimits>();

/** The limits of one app (one per deps object, so each test app starts with fresh counters). */
export function newsletterLimitsOf(deps: object): NewsletterLimits {
  let limits = defaults.get(deps);
  if (!limits) defaults.set(deps, (limits = memoryNewsletterLimits()));
  return limits;
}
