/**
 * Limits per account, so that one member cannot slow down or fill up the site for everyone (issue 18 §3):
 * searches in the member and admin lists, uploads and password-reset requests. They sit behind the Limiter /
 * KeyLocks interfaces of rate-limit.ts: in memory in one API process, or in Redis (`REDIS_URL`), shared by all.
 */
import { memoryLimiter, memoryLocks, type KeyLocks, type Limiter, type RefundableLimiter } from "./rate-limit";
import type { RedisConnection } from "./redis/connection";
import { redisLimiter, redisLocks } from "./redis/limits";

/**
 * 30 searches per 10 s per account: typing-as-you-search sends one request per pause, a few per second at most,
 * while the audit's flood (32 connections) sent hundreds per second and slowed every page of the site.
 */
export const SEARCH_LIMIT = { limit: 30, windowMs: 10_000 };

/** Admins upload more (they publish for others) but are still limited: a stolen admin session is not a disk filler. */
export const ADMIN_UPLOAD_FACTOR = 10;

const HOUR_MS = 60 * 60_000;

export type AccountLimits = {
  /** Searches (`q` / `search` on a member or admin list), keyed by user id. */
  search: Limiter;
  /** Uploads started by members, keyed by user id. */
  memberUploads: Limiter;
  /** Uploads started by admins, keyed by user id. */
  adminUploads: Limiter;
  /** One quota-counted upload at a time per member, so the pending total read before it stays true until it is stored. */
  uploadLocks: KeyLocks;
  /** Password-reset requests per client address (api/modules/password-reset). */
  resetsByAddress: Limiter;
  /** Password-reset requests per login as typed, whether or not an account has it: the limit tells nothing. */
  resetsByLogin: Limiter;
  /**
   * Password-reset mails per account (its alias and its e-mail count as one), keyed by the account's id; a login
   * that matches nobody takes its own key the same way. Silent: past it no mail is sent, the answer is the same
   * (a 429 there would tell that an alias and an address are one account).
   */
  resetsByAccount: Limiter;
  /** Event registrations per client address (api/modules/registrations): each may mail a stranger's address. */
  registrationsByAddress: Limiter;
  /** Contact-form messages per client address (api/modules/contact). */
  contactByAddress: Limiter;
  /**
   * Wrong proofs of the owner-present step (password, code, passkey) per member, keyed by user id
   * (api/modules/owner-present/service.ts): taken before the proof is checked, given back when the form had not
   * asked for the code yet, cleared when the owner proves themself.
   */
  ownerProofs: RefundableLimiter;
};

/**
 * 30 registrations per hour per client address: a family or an office behind one address registers a few people
 * to a few events; a script filling an event's places or mailing strangers is stopped. REGISTRATIONS_PER_HOUR
 * changes it (load tests send hundreds from one address).
 */
export const REGISTRATION_LIMIT = { limit: 30, windowMs: 60 * 60_000 };

/** The owner-present step: 5 wrong proofs per member in 15 minutes, whichever route and whichever API process. */
export const OWNER_PROOF_LIMIT = { limit: 5, windowMs: 15 * 60_000 };

/** Five messages per address in 15 minutes: a person never needs more, a spammer is slowed to a trickle. */
export const CONTACT_LIMIT = { limit: 5, windowMs: 15 * 60_000 };

/**
 * Reset mails: a member who lost their password asks once or twice; a script asking for a list of addresses is
 * stopped; an account gets at most 5 mails an hour, whether asked by its alias, its e-mail or both.
 */
export const RESET_LIMITS = {
  byAddress: { limit: 20, windowMs: HOUR_MS },
  byLogin: { limit: 5, windowMs: HOUR_MS },
  byAccount: { limit: 5, windowMs: HOUR_MS },
};

/** The in-process limits of one API process. `now` is injectable so tests need no timing. */
type LimitEnv = { uploadsPerHour: number; searchesPer10s?: number; registrationsPerHour?: number };

export function memoryAccountLimits(env: LimitEnv, now: () => number = Date.now): AccountLimits {
  return {
    search: memoryLimiter(env.searchesPer10s ?? SEARCH_LIMIT.limit, SEARCH_LIMIT.windowMs, now),
    memberUploads: memoryLimiter(env.uploadsPerHour, HOUR_MS, now),
    adminUploads: memoryLimiter(env.uploadsPerHour * ADMIN_UPLOAD_FACTOR, HOUR_MS, now),
    uploadLocks: memoryLocks(now),
    resetsByAddress: memoryLimiter(RESET_LIMITS.byAddress.limit, RESET_LIMITS.byAddress.windowMs, now),
    resetsByLogin: memoryLimiter(RESET_LIMITS.byLogin.limit, RESET_LIMITS.byLogin.windowMs, now),
    resetsByAccount: memoryLimiter(RESET_LIMITS.byAccount.limit, RESET_LIMITS.byAccount.windowMs, now),
    registrationsByAddress: memoryLimiter(env.registrationsPerHour ?? REGISTRATION_LIMIT.limit, REGISTRATION_LIMIT.windowMs, now),
    contactByAddress: memoryLimiter(CONTACT_LIMIT.limit, CONTACT_LIMIT.windowMs, now),
    ownerProofs: memoryLimiter(OWNER_PROOF_LIMIT.limit, OWNER_PROOF_LIMIT.windowMs, now),
  };
}

