/**
 * Issue 30 §3 through the real server (`bun api/server.ts`, ADMIN_2FA=required): an administrator held back at
 * enrolment reads no private upload. ./enrolment-gate.test.ts builds the uploads' gate the way api/server.ts does;
 * this one proves api/server.ts really does (a gate built there without the enrolment rule let the file through).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdf } from "../../lib/uploads/samples";
import { ADMIN, startServer, type RealServer } from "../../testing/real-server";

const PASSWORD = "Autrice-Fichiers-2026!";

describe("ADMIN_2FA=required on the real server", () => {
  const dir = mkdtempSync(join(tmpdir(), "enrolment-gate-server-"));
  let server: RealServer;
  beforeAll(async () => {
    server = await startServer(dir, { ADMIN_2FA: "required" });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  let n = 0;
  const from = () => ({ "x-forwarded-for": `203.0.113.${++n}` });
  const json = (method: string, path: string, body?: unknown, token?: string) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...from(), ...(body === undefined ? {} : { "content-type": "application/json" }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const signIn = async (nickname: string, password: string) => (await (await json("POST", "/api/auth/login", { nickname, password })).json()) as { token: string };

  /** Turns the app on for the session `token` (password for the owner-present step); the first code of `secret`. */
  async function enrol(token: string, password: string) {
    const start = await json("POST", "/api/user/me/two-factor/totp", undefined, token);
    expect(start.status).toBe(200);
    const { secret } = (await start.json()) as { secret: string };
    const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret) });
    const confirm = await json("POST", "/api/user/me/two-factor/totp/confirm", { code, currentPassword: password }, token);
    expect(confirm.status, await confirm.clone().text()).toBe(200);
  }

  it("answers 404 to a held-back administrator for a pending file (bearer and cookie), 200 once they enrol; the owner reads it throughout", async () => {
    // The first administrator enrols, then creates an author and a second administrator (held back until enrolled).
    const first = await signIn(ADMIN.nickname, ADMIN.password);
    expect((await json("GET", "/api/admin/users", undefined, first.token)).status).toBe(403);
    await enrol(first.token, ADMIN.password);
    for (const [nickname, role] of [["autrice-fichiers", "user"], ["cheffe-retenue", "admin"]] as const) {
      const made = await json("POST", "/api/admin/register", { firstname: "Awa", name: "Ndiaye", nickname, email: `${nickname}@example.sn`, password: PASSWORD, role }, first.token);
      expect(made.status, await made.clone().text()).toBe(201);
    }
    // The author uploads a PDF: pending, private until approved.
    const author = await signIn("autrice-fichiers", PASSWORD);
    const form = new FormData();
    form.set("title", "Note en attente");
    form.set("type", "pdf");
    form.set("description", "Une note.");
    form.set("file", new File([pdf(4000)], "note.pdf", { type: "application/pdf" }));
    const uploaded = await fetch(`${server.url}/api/user/media`, { method: "POST", headers: { ...from(), authorization: `Bearer ${author.token}` }, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const { path } = (await uploaded.json()) as { path: string };
    expect(path).toMatch(/^\/uploads\//);
    const get = async (headers: Record<string, string>) => (await fetch(`${server.url}${path}`, { headers: { ...from(), ...headers } })).status;

    const held = await signIn("cheffe-retenue", PASSWORD);
    expect((await json("GET", "/api/admin/users", undefined, held.token)).status).toBe(403);
    expect(await get({ authorization: `Bearer ${held.token}` })).toBe(404);
    expect(await get({ cookie: `session=${encodeURIComponent(held.token)}` })).toBe(404);
    expect(await get({})).toBe(404);
    expect(await get({ authorization: `Bearer ${author.token}` })).toBe(200);

    await enrol(held.token, PASSWORD);
    expect(await get({ authorization: `Bearer ${held.token}` })).toBe(200);
  }, 60_000);
});
