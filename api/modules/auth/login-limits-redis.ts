/**
 * The sign-in limits of ./login-limits.ts counted in Redis (REDIS_URL), so that every API process counts the same
 * attempts (issue 24 §3): the same four counters and rules, checked and counted in one Lua script, so a burst of
 * parallel attempts spread over several processes cannot pass checks made before the first of them is counted.
 * Fails closed: while Redis is unreachable, every sign-in waits a minute (429), since uncounted password guesses
 * are the one thing these limits exist to stop.
 */
import type { RedisConnection } from "../../lib/redis/connection";
import { LOGIN_POLICY, type LoginAttempt, type LoginPolicy, type SignInLimits } from "./login-limits";

/**
 * KEYS: address, address+account, account, failed address. ARGV: the three limits and windows, then the failed
 * address's window. Answers 0 (counted: go ahead) or the milliseconds to wait, as LoginLimits.begin does.
 */
const BEGIN = `
local function count(k) return tonumber(redis.call('GET', k) or '0') end
local function left(k) local t = redis.call('PTTL', k); if t < 1 then return 1 end; return t end
local wait = 0
if count(KEYS[1]) >= tonumber(ARGV[1]) then wait = math.max(wait, left(KEYS[1])) end
if count(KEYS[2]) >= tonumber(ARGV[3]) then wait = math.max(wait, left(KEYS[2])) end
if wait > 0 then return wait end
if count(KEYS[3]) >= tonumber(ARGV[5]) and count(KEYS[4]) > 0 then return math.min(left(KEYS[3]), left(KEYS[4])) end
local function hit(k, w) if redis.call('INCR', k) == 1 then redis.call('PEXPIRE', k, w) end end
hit(KEYS[1], ARGV[2]); hit(KEYS[2], ARGV[4]); hit(KEYS[3], ARGV[6]); hit(KEYS[4], ARGV[7])
return 0`;

/** A right password gives its attempt back: one hit off each counter, the address+account one cleared. */
const SUCCEEDED = `
for _, k in ipairs({KEYS[1], KEYS[3], KEYS[4]}) do
  if tonumber(redis.call('GET', k) or '0') > 0 then redis.call('DECR', k) end
end
redis.call('DEL', KEYS[2])
return 0`;

const PREFIX = "institut:login:";

/** While Redis is down: a minute's wait for everyone. */
export const WAIT_WHILE_DOWN = 60;

export class RedisLoginLimits implements SignInLimits {
  constructor(
    private readonly redis: RedisConnection,
    private readonly policy: LoginPolicy = LOGIN_POLICY,
  ) {}

  async begin(ip: string, account: string): Promise<LoginAttempt | { retryAfter: number }> {
    const keys = [`${PREFIX}address:${ip}`, `${PREFIX}pair:${ip}\n${account}`, `${PREFIX}account:${account}`, `${PREFIX}failed:${ip}`];
    const p = this.policy;
    let wait: number;
    try {
      wait = Number(
        await this.redis.send("EVAL", [
          BEGIN,
          4,
          ...keys,
          p.perAddress.limit,
          p.perAddress.windowMs,
          p.perAddressAccount.limit,
          p.perAddressAccount.windowMs,
          p.perAccount.limit,
          p.perAccount.windowMs,
          p.perAccount.windowMs,
        ]),
      );
    } catch (e) {
      console.error("Redis unreachable, sign-in refused:", (e as Error).message);
      return { retryAfter: WAIT_WHILE_DOWN };
    }
    if (wait > 0) return { retryAfter: Math.ceil(wait / 1000) };
    return {
      succeeded: async () => {
        // The sign-in goes on even if the refund is lost: it only leaves one failure counted too many.
        await this.redis.send("EVAL", [SUCCEEDED, 4, ...keys]).catch((e) => console.error("Redis unreachable, sign-in not refunded:", (e as Error).message));
      },
    };
  }
}
