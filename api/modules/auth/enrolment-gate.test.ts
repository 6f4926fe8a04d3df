import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvError, readEnv } from "../../env";
import { createSession } from "../../lib/session";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { ENROL_FIRST } from "./enrolment-gate";
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