const defaults = new WeakMap<object, AccountLimits>();

/** The limits of an app: those given in its deps, else in-memory ones made once for these deps. */
export function accountLimitsOf(deps: { env: LimitEnv; limits?: AccountLimits }): AccountLimits {
  if (deps.limits) return deps.limits;
  let limits = defaults.get(deps);
  if (!limits) defaults.set(deps, (limits = memoryAccountLimits(deps.env)));
  return limits;
}

/**
 * The limits counted in Redis, shared by every API process (`REDIS_URL`). They fail open: while Redis is down a
 * search or an upload goes through (logged), since refusing every member's work for a counter outage would be
 * worse than a few uncounted requests; sign-in limits, when they move here, must fail closed instead.
 */
export function redisAccountLimits(redis: RedisConnection, env: LimitEnv): AccountLimits {
  return {
    search: failOpen(redisLimiter(redis, "search", env.searchesPer10s ?? SEARCH_LIMIT.limit, SEARCH_LIMIT.windowMs)),
    memberUploads: failOpen(redisLimiter(redis, "uploads", env.uploadsPerHour, HOUR_MS)),
    adminUploads: failOpen(redisLimiter(redis, "admin-uploads", env.uploadsPerHour * ADMIN_UPLOAD_FACTOR, HOUR_MS)),
    uploadLocks: failOpenLocks(redisLocks(redis, "upload-quota")),
    // Closed, not open: while Redis is down, a script could otherwise send mail to every member without limit.
    resetsByAddress: failClosed(redisLimiter(redis, "resets-address", RESET_LIMITS.byAddress.limit, RESET_LIMITS.byAddress.windowMs)),
    resetsByLogin: failClosed(redisLimiter(redis, "resets-login", RESET_LIMITS.byLogin.limit, RESET_LIMITS.byLogin.windowMs)),
    // Closed: while Redis is down, no reset mail rather than unlimited ones (the answer stays the same).
    resetsByAccount: failClosed(redisLimiter(redis, "resets-account", RESET_LIMITS.byAccount.limit, RESET_LIMITS.byAccount.windowMs)),
    // Closed as well: each registration mails the address it was given.
    registrationsByAddress: failClosed(redisLimiter(redis, "registrations-address", env.registrationsPerHour ?? REGISTRATION_LIMIT.limit, REGISTRATION_LIMIT.windowMs)),
    // Closed too: the form stores a message and notifies the admins; an outage must not open it to a flood.
    contactByAddress: failClosed(redisLimiter(redis, "contact-address", CONTACT_LIMIT.limit, CONTACT_LIMIT.windowMs)),
    // Closed, as the sign-in limits: uncounted guesses of a member's password are what this budget exists to stop.
    ownerProofs: failClosedRefundable(redisLimiter(redis, "owner-proofs", OWNER_PROOF_LIMIT.limit, OWNER_PROOF_LIMIT.windowMs)),
  };
}

/**
 * A limiter that answers `wait` (seconds) while the counter is unreachable: 0 lets the request through uncounted
 * (fail open), 60 makes it wait a minute with a 429 (fail closed).
 */
function whileDown(limiter: Limiter, wait: number, outcome: string): Limiter {
  return {
    take: (key) =>
      limiter.take(key).catch((e) => {
        console.error(`Redis unreachable, ${outcome}:`, (e as Error).message);
        return wait;
      }),
  };
}

const failOpen = (limiter: Limiter) => whileDown(limiter, 0, "limit not counted");
const failClosed = (limiter: Limiter) => whileDown(limiter, 60, "request refused");

/**
 * Closed on `take`; a lost refund or reset is logged, not thrown: it only leaves a guess counted too many, and the
 * change the owner just proved must not fail for it.
 */
function failClosedRefundable(limiter: RefundableLimiter): RefundableLimiter {
  const logged = (what: string) => (e: unknown) => console.error(`Redis unreachable, ${what}:`, (e as Error).message);
  return {
    ...failClosed(limiter),
    refund: (key) => limiter.refund(key).catch(logged("guess not refunded")),
    reset: (key) => limiter.reset(key).catch(logged("guesses not reset")),
  };
}

function failOpenLocks(locks: KeyLocks): KeyLocks {
  return {
    acquire: (key, ttlMs) =>
      locks.acquire(key, ttlMs).catch((e) => {
        console.error("Redis unreachable, lock not taken:", (e as Error).message);
        return async () => {};
      }),
  };
}
