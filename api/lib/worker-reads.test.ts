import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema";
import { createApp } from "../app";
import { makeUser } from "../testing/factory";
import { createHarness, type Harness } from "../testing/harness";
import { memoryLimiter } from "./rate-limit";
import { createSession, SESSION_LIFETIME_MS, validateSessionToken } from "./session";
import { workerDeps } from "./worker-api";
import { onWorkerMessage, primarySessionWrites, PrimaryLimiter, type FromWorker, type ToWorker } from "./worker-ipc";
import { workerReadMatcher } from "./worker-reads";

describe("which requests a worker answers", () => {
  const routes = [
    { method: "GET", path: "/api/admin/newsletter/issues/:id" },
    { method: "GET", path: "/api/admin/newsletter/issues/proposal" },
    { method: "GET", path: "/api/admin/articles" },
    { method: "POST", path: "/api/admin/articles" },
    { method: "GET", path: "/api/public/article/:url" },
  ];
  const isRead = workerReadMatcher(routes, new Set(["/api/admin/newsletter/issues/:id", "/api/admin/articles", "/api/public/article/:url"]));

  it("answers listed GET and HEAD reads, never a write", () => {
    expect(isRead("GET", "/api/admin/articles")).toBe(true);
    expect(isRead("HEAD", "/api/admin/articles")).toBe(true);
    expect(isRead("POST", "/api/admin/articles")).toBe(false);
    expect(isRead("GET", "/api/public/article/un-article")).toBe(true);
    expect(isRead("GET", "/api/admin/newsletter/issues/abc")).toBe(true);
  });

  it("finds the route as the router does: a static segment wins over a parameter", () => {
    // `proposal` is its own (unlisted) route, not `issues/:id`.
    expect(isRead("GET", "/api/admin/newsletter/issues/proposal")).toBe(false);
  });

  it("leaves to the primary a path whose route would change once percent-decoded", () => {
    expect(isRead("GET", "/api/admin/newsletter/issues/%70roposal")).toBe(false);
    expect(isRead("GET", "/api/public/article/%C3%A9t%C3%A9")).toBe(true);
  });

  it("leaves unknown and unlisted paths to the primary", () => {
    expect(isRead("GET", "/api/admin/articles/extra")).toBe(false);
    expect(isRead("GET", "/api/admin/articles/")).toBe(false);
    expect(isRead("GET", "/api/nothing")).toBe(false);
  });
});

describe("a worker's writes go to the primary", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  /** A worker and a primary joined by a direct channel (the real one is Bun's IPC, api/authz-matrix-worker.test.ts). */
  function pair(search = memoryLimiter(3, 10_000, () => 1_000)) {
    let worker: PrimaryLimiter;
    const pending: Promise<void>[] = [];
    const toPrimary = (m: FromWorker) => {
      pending.push(onWorkerMessage(m, { db: h.database.db, search, reply: (r: ToWorker) => r.type === "took" && worker.answered(r.id, r.wait) }));
    };
    worker = new PrimaryLimiter(toPrimary);
    return { worker, search, toPrimary, settled: () => Promise.all(pending) };
  }

  it("counts a worker's searches in the primary's counter, shared with the primary's own", async () => {
    const { worker, search } = pair();
    expect(await search.take("search:u1")).toBe(0);
    expect(await worker.take("search:u1")).toBe(0);
    expect(await worker.take("search:u1")).toBe(0);
    // The limit (3) is spent across both processes: the next search is refused, whichever process asks.
    expect(await worker.take("search:u1")).toBeGreaterThan(0);
    expect(await search.take("search:u1")).toBeGreaterThan(0);
    expect(await worker.take("search:u2")).toBe(0);
  });

  it("slides and deletes sessions through the primary, not on the worker's handle", async () => {
    const { toPrimary, settled } = pair();
    const user = await makeUser(h.database.db);
    const { token, session } = await createSession(h.database.db, user.id, new Date(Date.now() - SESSION_LIFETIME_MS * 0.75));
    const seen = await validateSessionToken(h.database.db, token, new Date(), primarySessionWrites(toPrimary));
    expect(seen?.user.id).toBe(user.id);
    await settled();
    const [row] = await h.database.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS * 0.9);
  });

  it("fails loudly when a worker's app would build or announce a change", async () => {
    const { worker, toPrimary } = pair();
    const app = createApp(workerDeps(h.database.db, h.deps.env, toPrimary, worker, null));
    const admin = await makeUser(h.database.db, { role: "admin" });
    const { token } = await createSession(h.database.db, admin.id);
    const res = await app.handle(
      new Request("http://localhost/api/admin/themes", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "Thème refusé", url: "theme-refuse" }),
      }),
    );
    expect(res.status).toBe(500);
    const status = await app.handle(new Request("http://localhost/api/admin/site", { headers: { authorization: `Bearer ${token}` } }));
    expect(status.status).toBe(500);
  });
});
