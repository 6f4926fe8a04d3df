/**
 * The Limiter and KeyLocks of api/lib/rate-limit.ts on Redis, so that every API process counts the same hits
 * (issue 24 §3): a fixed window per key (INCR, PEXPIRE on the first hit, in one Lua script so that a crash between
 * the two cannot leave a counter without expiry, and a refused hit is not counted, as in memory), and a lock per
 * key (SET NX PX with a random token; released only by its holder, by a script comparing the token).
 */
import type { KeyLocks, RefundableLimiter } from "../rate-limit";
import type { RedisConnection } from "./connection";

/** Counts a hit unless over the limit; answers 0 (counted) or the milliseconds left in the window. */
const TAKE = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if n > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]); ttl = tonumber(ARGV[2]) end
  return ttl
end
return 0`;

/** Gives one hit back, never below zero and never to a window that has ended (its key is gone then). */
const REFUND = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Keys of this site, apart from anything else the Redis holds. */
const PREFIX = "institut:";

export function redisLimiter(redis: RedisConnection, name: string, limit: number, windowMs: number): RefundableLimiter {
  const full = (key: string) => `${PREFIX}limit:${name}:${key}`;
  return {
    async take(key) {
      const wait = Number(await redis.send("EVAL", [TAKE, 1, full(key), limit, windowMs]));
      return wait > 0 ? Math.ceil(wait / 1000) : 0;
    },
    async refund(key) {
      await redis.send("EVAL", [REFUND, 1, full(key)]);
    },
    async reset(key) {
      await redis.send("DEL", [full(key)]);
    },
  };
}

export function redisLocks(redis: RedisConnection, name: string): KeyLocks {
  return {
    async acquire(key, ttlMs) {
      const full = `${PREFIX}lock:${name}:${key}`;
      const token = crypto.randomUUID();
      const got = await redis.send("SET", [full, token, "NX", "PX", ttlMs]);
      if (got !== "OK") return null;
      return async () => {
        await redis.send("EVAL", [RELEASE, 1, full, token]);
      };
    },
  };
}
