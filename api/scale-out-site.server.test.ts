/**
 * Two API processes with the site build on (issue 24 §5), sharing one database, one site folder and one real
 * Redis: they take turns (api/lib/redis/build-turns.ts), so one builds the site at start and the other serves it;
 * a change written through A is live in the pages B serves; a rebuild asked of both at once runs once.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_ADMIN, startListeningServer, type ListeningServer } from "./testing/listening-server";
import { freePort, startTestRedis, type TestRedis } from "./testing/redis-server";

const TOKEN = "scale-out-rebuild-token-0123456789";
let redis: TestRedis;
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
  redis = await startTestRedis();
  shared = mkdtempSync(join(tmpdir(), "scale-out-site-"));
  const env = { REDIS_URL: redis.url, SITE_BUILD: "on", SITE_DIR: join(shared, "site"), REBUILD_TOKEN: TOKEN };
  // Real ports: a build reads the API of the process that runs it at its own address.
  a = await startListeningServer({ ...env, PORT: String(await freePort()) });
  b = await startListeningServer({ ...env, PORT: String(await freePort()), DATABASE_URL: a.databaseUrl, UPLOADS_DIR: join(a.dir, "uploads") });
  await Promise.all([ready(a), ready(b)]);
}, 300_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await redis?.close();
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
  }, 300_000);

  it("run a rebuild asked of both at once one time", async () => {
    const [onA, onB] = await Promise.all([rebuild(a), rebuild(b)]);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect(onA.report.ok).toBe(true);
    expect(onB.report.id).toBe(onA.report.id);
  }, 300_000);
});
