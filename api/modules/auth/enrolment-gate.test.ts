import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media } from "../../../db/schema";
import { EnvError, readEnv } from "../../env";
import { createFront } from "../../lib/front";
import { createSession } from "../../lib/session";
import { StaticSite } from "../../lib/static-site";
import { MediaFileGate } from "../../lib/uploads/visibility";
import { makeMedia, makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { ENROL_FIRST, heldBackAtEnrolment } from "./enrolment-gate";
import { bearer, enrolTotp, login, loginCode, totpCode } from "./two-factor-test-kit";

const PASSWORD = "Bonjour-Goree-2025!";

describe("ADMIN_2FA configuration", () => {
  it("is optional by default, and takes only optional or required", () => {
    expect(readEnv({}).admin2fa).toBe("optional");
    expect(readEnv({ ADMIN_2FA: "required" }).admin2fa).toBe("required");
    expect(() => readEnv({ ADMIN_2FA: "yes" })).toThrow(/ADMIN_2FA/);
  });

  it("needs a 32-byte TWO_FACTOR_KEY, and one in production", () => {
    expect(readEnv({ TWO_FACTOR_KEY: "ab".repeat(32) }).twoFactorKey).toHaveLength(32);
    expect(readEnv({ TWO_FACTOR_KEY: Buffer.alloc(32, 7).toString("base64") }).twoFactorKey).toHaveLength(32);
    expect(() => readEnv({ TWO_FACTOR_KEY: "court" })).toThrow(/TWO_FACTOR_KEY/);
    expect(() => readEnv({ NODE_ENV: "production" })).toThrow(EnvError);
    expect(() => readEnv({ NODE_ENV: "production" })).toThrow(/TWO_FACTOR_KEY/);
  });
});

describe("ADMIN_2FA=required", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ ADMIN_2FA: "required" });
    await makeUser(h.database.db, { nickname: "chef", role: "admin", password: PASSWORD });
    await makeUser(h.database.db, { nickname: "soxna", role: "user", password: PASSWORD });
  });
  afterAll(() => h.close());

  it("sends an administrator without two-factor to enrol: the session opens only their account and enrolment", async () => {
    const res = await login(h, "chef", PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json.twoFactorSetupRequired).toBe(true);
    const auth = bearer(res.json.token);
    for (const path of ["/api/admin/users", "/api/admin/audit", "/api/user/articles", "/api/users"]) {
      const refused = await h.call("GET", path, undefined, auth);
      expect(refused.status, path).toBe(403);
      expect(refused.json.message).toBe(ENROL_FIRST);
    }
    expect((await h.call("POST", "/api/admin/themes", { name: "Thème", url: "theme" }, auth)).status).toBe(403);
    expect((await h.call("GET", "/api/user/me", undefined, auth)).status).toBe(200);
    expect((await h.call("GET", "/api/user/me/two-factor", undefined, auth)).json).toMatchObject({ totp: false, required: true });

    // Enrolling frees this very session.
    const { secret } = await enrolTotp(h, res.json.token, PASSWORD);
    expect((await h.call("GET", "/api/admin/users", undefined, auth)).status).toBe(200);

    // From now on the administrator signs in with a code, and gets a full session.
    const next = await login(h, "chef", PASSWORD);
    expect(next.json.secondFactor).toBe(true);
    const done = await loginCode(h, next.json.pendingToken, totpCode(secret, 1));
    expect(done.status).toBe(200);
    expect(done.json.twoFactorSetupRequired).toBeUndefined();
    expect((await h.call("GET", "/api/admin/users", undefined, bearer(done.json.token))).status).toBe(200);
  });

  it("does not let an administrator turn two-factor off", async () => {
    const admin = await makeUser(h.database.db, { nickname: "cheffe", role: "admin", password: PASSWORD });
    const { token } = await createSession(h.database.db, admin.id);
    const { secret } = await enrolTotp(h, token, PASSWORD);
    const res = await h.call("DELETE", "/api/user/me/two-factor/totp", { currentPassword: PASSWORD, currentCode: totpCode(secret, 1) }, bearer(token));
    expect(res.status).toBe(403);
    expect((await h.call("GET", "/api/user/me/two-factor", undefined, bearer(token))).json.totp).toBe(true);
  });

  it("holds back a session opened before the setting, or by Google, just the same (worked out per request)", async () => {
    const admin = await makeUser(h.database.db, { nickname: "ancien", role: "admin" });
    const { token } = await createSession(h.database.db, admin.id);
    expect((await h.call("GET", "/api/admin/stats", undefined, bearer(token))).status).toBe(403);
  });

  // Issue 30 §3: the gate covered /api only; the uploads' own gate let the held-back admin read every private file.
  it("lets a held-back administrator read no private upload until they enrol, while public files stay open", async () => {
    const admin = await makeUser(h.database.db, { nickname: "cheffe-fichiers", role: "admin", password: PASSWORD });
    const author = await makeUser(h.database.db, { nickname: "autrice", password: PASSWORD });
    const { uploadsDir } = h.deps.env;
    mkdirSync(join(uploadsDir, "media"), { recursive: true });
    for (const name of ["en-attente.pdf", "publie.pdf"]) writeFileSync(join(uploadsDir, "media", name), "%PDF-1.4\n");
    const pending = await makeMedia(h.database.db, { type: "pdf", approved: false, uploadedBy: author.id });
    const published = await makeMedia(h.database.db, { type: "pdf", uploadedBy: author.id });
    await h.database.db.update(media).set({ path: "/uploads/media/en-attente.pdf" }).where(eq(media.id, pending.id));
    await h.database.db.update(media).set({ path: "/uploads/media/publie.pdf" }).where(eq(media.id, published.id));
    // The uploads' gate as api/server.ts builds it.
    const gate = new MediaFileGate(h.database.db, heldBackAtEnrolment(h.deps));
    await gate.refresh();
    const front = createFront({ site: new StaticSite(), apps: new StaticSite(), uploadsDir, uploadGate: gate.gate, api: async () => new Response(null, { status: 204 }) });
    const { token } = await createSession(h.database.db, admin.id);
    const get = async (path: string, headers: Record<string, string>) => (await front(new Request(`http://localhost${path}`, { headers }), "127.0.0.1")).status;

    expect(await get("/uploads/media/en-attente.pdf", bearer(token))).toBe(404);
    expect(await get("/uploads/media/en-attente.pdf", { cookie: `session=${encodeURIComponent(token)}` })).toBe(404);
    expect(await get("/uploads/media/publie.pdf", bearer(token))).toBe(200);
    // The owner, a member, is not concerned.
    expect(await get("/uploads/media/en-attente.pdf", bearer((await createSession(h.database.db, author.id)).token))).toBe(200);

    await enrolTotp(h, token, PASSWORD);
    expect(await get("/uploads/media/en-attente.pdf", bearer(token))).toBe(200);
  });

  it("leaves members without two-factor alone", async () => {
    const res = await login(h, "soxna", PASSWORD);
    expect(res.json.twoFactorSetupRequired).toBeUndefined();
    expect((await h.call("GET", "/api/user/articles", undefined, bearer(res.json.token))).status).toBe(200);
  });
});

describe("ADMIN_2FA=optional", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
    await makeUser(h.database.db, { nickname: "chef", role: "admin", password: PASSWORD });
  });
  afterAll(() => h.close());

  it("lets an administrator without two-factor work", async () => {
    const res = await login(h, "chef", PASSWORD);
    expect(res.json.twoFactorSetupRequired).toBeUndefined();
    expect((await h.call("GET", "/api/admin/users", undefined, bearer(res.json.token))).status).toBe(200);
  });
});
