/**
 * The per-address registration limit counted in Redis (REDIS_URL): two API processes (two apps, two connections)
 * on one database count one address's registrations together, and while Redis is down registration is refused
 * (the limit fails closed: each registration mails the address it is given).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventRegistrations, events } from "../../../db/schema";
import { createApp } from "../../app";
import { redisAccountLimits } from "../../lib/account-limits";
import { RedisConnection } from "../../lib/redis/connection";
import { makeEvent } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { startTestRedis, type TestRedis } from "../../testing/redis-server";
import { TOO_MANY_REGISTRATIONS } from "./public";

describe("registration limit shared through Redis", () => {
  let h: Harness;
  let redis: TestRedis;
  let eventId: string;
  const connections: RedisConnection[] = [];
  let apps: { handle: (r: Request) => Promise<Response> }[] = [];

  beforeAll(async () => {
    redis = await startTestRedis();
    h = await createHarness({ REGISTRATIONS_PER_HOUR: "4" });
    apps = [0, 1].map(() => {
      const connection = new RedisConnection(redis.url);
      connections.push(connection);
      return createApp({ ...h.deps, limits: redisAccountLimits(connection, h.deps.env) });
    });
    eventId = (await makeEvent(h.database.db)).id;
    await h.database.db.update(events).set({ registrationOpen: true }).where(eq(events.id, eventId));
  });
  afterAll(async () => {
    for (const c of connections) c.close();
    h.close();
    await redis.close();
  });

  const register = (i: number) =>
    apps[i % 2]!.handle(
      new Request(`http://localhost/api/events/${eventId}/registrations`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-client-ip": "203.0.113.9" },
        body: JSON.stringify({ name: `Personne ${i}`, email: `redis${i}@example.sn`, consent: true }),
      }),
    );
  const written = async () => (await h.database.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId))).length;

  it("lets exactly the limit through when the registrations alternate between the two processes", async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => register(i)));
    expect(answers.map((r) => r.status).sort()).toEqual([202, 202, 202, 202, 429, 429, 429, 429]);
    expect(await answers.find((r) => r.status === 429)!.json()).toEqual({ message: TOO_MANY_REGISTRATIONS });
    expect(await written()).toBe(4);
  });

  it("refuses registrations while Redis is down (fails closed), writing nothing", async () => {
    await redis.stop();
    const res = await apps[0]!.handle(
      new Request(`http://localhost/api/events/${eventId}/registrations`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-client-ip": "198.51.100.30" },
        body: JSON.stringify({ name: "Pendant la panne", email: "panne@example.sn", consent: true }),
      }),
    );
    expect(res.status).toBe(429);
    expect(await written()).toBe(4);
    await redis.start();
  });
});
