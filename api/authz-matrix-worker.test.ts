/**
 * The authorization matrix through a worker's door (issue 34): the real server with one worker, on the matrix's own
 * database file, every read a worker answers (api/lib/worker-reads.ts) called as anonymous, member, another member
 * and admin at the worker's own port; each answer must be the matrix's expected status AND come from the worker
 * itself (x-served-by, SERVED_BY_HEADER=1), not from the primary behind it. What a read might write (a session's
 * slid expiry, an expired session) is written by the primary; everything else is forwarded.
 */
import { eq } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../db/schema";
import { startWithWorkerDoor, type RealServer } from "./testing/real-server";
import { createSession, SESSION_LIFETIME_MS } from "./lib/session";
import { WORKER_READ_ROUTES } from "./lib/worker-reads";
import { RULES } from "./testing/authz-matrix";
import { callRule } from "./testing/authz-matrix-call";
import { makeWorld, ROLES, type World } from "./testing/authz-matrix-world";
import { createHarness, type Harness } from "./testing/harness";

const TOKEN = "jeton-de-reconstruction-de-la-matrice";

describe("authorization matrix through a worker's door", () => {
  let h: Harness;
  let w: World;
  let server: RealServer;
  let door: string;
  const serverDir = mkdtempSync(join(tmpdir(), "matrix-worker-"));

  beforeAll(async () => {
    h = await createHarness({ REBUILD_TOKEN: TOKEN });
    w = await makeWorld(h);
    // The server opens the matrix's database (its people and rows are already there, so the seed adds nothing).
    ({ server, door } = await startWithWorkerDoor(serverDir, h.dir, { REBUILD_TOKEN: TOKEN, SERVED_BY_HEADER: "1" }));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    h?.close();
    rmSync(serverDir, { recursive: true, force: true });
  });

  const send = (r: Request) => fetch(r);

  it("names only GET routes the app serves, each with a matrix rule", () => {
    const served = new Set(h.app.routes.filter((r) => r.method === "GET").map((r) => r.path));
    expect([...WORKER_READ_ROUTES].filter((p) => !served.has(p) || !RULES[`GET ${p}`])).toEqual([]);
  });

  it("answers every worker read with the matrix's status, from the worker itself", async () => {
    const wrong: string[] = [];
    for (const path of WORKER_READ_ROUTES) {
      const rule = RULES[`GET ${path}`]!;
      for (const role of ROLES) {
        const { status, message, headers } = await callRule(send, w, "GET", path, rule, await w.caller(role), door);
        const by = headers.get("x-served-by") ?? "";
        if (status !== rule.expect[role]) wrong.push(`GET ${path} as ${role}: expected ${rule.expect[role]}, got ${status} (${String(message)})`);
        if (!by.startsWith("worker")) wrong.push(`GET ${path} as ${role}: answered by ${by || "nobody named"}`);
        // Personal answers are never stored, from whichever process (api/plugins/private-answers.ts).
        if (!path.startsWith("/api/public/") && headers.get("cache-control") !== "no-store") wrong.push(`GET ${path} as ${role}: cache-control ${headers.get("cache-control")}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);

  it("forwards writes and the reads it does not list to the primary", async () => {
    const admin = await w.caller("admin");
    const site = await fetch(`${door}/api/admin/site`, { headers: admin.headers });
    expect(site.status).toBe(200);
    expect(site.headers.get("x-served-by")).toBe("primary");
    const wrongLogin = await fetch(`${door}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: door },
      body: JSON.stringify({ nickname: w.loginUser.nickname, password: "pas le bon mot de passe" }),
    });
    expect(wrongLogin.status).toBe(401);
    expect(wrongLogin.headers.get("x-served-by")).toBe("primary");
  });

  it("has the primary slide a session used in its second half, and delete an expired one", async () => {
    const db = h.database.db;
    const old = new Date(Date.now() - SESSION_LIFETIME_MS * 0.75);
    const { token, session } = await createSession(db, w.people.member.id, old);
    const before = session.expiresAt.getTime();
    const me = await fetch(`${door}/api/user/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get("x-served-by")).toMatch(/^worker/);
    // The worker hands the write to the primary over IPC: wait for the row, not for a time.
    let after = before;
    for (let i = 0; i < 200 && after === before; i++) {
      await Bun.sleep(25);
      const [row] = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, session.id));
      after = row!.expiresAt.getTime();
    }
    expect(after).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS * 0.9);

    const expired = await createSession(db, w.people.member.id, new Date(Date.now() - SESSION_LIFETIME_MS - 60_000));
    const refused = await fetch(`${door}/api/user/me`, { headers: { authorization: `Bearer ${expired.token}` } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-served-by")).toMatch(/^worker/);
    let left = 1;
    for (let i = 0; i < 200 && left > 0; i++) {
      await Bun.sleep(25);
      left = (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, expired.session.id))).length;
    }
    expect(left).toBe(0);
  });

  it("drops the worker's cached public answers when the primary's content changes", async () => {
    const first = await (await fetch(`${door}/api/public/themes`)).json();
    const again = await fetch(`${door}/api/public/themes`);
    expect(again.headers.get("x-served-by")).toMatch(/^worker/);
    const admin = await w.caller("admin");
    const u = w.unique();
    const name = `Thème ${u}`;
    const created = await fetch(`${door}/api/admin/themes`, {
      method: "POST",
      headers: { ...admin.headers, "content-type": "application/json" },
      body: JSON.stringify({ name, url: `theme-${u}` }),
    });
    expect(created.status).toBe(201);
    // The write is acknowledged once the workers have dropped their answers: the very next read is fresh.
    const names = ((await (await fetch(`${door}/api/public/themes`)).json()) as { name: string }[]).map((t) => t.name);
    expect(names).toContain(name);
    expect(names.length).toBe((first as unknown[]).length + 1);
  });
});
