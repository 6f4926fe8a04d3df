/**
 * Two API processes' public caches (api/lib/public-cache.ts) kept honest through Redis pub/sub, against a real
 * redis-server: a change announced by one clears the other's cache; after a Redis restart the subscriber
 * resubscribes and drops its cache once (it may have missed a message), then hears changes again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestRedis, type TestRedis } from "../../testing/redis-server";
import { RedisConnection } from "./connection";
import { SharedInvalidation, type InvalidationReason } from "./invalidation";

describe("public cache invalidation shared through Redis", () => {
  let redis: TestRedis;
  const connections: RedisConnection[] = [];
  const processes: SharedInvalidation[] = [];
  /** What each process was told, and a way to wait for the next telling. */
  const heard: InvalidationReason[][] = [[], []];
  const waiters: ((r: InvalidationReason) => void)[] = [];
  const next = (i: number) => new Promise<InvalidationReason>((resolve) => (waiters[i] = resolve));

  beforeAll(async () => {
    redis = await startTestRedis();
    for (const i of [0, 1]) {
      const connection = new RedisConnection(redis.url);
      connections.push(connection);
      const p = new SharedInvalidation(redis.url, connection, (reason) => {
        heard[i]!.push(reason);
        waiters[i]?.(reason);
      });
      processes.push(p);
      await p.start();
    }
  });
  afterAll(async () => {
    for (const p of processes) p.stop();
    for (const c of connections) c.close();
    await redis.close();
  });

  it("clears the other process's cache on a change, not its own", async () => {
    const toB = next(1);
    await processes[0]!.announce();
    expect(await toB).toBe("change");
    expect(heard[0]).toEqual([]);
    const toA = next(0);
    await processes[1]!.announce();
    expect(await toA).toBe("change");
    expect(heard[1]).toEqual(["change"]);
  });

  it("drops the cache once after Redis restarts, then hears changes again", async () => {
    const resubscribed = next(1);
    await redis.stop();
    // A change made while Redis is down is not lost for good: B drops its cache when it resubscribes.
    await processes[0]!.announce();
    await redis.start();
    expect(await resubscribed).toBe("resubscribed");
    const toB = next(1);
    // The publisher's connection may need its first command to find out the server restarted.
    await processes[0]!.announce();
    await processes[0]!.announce();
    expect(await toB).toBe("change");
  });
});
