import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRedis, type TestRedis } from "../../testing/redis-server";
import { RedisConnection } from "./connection";
import { redisLimiter, redisLocks } from "./limits";

/** Limits and locks shared by several API processes through a real redis-server (issue 24 §3). */
describe("Redis limits and locks", () => {
  let redis: TestRedis;
  // Two connections stand for two API processes.
  let a: RedisConnection;
  let b: RedisConnection;

  beforeAll(async () => {
    redis = await startTestRedis();
    a = new RedisConnection(redis.url);
    b = new RedisConnection(redis.url);
  });
  afterAll(async () => {
    a.close();
    b.close();
    await redis.close();
  });

  it("lets exactly the limit through when 100 parallel hits are spread over two processes", async () => {
    const onA = redisLimiter(a, "signin", 7, 60_000);
    const onB = redisLimiter(b, "signin", 7, 60_000);
    const waits = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? onA : onB).take("awa")));
    expect(waits.filter((w) => w === 0)).toHaveLength(7);
    for (const w of waits.filter((w) => w > 0)) expect(w).toBeGreaterThan(0), expect(w).toBeLessThanOrEqual(60);
    // Another key has its own window.
    expect(await onA.take("jean")).toBe(0);
  });

  it("does not count refused hits, and opens again when the window ends", async () => {
    const limiter = redisLimiter(a, "window", 2, 60_000);
    expect(await limiter.take("k")).toBe(0);
    expect(await limiter.take("k")).toBe(0);
    expect(await limiter.take("k")).toBeGreaterThan(0);
    expect(await a.send("GET", ["institut:limit:window:k"])).toBe("2");
    // The window ends (made to end now rather than waited for).
    await a.send("PEXPIRE", ["institut:limit:window:k", 1]);
    while ((await a.send("EXISTS", ["institut:limit:window:k"])) === 1) await Bun.sleep(5);
    expect(await limiter.take("k")).toBe(0);
  });

  it("gives a lock to one process at a time, released only by its holder", async () => {
    const onA = redisLocks(a, "uploads");
    const onB = redisLocks(b, "uploads");
    const release = await onA.acquire("awa", 60_000);
    expect(release).not.toBeNull();
    expect(await onB.acquire("awa", 60_000)).toBeNull();
    expect(await onB.acquire("jean", 60_000)).not.toBeNull();
    await release!();
    const second = await onB.acquire("awa", 60_000);
    expect(second).not.toBeNull();
    // A late release by the first holder must not free the second one's lock.
    await release!();
    expect(await onA.acquire("awa", 60_000)).toBeNull();
  });

  it("fails at once while Redis is down, and works again once it is back", async () => {
    const limiter = redisLimiter(a, "outage", 5, 60_000);
    expect(await limiter.take("k")).toBe(0);
    await redis.stop();
    await expect(limiter.take("k")).rejects.toThrow();
    await redis.start();
    // The data went with the server (no persistence in the tests): the window starts again.
    expect(await limiter.take("k")).toBe(0);
  });
});
