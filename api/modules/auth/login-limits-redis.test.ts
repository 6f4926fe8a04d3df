/**
 * Sign-in limits shared through Redis (REDIS_URL): two API processes (two apps, two connections) on one database
 * and one real redis-server (api/testing/redis-server.ts) count the same attempts; Redis down means no sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { RedisConnection } from "../../lib/redis/connection";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { startTestRedis, type TestRedis } from "../../testing/redis-server";
import { LOGIN_POLICY, TOO_MANY_SIGN_INS } from "./login-limits";
import { RedisLoginLimits } from "./login-limits-redis";

const PASSWORD = "un-mot-de-passe-solide";

describe("sign-in limits shared through Redis", () => {
  let h: Harness;
  let redis: TestRedis;
  const connections: RedisConnection[] = [];
  let apps: { handle: (r: Request) => Promise<Response> }[] = [];

  beforeAll(async () => {
    redis = await startTestRedis();
    h = await createHarness();
    await makeUser(h.database.db, { nickname: "awa", password: PASSWORD });
    apps = [0, 1].map(() => {
      const connection = new RedisConnection(redis.url);
      connections.push(connection);
      return createApp({ ...h.deps, loginLimits: new RedisLoginLimits(connection) });
    });
  });
  afterAll(async () => {
    for (const c of connections) c.close();
    h.close();
    await redis.close();
  });

  const login = (i: number, ip: string, password: string) =>
    apps[i % 2]!.handle(
      new Request("http://localhost/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-client-ip": ip },
        body: JSON.stringify({ nickname: "awa", password }),
      }),
    );

  it("lets exactly the limit of wrong passwords through when 100 arrive at once on both processes", async () => {
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => login(i, "203.0.113.5", `faux-${i}`).then((r) => r.status)));
    // One address guessing one account: its five attempts, then 429 for all the others, whichever process.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_POLICY.perAddressAccount.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LOGIN_POLICY.perAddressAccount.limit);
    // Another address is not held back by this one's guesses.
    expect((await login(1, "198.51.100.20", PASSWORD)).status).toBe(200);
  });

  it("refuses every sign-in while Redis is down (fail closed), in French, and signs in again once it is back", async () => {
    await redis.stop();
    const refused = await login(0, "192.0.2.44", PASSWORD);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe(TOO_MANY_SIGN_INS);
    expect(refused.headers.get("set-cookie")).toBeNull();
    await redis.start();
    expect((await login(1, "192.0.2.44", PASSWORD)).status).toBe(200);
  });

  it("keeps the per-account rule of the in-process limits: a spent account lets only failure-free addresses try", async () => {
    const limits = new RedisLoginLimits(connections[0]!, {
      perAddress: { limit: 100, windowMs: 60_000 },
      perAddressAccount: { limit: 100, windowMs: 60_000 },
      perAccount: { limit: 3, windowMs: 60_000 },
    });
    const begin = (ip: string) => limits.begin(ip, "cible");
    for (const ip of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) expect(await begin(ip)).toHaveProperty("succeeded");
    // The account's budget is spent: an address that failed waits, a fresh one gets its attempt, once.
    expect(await begin("10.0.0.1")).toHaveProperty("retryAfter");
    const fresh = await begin("10.0.0.9");
    expect(fresh).toHaveProperty("succeeded");
    expect(await begin("10.0.0.9")).toHaveProperty("retryAfter");
    // A right password gives the attempt back: the same address may try again.
    await (fresh as { succeeded(): Promise<void> }).succeeded();
    expect(await begin("10.0.0.9")).toHaveProperty("succeeded");
  });
});
