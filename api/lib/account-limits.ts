/**
 * Limits per account, so that one member cannot slow down or fill up the site for everyone (issue 18 §3):
 * searches in the member and admin lists, and uploads. They sit behind the Limiter / KeyLocks interfaces of
 * rate-limit.ts: in memory today (one API process), shared by every process once a Redis implementation exists.
 */
import { memoryLimiter, memoryLocks, type KeyLocks, type Limiter } from "./rate-limit";

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
};

/** The in-process limits of one API process. `now` is injectable so tests need no timing. */
export function memoryAccountLimits(env: { uploadsPerHour: number; searchesPer10s?: number }, now: () => number = Date.now): AccountLimits {
  return {
    search: memoryLimiter(env.searchesPer10s ?? SEARCH_LIMIT.limit, SEARCH_LIMIT.windowMs, now),
    memberUploads: memoryLimiter(env.uploadsPerHour, HOUR_MS, now),
    adminUploads: memoryLimiter(env.uploadsPerHour * ADMIN_UPLOAD_FACTOR, HOUR_MS, now),
    uploadLocks: memoryLocks(now),
  };
}

const defaults = new WeakMap<object, AccountLimits>();

/** The limits of an app: those given in its deps, else in-memory ones made once for these deps. */
export function accountLimitsOf(deps: { env: { uploadsPerHour: number }; limits?: AccountLimits }): AccountLimits {
  if (deps.limits) return deps.limits;
  let limits = defaults.get(deps);
  if (!limits) defaults.set(deps, (limits = memoryAccountLimits(deps.env)));
  return limits;
}
