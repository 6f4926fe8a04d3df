import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { person, type Person } from "../../modules/articles/test-kit";
import { createHarness, type Harness } from "../../testing/harness";
import { startTestRedis, type TestRedis } from "../../testing/redis-server";
import { count } from "drizzle-orm";
import { contactMessages } from "../../../db/schema";
import { CONTACT_LIMIT, redisAccountLimits, SEARCH_LIMIT } from "../account-limits";
import { RedisConnection } from "./connection";

/** Two API processes (two apps, two Redis connections) on one database count one member's searches together. */
describe("account limits shared through Redis", () => {
  let h: Harness;
  let redis: TestRedis;
  let awa: Person;
  const connections: RedisConnection[] = [];
  let apps: { handle: (r: Request) => Promise<Response> }[] = [];

  beforeAll(async () => {
    redis = await startTestRedis();
    h = await createHarness();
    awa = await person(h, "awa");
    apps = [0, 1].map(() => {
      const connection = new RedisConnection(redis.url);
      connections.push(connection);
      return createApp({ ...h.deps, limits: redisAccountLimits(connection, h.deps.env) });
    });
  });
  afterAll(async () => {
    for (const c of connections) c.close();
    h.close();
    await redis.close();
  });

  const search = (i: number) => apps[i % 2]!.handle(new Request("http://localhost/api/user/articles?q=peche", { headers: awa.auth }));

  it("lets exactly the limit through when the searches alternate between the two processes", async () => {
    const statuses = await Promise.all(Array.from({ length: SEARCH_LIMIT.limit * 2 }, (_, i) => search(i).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(SEARCH_LIMIT.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(SEARCH_LIMIT.limit);
  });

  it("lets searches through while Redis is down (the limit fails open) and counts again once it is back", async () => {
    await redis.stop();
    expect((await search(0)).status).toBe(200);
    await redis.start();
    expect((await search(1)).status).toBe(200);
    expect(await connections[0]!.send("GET", [`institut:limit:search:search:${awa.id}`])).toBe("1");
  });

  const contact = (i: number, ip: string) =>
    apps[i % 2]!.handle(
      new Request("http://localhost/api/public/contact", {
        method: "POST",
        headers: { "content-type": "application/json", "x-client-ip": ip },
        body: JSON.stringify({ name: "Lecteur", email: "l@example.org", subject: "Bonjour", message: `Message ${i}` }),
      }),
    );
  const stored = async () => (await h.database.db.select({ n: count() }).from(contactMessages))[0]!.n;

  it("lets exactly the contact limit through from one address across both processes", async () => {
    const before = await stored();
    const statuses = await Promise.all(Array.from({ length: 4 * CONTACT_LIMIT.limit }, (_, i) => contact(i, "203.0.113.7").then((r) => r.status)));
    expect(statuses.filter((s) => s === 201)).toHaveLength(CONTACT_LIMIT.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3 * CONTACT_LIMIT.limit);
    expect(await stored()).toBe(before + CONTACT_LIMIT.limit);
  });

  it("refuses contact messages while Redis is down (the limit fails closed), in French, storing nothing", async () => {
    const before = await stored();
    await redis.stop();
    const res = await contact(0, "198.51.100.9");
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe("Trop de messages envoyés. Merci de réessayer dans quelques minutes.");
    expect(await stored()).toBe(before);
    await redis.start();
  });
});
