/**
 * Two API processes (`bun api/server.ts`, two ports) sharing one database and one real Redis (issue 24 §5): a write
 * through A is seen through B at once although B had cached the answer (pub/sub invalidation), and 100 parallel
 * wrong sign-ins spread over A and B are counted as one budget.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_POLICY } from "./modules/auth/login-limits";
import { SERVER_ADMIN, startListeningServer, type ListeningServer } from "./testing/listening-server";
import { startTestRedis, type TestRedis } from "./testing/redis-server";

let redis: TestRedis;
let a: ListeningServer;
let b: ListeningServer;

beforeAll(async () => {
  redis = await startTestRedis();
  a = await startListeningServer({ REDIS_URL: redis.url });
  b = await startListeningServer({ REDIS_URL: redis.url, DATABASE_URL: a.databaseUrl });
}, 120_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await redis?.close();
});

const themes = async (s: ListeningServer) => ((await (await fetch(`${s.origin}/api/public/themes`)).json()) as { name: string }[]).map((t) => t.name);

describe("two API processes on one database and one Redis", () => {
  it("serve a change made through one from the other at once, though the other had cached the list", async () => {
    const before = await themes(b);
    expect(await themes(b)).toEqual(before);
    const login = await fetch(`${a.origin}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-client-ip": "192.0.2.1" },
      body: JSON.stringify(SERVER_ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${a.origin}/api/admin/themes`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, origin: a.origin },
      body: JSON.stringify({ name: "Pêche artisanale", url: "peche-artisanale" }),
    });
    expect(created.status).toBe(201);
    // B hears the change on Redis before its next answer; the message may still be on its way: ask until it
    // shows, which it must (the cache is never cleared otherwise), with the test's own time limit as the bound.
    let seen = await themes(b);
    while (!seen.includes("Pêche artisanale")) seen = await themes(b);
    expect(seen).toContain("Pêche artisanale");
  });

  it("count 100 parallel wrong sign-ins spread over both as one budget", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${(i % 2 ? b : a).origin}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ nickname: SERVER_ADMIN.nickname, password: `faux-${i}` }),
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_POLICY.perAddressAccount.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LOGIN_POLICY.perAddressAccount.limit);
  });
});
