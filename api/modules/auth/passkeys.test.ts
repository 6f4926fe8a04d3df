import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeys } from "../../../db/schema";
import { createSession } from "../../lib/session";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { SoftAuthenticator } from "../../testing/soft-authenticator";
import { bearer, enrolTotp, post, totpCode } from "./two-factor-test-kit";

const PUBLIC_URL = "https://institut.example";

describe("passkeys", () => {
  let h: Harness;
  let admin: string;
  beforeAll(async () => {
    h = await createHarness({ PUBLIC_URL });
    const boss = await makeUser(h.database.db, { nickname: "chef", role: "admin" });
    admin = (await createSession(h.database.db, boss.id)).token;
  });
  afterAll(() => h.close());

  async function member(nickname: string) {
    const user = await makeUser(h.database.db, { nickname });
    return { user, token: (await createSession(h.database.db, user.id)).token };
  }

  /** Registration as the profile screen does it: options, the authenticator, then the named key. */
  async function register(token: string, key: SoftAuthenticator, name = "Téléphone", proof: object = {}) {
    const options = await h.call("POST", "/api/user/me/passkeys/options", undefined, bearer(token));
    expect(options.status).toBe(200);
    return h.call("POST", "/api/user/me/passkeys", { name, response: key.register(options.json), ...proof }, bearer(token));
  }

  async function signIn(key: SoftAuthenticator, ip = "192.0.2.1", which = key.credentials[0]) {
    const options = await post(h, "/api/auth/passkey/options", undefined, ip);
    expect(options.status).toBe(200);
    return post(h, "/api/auth/passkey", { response: key.assert(options.json, which) }, ip);
  }

  it("registers a passkey for this site (RP ID and origin from PUBLIC_URL) and lists it with its name and date", async () => {
    const { token, user } = await member("aida");
    const options = await h.call("POST", "/api/user/me/passkeys/options", undefined, bearer(token));
    expect(options.json.rp).toEqual({ id: "institut.example", name: "L'Institut" });
    expect(options.json.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    const res = await register(token, new SoftAuthenticator(PUBLIC_URL), "Clé USB");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Clé USB", lastUsedAt: null });
    const list = await h.call("GET", "/api/user/me/passkeys", undefined, bearer(token));
    expect(list.json).toHaveLength(1);
    expect(list.json[0]).toMatchObject({ id: res.json.id, name: "Clé USB" });
    expect(Date.parse(list.json[0].createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await h.database.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(row!.publicKey.length).toBeGreaterThan(50);
  });

  it("signs in with a passkey and no password, even with two-factor on (the key is both factors)", async () => {
    const { token } = await member("bamba");
    const { secret } = await enrolTotp(h, token);
    const key = new SoftAuthenticator(PUBLIC_URL);
    // Two-factor is on: adding a key asks a code too (the owner-present step).
    expect((await register(token, key, "Téléphone", { currentCode: totpCode(secret, 1) })).status).toBe(200);
    const res = await signIn(key);
    expect(res.status).toBe(200);
    expect(res.json.secondFactor).toBeUndefined();
    expect(res.json.user.nickname).toBe("bamba");
    expect(res.headers.get("set-cookie")).toContain(`session=${res.json.token}`);
    const list = await h.call("GET", "/api/user/me/passkeys", undefined, bearer(res.json.token));
    expect(list.json[0].lastUsedAt).not.toBeNull();
  });

  it("refuses an assertion made for another site, a replayed challenge, and a key without user verification", async () => {
    const { token } = await member("cheikh");
    const key = new SoftAuthenticator(PUBLIC_URL);
    await register(token, key);
    // Another origin (a phishing page) signing our challenge.
    const options = await post(h, "/api/auth/passkey/options", undefined);
    const phished = await post(h, "/api/auth/passkey", { response: key.assert(options.json, undefined, { origin: "https://institut.example.evil" }) });
    expect(phished.status).toBe(401);
    expect(phished.json.message).toMatch(/^Clé d'accès non reconnue/);
    // A challenge is used once: the same (valid) assertion sent twice gives one session.
    const fresh = await post(h, "/api/auth/passkey/options", undefined);
    const assertion = key.assert(fresh.json);
    expect((await post(h, "/api/auth/passkey", { response: assertion })).status).toBe(200);
    expect((await post(h, "/api/auth/passkey", { response: assertion })).status).toBe(401);
    // A challenge the server never gave.
    expect((await post(h, "/api/auth/passkey", { response: key.assert(fresh.json, undefined, { challenge: "QUJDREVGR0hJSktMTU5PUA" }) })).status).toBe(401);

    const presenceOnly = new SoftAuthenticator(PUBLIC_URL, false);
    const reg = await register(token, presenceOnly);
    expect(reg.status).toBe(400);
  });

  it("refuses a registration signed for another origin or with a challenge given to someone else", async () => {
    const { token } = await member("daba");
    const other = await member("elhadji");
    const key = new SoftAuthenticator(PUBLIC_URL);
    const options = await h.call("POST", "/api/user/me/passkeys/options", undefined, bearer(token));
    const wrongOrigin = key.register(options.json, { origin: "http://localhost:4321" });
    expect((await h.call("POST", "/api/user/me/passkeys", { name: "X", response: wrongOrigin }, bearer(token))).status).toBe(400);
    const theirs = await h.call("POST", "/api/user/me/passkeys/options", undefined, bearer(other.token));
    const stolen = key.register(theirs.json);
    expect((await h.call("POST", "/api/user/me/passkeys", { name: "X", response: stolen }, bearer(token))).status).toBe(400);
    expect((await h.call("GET", "/api/user/me/passkeys", undefined, bearer(token))).json).toEqual([]);
  });

  it("removes one's own passkey (which then signs nobody in), and answers 404 for someone else's", async () => {
    const { token } = await member("fatim");
    const key = new SoftAuthenticator(PUBLIC_URL);
    const { json: added } = await register(token, key);
    const intruder = await member("gora");
    const path = `/api/user/me/passkeys/${encodeURIComponent(added.id)}`;
    expect((await h.call("DELETE", path, undefined, bearer(intruder.token))).status).toBe(404);
    expect((await h.call("DELETE", path, undefined, bearer(token))).status).toBe(200);
    expect((await h.call("GET", "/api/user/me/passkeys", undefined, bearer(token))).json).toEqual([]);
    expect((await signIn(key)).status).toBe(401);
  });

  it("counts failed passkey sign-ins in the sign-in limits (429)", async () => {
    const { token } = await member("hawa");
    const key = new SoftAuthenticator(PUBLIC_URL);
    await register(token, key);
    const ip = "198.51.100.40";
    for (let i = 0; i < 5; i++) {
      const options = await post(h, "/api/auth/passkey/options", undefined, ip);
      const bad = await post(h, "/api/auth/passkey", { response: key.assert(options.json, undefined, { origin: "https://evil.example" }) }, ip);
      expect(bad.status).toBe(401);
    }
    expect((await signIn(key, ip)).status).toBe(429);
  });

  it("writes the addition and removal of a passkey to the journal", async () => {
    const { token } = await member("issa");
    const { json: added } = await register(token, new SoftAuthenticator(PUBLIC_URL), "Ordinateur");
    expect((await h.call("DELETE", `/api/user/me/passkeys/${encodeURIComponent(added.id)}`, undefined, bearer(token))).status).toBe(200);
    const journal = await h.call("GET", "/api/admin/audit", undefined, bearer(admin));
    const mine = journal.json.items.filter((e: { actor: string }) => e.actor === "issa");
    expect(mine.map((e: { action: string; itemKind: string; summary: string }) => [e.action, e.itemKind, e.summary])).toEqual([
      ["delete", "passkey", "Clé d'accès «\u00a0Ordinateur\u00a0» supprimée"],
      ["create", "passkey", "Clé d'accès «\u00a0Ordinateur\u00a0» ajoutée"],
    ]);
  });

  it("refuses malformed passkey bodies with 400, not 500", async () => {
    const { token } = await member("jules");
    expect((await h.call("POST", "/api/user/me/passkeys", { name: "X", response: { id: "a" } }, bearer(token))).status).toBe(400);
    expect((await h.call("POST", "/api/user/me/passkeys", { name: " ", response: {} }, bearer(token))).status).toBe(400);
    const garbage = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" }, clientExtensionResults: {} };
    expect((await post(h, "/api/auth/passkey", { response: garbage })).status).toBe(401);
  });
});
