/**
 * Issue 30 §5: a frozen Redis (port open, process stopped with SIGSTOP: connections are accepted, nothing is
 * answered) hung sign-in and the contact form for as long as it stayed frozen. Each command now has a deadline,
 * then the limit's documented choice applies: sign-in and contact fail closed (429), searches fail open.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { TOO_MANY_SIGN_INS } from "../../modules/auth/login-limits";
import { RedisLoginLimits } from "../../modules/auth/login-limits-redis";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { startTestRedis, type TestRedis } from "../../testing/redis-server";
import { redisAccountLimits } from "../account-limits";
import { CLIENT_IP_HEADER } from "../client-ip";
import { createSession } from "../session";
import { COMMAND_TIMEOUT_MS, RedisConnection } from "./connection";

const PASSWORD = "Bonjour-Goree-2025!";
/**
 * What the issue asks: an answer within 2 seconds of a frozen Redis. The deadline is checked as configuration,
 * never as measured time (a test must not pass or fail on a timing on these shared machines): without the
 * deadline the requests never answer, and the test fails by its own timeout. The times are printed.
 */
const PROMISED_MS = 2_000;

describe("a frozen Redis", () => {
  let h: Harness;
  let redis: TestRedis;
  let connection: RedisConnection;
  let app: ReturnType<typeof createApp>;
  let memberAuth: Record<string, string>;

  beforeAll(async () => {
    redis = await startTestRedis();
    h = await createHarness();
    const member = await makeUser(h.database.db, { nickname: "awa-gel", password: PASSWORD });
    memberAuth = { authorization: `Bearer ${(await createSession(h.database.db, member.id)).token}` };
    connection = new RedisConnection(redis.url);
    app = createApp({ ...h.deps, limits: redisAccountLimits(connection, h.deps.env), loginLimits: new RedisLoginLimits(connection) });
  });
  afterAll(async () => {
    connection.close();
    h.close();
    await redis.close();
  });

  const timed = async (request: Request) => {
    const started = performance.now();
    const res = await app.handle(request);
    return { status: res.status, json: (await res.json()) as { message?: string }, ms: performance.now() - started };
  };
  const signIn = () =>
    timed(
      new Request("http://localhost/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: "198.51.100.61" },
        body: JSON.stringify({ nickname: "awa-gel", password: PASSWORD }),
      }),
    );
  const contact = () =>
    timed(
      new Request("http://localhost/api/public/contact", {
        method: "POST",
        headers: { "content-type": "application/json", [CLIENT_IP_HEADER]: "198.51.100.62" },
        body: JSON.stringify({ name: "Lecteur", email: "l@example.org", subject: "Bonjour", message: "Un message." }),
      }),
    );
  const search = () => timed(new Request("http://localhost/api/user/articles?q=peche", { headers: memberAuth }));

  it("answers sign-in and contact with their fail-closed refusal, and searches open, instead of hanging", async () => {
    expect((await signIn()).status).toBe(200);
    redis.freeze();
    try {
      const login = await signIn();
      expect(login).toMatchObject({ status: 429, json: { message: TOO_MANY_SIGN_INS } });
      const message = await contact();
      expect(message).toMatchObject({ status: 429, json: { message: "Trop de messages envoyés. Merci de réessayer dans quelques minutes." } });
      const found = await search();
      expect(found.status).toBe(200);
      console.log(`frozen Redis: sign-in ${login.ms.toFixed(0)} ms, contact ${message.ms.toFixed(0)} ms, search ${found.ms.toFixed(0)} ms`);
      // Each request waits at most one command deadline per Redis command it sends (one or two).
      expect(2 * COMMAND_TIMEOUT_MS).toBeLessThanOrEqual(PROMISED_MS);
    } finally {
      redis.thaw();
    }
  }, 30_000);

  it("counts again once Redis answers again", async () => {
    redis.thaw();
    expect((await signIn()).status).toBe(200);
    expect(await connection.send("GET", ["institut:login:account:awa-gel"])).not.toBeNull();
  });
});
