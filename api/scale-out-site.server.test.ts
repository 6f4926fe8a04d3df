/**
 * Two API processes with the site build on (issue 24 §5), sharing one database, one site folder, one real Redis
 * and a bucket on a real S3 server (Ceph's gateway) to publish the site to: they take turns to build
 * (api/lib/redis/build-turns.ts); a change written through A is live in the pages B serves and in the bucket; a
 * rebuild asked of both at once runs once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_ADMIN, startListeningServer, type ListeningServer } from "./testing/listening-server";
import { S3Client } from "bun";
import { RedisConnection } from "./lib/redis/connection";
import { freePort, startTestRedis, type TestRedis } from "./testing/redis-server";
import { startTestS3, type TestS3 } from "./testing/s3-server";

const TOKEN = "scale-out-rebuild-token-0123456789";
let redis: TestRedis;
let s3: TestS3;
let bucket: S3Client;
let shared: string;
let a: ListeningServer;
let b: ListeningServer;

const ready = async (s: ListeningServer) => {
  for (;;) {
    const health = (await (await fetch(`${s.origin}/api/health`)).json()) as { site: { ready: boolean } };
    if (health.site.ready) return;
    await Bun.sleep(500);
  }
};

beforeAll(async () => {
  [redis, s3] = await Promise.all([startTestRedis(), startTestS3({ buckets: ["site-public"] })]);
  shared = mkdtempSync(join(tmpdir(), "scale-out-site-"));
  // The published site only (uploads stay on disk): both processes may publish, the one that built does.
  const { S3_BUCKET: _uploads, ...s3Env } = s3.env("site-public");
  bucket = new S3Client({ endpoint: s3.endpoint, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, bucket: "site-public" });
  const env = { REDIS_URL: redis.url, SITE_BUILD: "on", SITE_DIR: join(shared, "site"), REBUILD_TOKEN: TOKEN, ...s3Env, PUBLISH_S3_BUCKET: "site-public" };
  // Real ports: a build reads the API of the process that runs it at its own address.
  a = await startListeningServer({ ...env, PORT: String(await freePort()) });
  b = await startListeningServer({ ...env, PORT: String(await freePort()), DATABASE_URL: a.databaseUrl, UPLOADS_DIR: join(a.dir, "uploads") });
  await Promise.all([ready(a), ready(b)]);
}, 400_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await redis?.close();
  await s3?.close();
  rmSync(shared, { recursive: true, force: true });
});

const rebuild = (s: ListeningServer) =>
  fetch(`${s.origin}/api/hooks/rebuild?wait=1`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } }).then(
    async (r) => ({ status: r.status, report: ((await r.json()) as { report: { id: string; ok: boolean } }).report }),
  );

describe("two API processes building one site", () => {
  it("both serve the site built at start, and a change written through A is live in the pages B serves", async () => {
    const login = await fetch(`${a.origin}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(SERVER_ADMIN) });
    const { token } = (await login.json()) as { token: string };
    expect((await fetch(`${b.origin}/articles/peche-durable`)).status).toBe(404);
    const created = await fetch(`${a.origin}/api/admin/themes`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, origin: a.origin },
      body: JSON.stringify({ name: "Pêche durable", url: "peche-durable" }),
    });
    expect(created.status).toBe(201);
    // The theme's page appears in what B serves once the build A asked for is live (the test's time limit bounds it).
    let status = 404;
    while (status !== 200) {
      await Bun.sleep(500);
      status = (await fetch(`${b.origin}/articles/peche-durable`)).status;
    }
    expect(await (await fetch(`${b.origin}/articles/peche-durable`)).text()).toContain("Pêche durable");
    // And in the bucket a CDN serves, published by the process that built it (its publish follows the swap).
    while (!(await bucket.exists("articles/peche-durable.html"))) await Bun.sleep(500);
    expect(await bucket.file("articles/peche-durable.html").text()).toContain("Pêche durable");
  }, 300_000);

  it("run a rebuild asked of both at once one time", async () => {
    // As if a third process were building: its lock held, both requests are counted and wait; once it is gone,
    // one of the two builds everything asked and the other is served by that build.
    const connection = new RedisConnection(redis.url);
    try {
      await connection.send("SET", ["institut:build:lock", "another-process", "PX", 60_000]);
      const asked = Number((await connection.send("GET", ["institut:build:requested"])) ?? 0);
      const both = Promise.all([rebuild(a), rebuild(b)]);
      while (Number(await connection.send("GET", ["institut:build:requested"])) < asked + 2) await Bun.sleep(50);
      await connection.send("DEL", ["institut:build:lock"]);
      const [onA, onB] = await both;
      expect([onA.status, onB.status]).toEqual([200, 200]);
      expect(onA.report.ok).toBe(true);
      expect(onB.report.id).toBe(onA.report.id);
    } finally {
      connection.close();
    }
  }, 300_000);
});
