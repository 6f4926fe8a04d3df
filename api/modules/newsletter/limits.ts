/**
 * Subscription requests per client address and per e-mail address (whether or not it is subscribed: the limit
 * tells nothing), the address counted as its mailbox: `name+tag@` is `name@` (issue 30 §4), so tags cannot turn
 * one inbox into many. Each request may send a mail to a stranger's address, so a script must not turn the form
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

/**
 * The key an address is counted under: lower case, without its `+tag` (most providers deliver `name+anything@` to
 * `name@`). Only the limit uses it: the list keeps the address as typed.
 */
export function limitKeyOf(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 0) return email.toLowerCase();
  const local = email.slice(0, at);
  const plus = local.indexOf("+");
  return `${plus > 0 ? local.slice(0, plus) : local}${email.slice(at)}`.toLowerCase();
}

/** Takes one request from both limits: the milliseconds to wait, 0 when it may go ahead. */
export async function takeSubscribe(limits: NewsletterLimits, client: string, email: string): Promise<number> {
  return Math.max(await limits.byClient.take(client), await limits.byEmail.take(limitKeyOf(email)));
}

const defaults = new WeakMap<object, NewsletterLimits>();

/** The limits of one app (one per deps object, so each test app starts with fresh counters). */
export function newsletterLimitsOf(deps: object): NewsletterLimits {
  let limits = defaults.get(deps);
  if (!limits) defaults.set(deps, (limits = memoryNewsletterLimits()));
  return limits;
}
