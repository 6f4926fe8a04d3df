/**
 * Who may try a password now. Three counters, all taken BEFORE the password is hashed (a burst of parallel
 * requests cannot slip past a check made before the first of them is counted) and given back when the attempt
 * succeeds:
 * - per address: an address guessing across many accounts (password spraying);
 * - per address and account: an address guessing one account;
 * - per account, over an hour, from every address: a botnet guessing one account. When that budget is spent
 *   the account is NOT locked: an address with no failure (on any account) in the last hour still gets its
 *   attempt, and that attempt is counted against the address at once; addresses that have failed wait.
 *   So the owner, who has not been guessing, signs in from wherever they are, while an attacker gets at most
 *   one guess per fresh address per hour once the budget is spent. Reasoning in docs/SECURITY.md.
 * One instance serves passwords, second-factor codes and passkey sign-ins (api/modules/auth/index.ts), under the
 * same account key: a right password gives its attempt back but buys no separate budget of code guesses.
 */
import { RateLimiter } from "../../lib/rate-limit";

const MINUTE = 60_000;

/** The one answer to a sign-in over its limits, whichever door (password, code, passkey, Google start). */
export const TOO_MANY_SIGN_INS = "Trop de tentatives de connexion. Réessayez dans quelques minutes.";

/** The account key the limits count under: the alias as typed, trimmed and lower-cased. */
export const accountKey = (nickname: string) => nickname.trim().toLowerCase();

export type LoginPolicy = {
  perAddress: { limit: number; windowMs: number };
  perAddressAccount: { limit: number; windowMs: number };
  /** Failures on one account from every address before only failure-free addresses may try. */
  perAccount: { limit: number; windowMs: number };
};

export const LOGIN_POLICY: LoginPolicy = {
  perAddress: { limit: 10, windowMs: 15 * MINUTE },
  perAddressAccount: { limit: 5, windowMs: 15 * MINUTE },
  perAccount: { limit: 50, windowMs: 60 * MINUTE },
};

/** An attempt that was counted as a failure in advance; call `succeeded()` if the password was right. */
export type LoginAttempt = { succeeded(): void | Promise<void> };

/**
 * The sign-in limits of an app: `LoginLimits` below in one process, or the same rules counted in Redis for every
 * API process (./login-limits-redis.ts, with REDIS_URL).
 */
export type SignInLimits = {
  begin(ip: string, account: string): LoginAttempt | { retryAfter: number } | Promise<LoginAttempt | { retryAfter: number }>;
};

export class LoginLimits implements SignInLimits {
  private readonly address: RateLimiter;
  private readonly pair: RateLimiter;
  private readonly account: RateLimiter;
  /** Addresses with at least one failure in the account window (on any account). */
  private readonly failedAddress: RateLimiter;

  constructor(policy: LoginPolicy = LOGIN_POLICY) {
    this.address = new RateLimiter(policy.perAddress.limit, policy.perAddress.windowMs);
    this.pair = new RateLimiter(policy.perAddressAccount.limit, policy.perAddressAccount.windowMs);
    this.account = new RateLimiter(policy.perAccount.limit, policy.perAccount.windowMs);
    this.failedAddress = new RateLimiter(1, policy.perAccount.windowMs);
  }

  /**
   * Counts an attempt by `ip` on `account` as a failure, or returns the seconds to wait. Synchronous on purpose:
   * nothing can run between the checks and the counting.
   */
  begin(ip: string, account: string, now = Date.now()): LoginAttempt | { retryAfter: number } {
    const pairKey = `${ip}\n${account}`;
    const wait = Math.max(this.address.retryAfter(ip, now), this.pair.retryAfter(pairKey, now));
    if (wait > 0) return { retryAfter: wait };
    const accountBusy = this.account.retryAfter(account, now) > 0;
    if (accountBusy && this.failedAddress.count(ip, now) > 0) {
      // Either the account's hour or this address's own failure record ends first.
      return { retryAfter: Math.min(this.account.windowLeft(account, now), this.failedAddress.windowLeft(ip, now)) };
    }
    this.address.hit(ip, now);
    this.pair.hit(pairKey, now);
    this.account.hit(account, now);
    this.failedAddress.hit(ip, now);
    return {
      succeeded: () => {
        this.address.refund(ip, now);
        this.pair.reset(pairKey);
        this.account.refund(account, now);
        this.failedAddress.refund(ip, now);
      },
    };
  }
}
