/**
 * Two API processes (`bun api/server.ts`, two ports) sharing one database and one real Redis (issue 24 §5): a write
 * through A is seen through B at once although B had cached the answer (pub/sub invalidation), 100 parallel
 * wrong sign-ins spread over A and B are counted as one budget, and Redis restarted during a stream of writes
 * loses none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_POLICY } from "./modules/auth/login-limits";
import { SERVER_ADMIN, startListeningServer, type ListeningServer } from "./testing/listening-server";
import { startTestRedis, type TestRedis } from "./testing/redis-server";

let redis: TestRedis;
let a: ListeningServer;
let b: ListeningServer;
let adminToken = "";

beforeAll(async () => {
  redis = await startTestRedis();
  a = await startListeningServer({ REDIS_URL: redis.url });
  b = await startListeningServer({ REDIS_URL: redis.url, DATABASE_URL: a.databaseUrl });
  // Signed in first: the sign-in test below uses up this address's attempts for the account.
  const login = await fetch(`${a.origin}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(SERVER_ADMIN) });
  adminToken = ((await login.json()) as { token: string }).token;
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

  it("lose no write while Redis is restarted in the middle of a stream of writes on both", async () => {
    const token = adminToken;
    const names = Array.from({ length: 60 }, (_, i) => `Résilience ${String(i).padStart(2, "0")}`);
    const write = (i: number) => {
      const s = i % 2 ? b : a;
      return fetch(`${s.origin}/api/admin/themes`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}`, origin: s.origin },
        body: JSON.stringify({ name: names[i], url: `resilience-${i}` }),
      }).then((r) => r.status);
    };
    const statuses: number[] = [];
    // A third of the writes, Redis killed, a third more, Redis back (empty: no persistence), the rest.
    for (let i = 0; i < 20; i++) statuses.push(await write(i));
    await redis.stop();
    statuses.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => write(20 + i)))));
    await redis.start();
    statuses.push(...(await Promise.all(Array.from({ length: 20 }, (_, i) => write(40 + i)))));
    expect(statuses).toEqual(names.map(() => 201));
    // Every write is stored and served by both processes (B's cache was dropped when it subscribed again, or by
    // the messages after the restart).
    for (const s of [a, b]) {
      let seen = await themes(s);
      while (!names.every((n) => seen.includes(n))) seen = await themes(s);
      expect(names.filter((n) => !seen.includes(n))).toEqual([]);
    }
  });
});
