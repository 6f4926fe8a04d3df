import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, mailOutbox, passkeys, totpFactors, userIdentities, users } from "../../../db/schema";
import { createSession } from "../../lib/session";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { SoftAuthenticator } from "../../testing/soft-authenticator";
import { bearer, enrolTotp, login, post, totpCode } from "../auth/two-factor-test-kit";
import { linkIdentity } from "../users/identities";
import { GUARDED_ROUTES, OWNER_PROOF_PART } from "./ways-in";

const PUBLIC_URL = "https://institut.example";
const PASSWORD = "Proprietaire-Goree-2026!";

/**
 * Issue 30 §1: a borrowed session (a bearer token, nothing else) must not add, remove or replace a way into the
 * account. Every route of the one list (./ways-in.ts) is called with it, on an account with a password, an
 * authenticator app, a passkey and a Google link, and nothing may change.
 */
describe("a borrowed session alone never changes a way into the account", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ PUBLIC_URL });
  });
  afterAll(() => h.close());

  /** A member with a password, signed in once: their session, as someone who copied it would hold it. */
  async function owner(nickname: string) {
    const user = await makeUser(h.database.db, { nickname, password: PASSWORD, email: `${nickname}@example.sn` });
    const res = await login(h, nickname, PASSWORD);
    expect(res.status).toBe(200);
    return { user, token: res.json.token as string };
  }

  /** Everything that opens the account, read from the database. */
  async function waysIn(userId: string) {
    const db = h.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    const [totp] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    const keys = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId));
    const google = await db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
    return {
      email: row!.email,
      nickname: row!.nickname,
      passwordHash: row!.passwordHash,
      totp: totp ? { enabled: totp.enabledAt !== null, secret: totp.secretEnc } : null,
      passkeys: keys.map((k) => k.id).sort(),
      google: google.length,
    };
  }

  /** Each guarded route with a body a borrowed session would send: the change itself, no proof. */
  async function borrowedCall(route: string, token: string, key: SoftAuthenticator, others: { passkeyId: string; ownerId: string }) {
    const auth = bearer(token);
    const [row] = await h.database.db.select().from(users).where(eq(users.id, others.ownerId));
    const same = { firstname: row!.firstname, name: row!.name, nickname: row!.nickname, email: row!.email };
    // Each way in apart (one refusal must not hide another): the e-mail, the alias, the password.
    const profileCalls = async (path: string) => {
      let last = null as Awaited<ReturnType<Harness["call"]>> | null;
      for (const change of [{ email: "pirate@example.org" }, { nickname: "pris" }, { newPassword: "Pirate-Goree-2026!" }]) {
        last = await h.call("PUT", path, { ...same, ...change }, auth);
        if (![400, 403, 409].includes(last.status)) return last;
      }
      return last;
    };
    switch (route) {
      case "PUT /api/user/me":
        return profileCalls("/api/user/me");
      case "PUT /api/user/profile":
        return profileCalls("/api/user/profile");
      case "DELETE /api/user/me/google":
        return h.call("DELETE", "/api/user/me/google", {}, auth);
      case "POST /api/user/me/two-factor/totp/confirm":
        // Two-factor is on already: a new enrolment is refused before the step (409), which changes nothing either.
        return h.call("POST", "/api/user/me/two-factor/totp/confirm", { code: "123456" }, auth);
      case "DELETE /api/user/me/two-factor/totp":
        return h.call("DELETE", "/api/user/me/two-factor/totp", {}, auth);
      case "POST /api/user/me/two-factor/recovery-codes":
        return h.call("POST", "/api/user/me/two-factor/recovery-codes", {}, auth);
      case "POST /api/user/me/passkeys": {
        const options = await h.call("POST", "/api/user/me/passkeys/options", undefined, auth);
        expect(options.status).toBe(200);
        return h.call("POST", "/api/user/me/passkeys", { name: "Pirate", response: key.register(options.json) }, auth);
      }
      case "DELETE /api/user/me/passkeys/:id":
        return h.call("DELETE", `/api/user/me/passkeys/${encodeURIComponent(others.passkeyId)}`, undefined, auth);
      case "POST /api/admin/users/:id/unlock":
      case "PUT /api/admin/users/:id":
      case "PUT /api/users/:id/admin-full-update":
        return null; // admin routes: tested below with a borrowed administrator's session
      default:
        throw new Error(`no borrowed call written for ${route}: add one`);
    }
  }

  it("has every write of the member's own account on the list, or named as one that opens no way in", () => {
    // Writes under /api/user/me* and the profile calls that change nothing a sign-in uses.
    const opensNothing = new Set([
      "POST /api/user/me/two-factor/totp", // a secret that nothing accepts until the guarded confirm
      "POST /api/user/me/passkeys/options", // a challenge only
      "POST /api/user/me/owner-proof/passkey-options", // a challenge for the step itself
    ]);
    const guarded = new Set(GUARDED_ROUTES);
    const writes = h.app.routes
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => /^(POST|PUT|PATCH|DELETE) \/api\/user\/(me|profile)(\/|$)/.test(r))
      .filter((r) => !/\/(profile-pic|notifications|newsletter)/.test(r));
    const unlisted = writes.filter((r) => !guarded.has(r) && !opensNothing.has(r));
    expect(unlisted).toEqual([]);
    for (const route of guarded) expect(h.app.routes.some((r) => `${r.method} ${r.path}` === route), route).toBe(true);
  });

  it("names every write of the administrators' member routes: guarded, or why it opens no way in", () => {
    const named = new Set([
      ...GUARDED_ROUTES,
      "POST /api/admin/users/bulk", // circles only (join or leave)
      "POST /api/admin/register", // a new account (an invitation), not a way into an existing one
      "DELETE /api/admin/users/:id", // ends an account (never one's own)
      "DELETE /api/users/:id",
    ]);
    const writes = h.app.routes
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => /^(POST|PUT|PATCH|DELETE) \/api\/(admin\/(users|members|register)|users|members)(\/|$)/.test(r))
      .filter((r) => !/\/(me|profile-pic)(\/|$)/.test(r));
    expect(writes.length).toBeGreaterThan(5);
    expect(writes.filter((r) => !named.has(r))).toEqual([]);
  });

  it("refuses every route of the list, on an account with a password, an app, a passkey and a Google link", async () => {
    const { user, token } = await owner("awa-proprio");
    const { secret } = await enrolTotp(h, token, PASSWORD);
    const ownKey = new SoftAuthenticator(PUBLIC_URL);
    const options = await h.call("POST", "/api/user/me/passkeys/options", undefined, bearer(token));
    const added = await h.call(
      "POST",
      "/api/user/me/passkeys",
      { name: "Téléphone", response: ownKey.register(options.json), currentPassword: PASSWORD, currentCode: totpCode(secret, 1) },
      bearer(token),
    );
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    await linkIdentity(h.database.db, { provider: "google", subject: "sub-awa", userId: user.id, email: user.email });
    const before = await waysIn(user.id);
    expect(before).toMatchObject({ totp: { enabled: true }, google: 1 });
    expect(before.passkeys).toHaveLength(1);

    const attacker = new SoftAuthenticator(PUBLIC_URL);
    for (const route of GUARDED_ROUTES) {
      const res = await borrowedCall(route, token, attacker, { passkeyId: added.json.id, ownerId: user.id });
      if (!res) continue;
      expect([400, 403, 409], `${route}: ${JSON.stringify(res.json)}`).toContain(res.status);
      expect(res.json.message, route).toMatch(/\S/);
      expect(await waysIn(user.id), route).toEqual(before);
    }
  });

  it("refuses the password without a code when two-factor is on: a borrowed session that learnt the password still cannot plant a key", async () => {
    const { user, token } = await owner("bineta-proprio");
    await enrolTotp(h, token, PASSWORD);
    const key = new SoftAuthenticator(PUBLIC_URL);
    const options = await h.call("POST", "/api/user/me/passkeys/options", undefined, bearer(token));
    const res = await h.call("POST", "/api/user/me/passkeys", { name: "Pirate", response: key.register(options.json), currentPassword: PASSWORD }, bearer(token));
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/^Saisissez un code de votre application/);
    const wrong = await h.call("DELETE", "/api/user/me/two-factor/totp", { currentPassword: PASSWORD, currentCode: "000000" }, bearer(token));
    expect(wrong.status).toBe(400);
    expect((await waysIn(user.id)).passkeys).toEqual([]);
    expect((await waysIn(user.id)).totp?.enabled).toBe(true);
  });

  it("plays the issue's exact sequences: the planted factors never exist, and nothing signs in after the owner's password change", async () => {
    const { user, token } = await owner("coumba-proprio");
    const stolen = bearer(token);
    // 1. A passkey through a borrowed session: options, then the key.
    const attacker = new SoftAuthenticator(PUBLIC_URL);
    const options = await h.call("POST", "/api/user/me/passkeys/options", undefined, stolen);
    const planted = await h.call("POST", "/api/user/me/passkeys", { name: "Pirate", response: attacker.register(options.json) }, stolen);
    expect(planted.status).toBe(400);
    // 2. The attacker's own authenticator app: start, then confirm with its code.
    const start = await h.call("POST", "/api/user/me/two-factor/totp", undefined, stolen);
    expect(start.status).toBe(200);
    const confirm = await h.call("POST", "/api/user/me/two-factor/totp/confirm", { code: totpCode(start.json.secret) }, stolen);
    expect(confirm.status).toBe(400);
    expect(confirm.json.recoveryCodes).toBeUndefined();
    expect((await waysIn(user.id)).totp?.enabled ?? false).toBe(false);
    // 3. The owner changes the password (with the current one), which ends the other sessions.
    const own = (await login(h, "coumba-proprio", PASSWORD, "192.0.2.9")).json.token as string;
    const changed = await h.call(
      "PUT",
      "/api/user/me",
      { firstname: user.firstname, name: user.name, nickname: user.nickname, email: user.email, currentPassword: PASSWORD, newPassword: "Nouveau-Goree-2026!" },
      bearer(own),
    );
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    // 4. The attacker's key and token give nothing.
    const signIn = await post(h, "/api/auth/passkey/options", undefined, "198.51.100.7");
    const withKey = await post(h, "/api/auth/passkey", { response: attacker.assert(signIn.json) }, "198.51.100.7");
    expect(withKey.status).toBe(401);
    expect((await h.call("GET", "/api/user/me", undefined, stolen)).status).toBe(401);
    // The owner signs in with the new password and no code.
    const back = await login(h, "coumba-proprio", "Nouveau-Goree-2026!", "192.0.2.10");
    expect(back.status).toBe(200);
    expect(back.json.token).toBeTruthy();
  });

  it("lets the owner make each change with the proof, mails the account (and the old address on an e-mail change), and cancels outstanding reset links", async () => {
    const { user, token } = await owner("diarra-proprio");
    const db = h.database.db;
    expect((await post(h, "/api/auth/password-reset", { login: "diarra-proprio" }, "192.0.2.30")).status).toBe(200);
    const outstanding = () => db.select({ n: count() }).from(accountTokens).where(and(eq(accountTokens.userId, user.id), isNull(accountTokens.usedAt)));
    expect((await outstanding())[0]!.n).toBe(1);
    const res = await h.call(
      "PUT",
      "/api/user/me",
      { firstname: user.firstname, name: user.name, nickname: user.nickname, email: "diarra-nouveau@example.sn", currentPassword: PASSWORD },
      { ...bearer(token), "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36" },
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await outstanding())[0]!.n).toBe(0);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "security"));
    const toThem = mails.filter((m) => m.toAddress.startsWith("diarra"));
    expect(toThem.map((m) => m.toAddress).sort()).toEqual(["diarra-nouveau@example.sn", "diarra-proprio@example.sn"]);
    for (const m of toThem) {
      expect(m.subject).toBe("Alerte de sécurité sur votre compte");
      expect(m.text).toContain("diarra-nouveau@example.sn");
      expect(m.text).toContain("Chrome sur Linux");
      expect(m.text).toMatch(/heure de Dakar/);
      expect(m.text).toContain("/mot-de-passe-oublie");
    }
    // A new password cancels a link asked after the e-mail change too.
    expect((await post(h, "/api/auth/password-reset", { login: "diarra-proprio" }, "192.0.2.31")).status).toBe(200);
    expect((await outstanding())[0]!.n).toBe(1);
    const renewed = await h.call(
      "PUT",
      "/api/user/me",
      { firstname: user.firstname, name: user.name, nickname: user.nickname, email: "diarra-nouveau@example.sn", currentPassword: PASSWORD, newPassword: "Nouveau-Diarra-2026!" },
      bearer(token),
    );
    expect(renewed.status, JSON.stringify(renewed.json)).toBe(200);
    expect((await outstanding())[0]!.n).toBe(0);
  });

  it("mails the owner for every route of the list, with what changed, when, from which browser and the reset link", async () => {
    const db = h.database.db;
    const { user, token } = await owner("elhadji-proprio");
    const ua = { ...bearer(token), "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0" };
    const told = async () =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "security"))).filter((m) => m.toAddress.startsWith("elhadji")).map((m) => m.text);
    let password = PASSWORD;
    let nickname = user.nickname;
    let email = user.email;
    let secret = "";
    let keyId = "";
    const key = new SoftAuthenticator(PUBLIC_URL);
    // A code of the app is used once: each proof after the first takes one of the recovery codes.
    let recovery: string[] = [];
    const proof = () => ({ currentPassword: password, ...(secret ? { currentCode: recovery.shift()! } : {}) });
    const person = () => ({ firstname: user.firstname, name: user.name, nickname, email });
    // In an order where each change has something to act on; each with the proof, each followed by one mail.
    const changes: [string, RegExp, () => Promise<{ status: number; json: any }>][] = [
      [
        "POST /api/user/me/two-factor/totp/confirm",
        /La double authentification a été activée/,
        async () => {
          const start = await h.call("POST", "/api/user/me/two-factor/totp", undefined, ua);
          const res = await h.call("POST", "/api/user/me/two-factor/totp/confirm", { code: totpCode(start.json.secret), currentPassword: password }, ua);
          secret = start.json.secret;
          recovery = res.json.recoveryCodes;
          return res;
        },
      ],
      [
        "POST /api/user/me/two-factor/recovery-codes",
        /De nouveaux codes de secours ont été créés/,
        async () => {
          const res = await h.call("POST", "/api/user/me/two-factor/recovery-codes", proof(), ua);
          recovery = res.json.recoveryCodes;
          return res;
        },
      ],
      [
        "POST /api/user/me/passkeys",
        /Une clé d'accès \(« Ordinateur »\) a été ajoutée/,
        async () => {
          const options = await h.call("POST", "/api/user/me/passkeys/options", undefined, ua);
          const res = await h.call("POST", "/api/user/me/passkeys", { name: "Ordinateur", response: key.register(options.json), ...proof() }, ua);
          keyId = res.json.id;
          return res;
        },
      ],
      ["DELETE /api/user/me/passkeys/:id", /La clé d'accès « Ordinateur » a été supprimée/, () => h.call("DELETE", `/api/user/me/passkeys/${encodeURIComponent(keyId)}`, proof(), ua)],
      [
        "DELETE /api/user/me/google",
        /Votre compte Google a été dissocié/,
        async () => {
          await linkIdentity(db, { provider: "google", subject: "sub-elhadji", userId: user.id, email });
          return h.call("DELETE", "/api/user/me/google", proof(), ua);
        },
      ],
      [
        "PUT /api/user/profile",
        /Votre alias de connexion a été modifié/,
        async () => {
          nickname = "elhadji-nouveau";
          return h.call("PUT", "/api/user/profile", { ...person(), ...proof() }, ua);
        },
      ],
      [
        "PUT /api/user/me",
        /Votre mot de passe a été modifié/,
        async () => {
          const res = await h.call("PUT", "/api/user/me", { ...person(), ...proof(), newPassword: "Nouveau-Elhadji-2026!" }, ua);
          password = "Nouveau-Elhadji-2026!";
          return res;
        },
      ],
      ["DELETE /api/user/me/two-factor/totp", /La double authentification a été désactivée/, () => h.call("DELETE", "/api/user/me/two-factor/totp", proof(), ua)],
    ];
    // Their mails: « an administrator unlocks a member » and « the administrators' member form » below.
    const walked = new Set<string>(["POST /api/admin/users/:id/unlock", "PUT /api/admin/users/:id", "PUT /api/users/:id/admin-full-update"]);
    for (const [route, what, change] of changes) {
      const before = (await told()).length;
      const res = await change();
      expect(res.status, `${route}: ${JSON.stringify(res.json)}`).toBe(200);
      const mails = (await told()).slice(before);
      expect(mails, route).toHaveLength(1);
      expect(mails[0]!.replace(/\u00a0/g, " "), route).toMatch(what);
      expect(mails[0], route).toContain("Firefox sur Windows");
      expect(mails[0], route).toMatch(/heure de Dakar/);
      expect(mails[0], route).toContain("/mot-de-passe-oublie");
      walked.add(route);
    }
    // The e-mail change mails both addresses: « lets the owner make each change with the proof… » above.
    expect(GUARDED_ROUTES.filter((r) => !walked.has(r))).toEqual([]);
  });

  it("accepts a passkey of the owner instead of the code, and refuses another member's key", async () => {
    const { user, token } = await owner("fatou-proprio");
    const { secret } = await enrolTotp(h, token, PASSWORD);
    const key = new SoftAuthenticator(PUBLIC_URL);
    const reg = await h.call("POST", "/api/user/me/passkeys/options", undefined, bearer(token));
    const added = await h.call(
      "POST",
      "/api/user/me/passkeys",
      { name: "Clé", response: key.register(reg.json), currentPassword: PASSWORD, currentCode: totpCode(secret, 1) },
      bearer(token),
    );
    expect(added.status).toBe(200);
    // Another member's key answering this member's challenge is refused.
    const other = await owner("gora-autre");
    const otherKey = new SoftAuthenticator(PUBLIC_URL);
    const otherReg = await h.call("POST", "/api/user/me/passkeys/options", undefined, bearer(other.token));
    expect((await h.call("POST", "/api/user/me/passkeys", { name: "K", response: otherKey.register(otherReg.json), currentPassword: PASSWORD }, bearer(other.token))).status).toBe(200);
    const challenge = await h.call("POST", "/api/user/me/owner-proof/passkey-options", undefined, bearer(token));
    expect(challenge.status).toBe(200);
    const foreign = await h.call("POST", "/api/user/me/two-factor/recovery-codes", { currentPassword: PASSWORD, passkey: otherKey.assert(challenge.json) }, bearer(token));
    expect(foreign.status).toBe(400);
    // The owner's own key, for a fresh challenge, stands for the code.
    const fresh = await h.call("POST", "/api/user/me/owner-proof/passkey-options", undefined, bearer(token));
    const ok = await h.call("POST", "/api/user/me/two-factor/recovery-codes", { currentPassword: PASSWORD, passkey: key.assert(fresh.json) }, bearer(token));
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.recoveryCodes).toHaveLength(10);
    // A challenge is used once.
    const replay = await h.call("POST", "/api/user/me/two-factor/recovery-codes", { currentPassword: PASSWORD, passkey: key.assert(fresh.json) }, bearer(token));
    expect(replay.status).toBe(400);
    expect((await h.call("GET", "/api/user/me/owner-proof", undefined, bearer(token))).json).toEqual({ password: true, recentSignIn: true, secondFactor: true, passkeys: 1 });
    void user;
  });

  it("takes the guess before checking: 20 parallel wrong passwords evaluate at most five", async () => {
    const { token } = await owner("ibou-proprio");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => h.call("DELETE", "/api/user/me/google", { currentPassword: "Mauvais-Passe-2026!" }, bearer(token))),
    );
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
  });

  describe("an administrator unlocks a member", () => {
    it("needs the administrator's own password and code, removes the member's factors, ends their sessions, journals it and mails them", async () => {
      const db = h.database.db;
      await makeUser(db, { nickname: "cheffe-deblocage", role: "admin", password: PASSWORD, email: "cheffe@example.sn" });
      const adminToken = (await login(h, "cheffe-deblocage", PASSWORD, "192.0.2.40")).json.token as string;
      const { secret: adminSecret } = await enrolTotp(h, adminToken, PASSWORD);
      const { user: member, token: memberToken } = await owner("jean-bloque");
      const { secret } = await enrolTotp(h, memberToken, PASSWORD);
      const key = new SoftAuthenticator(PUBLIC_URL);
      const reg = await h.call("POST", "/api/user/me/passkeys/options", undefined, bearer(memberToken));
      await h.call("POST", "/api/user/me/passkeys", { name: "Clé", response: key.register(reg.json), currentPassword: PASSWORD, currentCode: totpCode(secret, 1) }, bearer(memberToken));

      const unlock = (body: object, token = adminToken) => h.call("POST", `/api/admin/users/${member.id}/unlock`, body, bearer(token));
      // A borrowed administrator's session, with or without the password, is not enough.
      expect((await unlock({})).status).toBe(400);
      expect((await unlock({ currentPassword: PASSWORD })).status).toBe(400);
      expect((await waysIn(member.id)).totp?.enabled).toBe(true);
      // A member cannot call it at all.
      expect((await unlock({ currentPassword: PASSWORD }, memberToken)).status).toBe(403);

      const res = await unlock({ currentPassword: PASSWORD, currentCode: totpCode(adminSecret, 1) });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json).toEqual({ twoFactorRemoved: true, passkeysRemoved: 1 });
      expect(await waysIn(member.id)).toMatchObject({ totp: null, passkeys: [] });
      expect((await h.call("GET", "/api/user/me", undefined, bearer(memberToken))).status).toBe(401);
      const signIn = await login(h, "jean-bloque", PASSWORD, "192.0.2.41");
      expect(signIn.json.token).toBeTruthy();
      const journal = await h.call("GET", "/api/admin/audit", undefined, bearer(adminToken));
      expect(journal.json.items[0]).toMatchObject({ actor: "cheffe-deblocage", itemKind: "member", summary: expect.stringMatching(/^Connexion débloquée/) });
      const mails = await db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, "security"), eq(mailOutbox.toAddress, member.email)));
      expect(mails.filter((m) => /Un administrateur a débloqué la connexion/.test(m.text))).toHaveLength(1);
      // Not on oneself: the profile is the way.
      expect((await h.call("POST", `/api/admin/users/${(await db.select().from(users).where(eq(users.nickname, "cheffe-deblocage")))[0]!.id}/unlock`, {}, bearer(adminToken))).status).toBe(400);
    });
  });

  describe("the administrators' member form", () => {
    const form = (u: { firstname: string; name: string; nickname: string; email: string }, extra: object = {}) => ({
      firstname: u.firstname,
      name: u.name,
      nickname: u.nickname,
      email: u.email,
      ...extra,
    });

    it("refuses an administrator's borrowed session a change of their own e-mail, alias or password: the profile (and its step) is the way", async () => {
      const db = h.database.db;
      const admin = await makeUser(db, { nickname: "chef-emprunte", role: "admin", password: PASSWORD, email: "chef-emprunte@example.sn" });
      const token = (await login(h, "chef-emprunte", PASSWORD, "192.0.2.50")).json.token as string;
      const before = await waysIn(admin.id);
      for (const path of [`/api/admin/users/${admin.id}`, `/api/users/${admin.id}/admin-full-update`]) {
        for (const change of [{ password: "Pirate-Goree-2026!" }, { email: "pirate@example.org" }, { nickname: "pris" }]) {
          const res = await h.call("PUT", path, form(admin, change), bearer(token));
          expect(res.status, `${path} ${JSON.stringify(change)}: ${JSON.stringify(res.json)}`).toBe(400);
          expect(res.json.message).toMatch(/passez par votre profil/);
          expect(await waysIn(admin.id)).toEqual(before);
        }
      }
      // The session still works: nothing ended it, and other fields of one's own row still save.
      const renamed = await h.call("PUT", `/api/admin/users/${admin.id}`, form(admin, { firstname: "Cheikh" }), bearer(token));
      expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
      expect(renamed.json.firstname).toBe("Cheikh");
    });

    it("mails a member whose e-mail or password an administrator replaced (old and new address) and cancels their outstanding reset links", async () => {
      const db = h.database.db;
      await makeUser(db, { nickname: "cheffe-formulaire", role: "admin", password: PASSWORD, email: "cheffe-formulaire@example.sn" });
      const adminToken = (await login(h, "cheffe-formulaire", PASSWORD, "192.0.2.51")).json.token as string;
      const member = await makeUser(db, { nickname: "lamine-membre", password: PASSWORD, email: "lamine@example.sn" });
      expect((await post(h, "/api/auth/password-reset", { login: "lamine-membre" }, "192.0.2.52")).status).toBe(200);
      const outstanding = async () =>
        (await db.select({ n: count() }).from(accountTokens).where(and(eq(accountTokens.userId, member.id), isNull(accountTokens.usedAt))))[0]!.n;
      expect(await outstanding()).toBe(1);
      const res = await h.call(
        "PUT",
        `/api/admin/users/${member.id}`,
        form(member, { email: "lamine-nouveau@example.sn", password: "Remplace-Goree-2026!", currentPassword: PASSWORD }),
        bearer(adminToken),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(await outstanding()).toBe(0);
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "security"));
      const told = mails.filter((m) => m.toAddress.startsWith("lamine"));
      expect(told.filter((m) => /administrateur a remplacé l'adresse e-mail/.test(m.text)).map((m) => m.toAddress).sort()).toEqual([
        "lamine-nouveau@example.sn",
        "lamine@example.sn",
      ]);
      expect(told.filter((m) => /administrateur a remplacé votre mot de passe/.test(m.text)).map((m) => m.toAddress)).toEqual(["lamine-nouveau@example.sn"]);
    });

    it("refuses a borrowed administrator's session another member's e-mail, alias or password without the admin's own proof; with it, replaces, mails and journals", async () => {
      const db = h.database.db;
      await makeUser(db, { nickname: "cheffe-preuve", role: "admin", password: PASSWORD, email: "cheffe-preuve@example.sn" });
      const adminToken = (await login(h, "cheffe-preuve", PASSWORD, "192.0.2.60")).json.token as string;
      const { secret: adminSecret } = await enrolTotp(h, adminToken, PASSWORD);
      const member = await makeUser(db, { nickname: "modou-cible", password: PASSWORD, email: "modou@example.sn" });
      const memberToken = (await login(h, "modou-cible", PASSWORD, "192.0.2.61")).json.token as string;
      const before = await waysIn(member.id);
      const securityMails = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "security"))).filter((m) => m.toAddress.startsWith("modou"));
      const changes = [{ email: "pirate@example.org" }, { nickname: "modou-pris" }, { password: "Pirate-Goree-2026!" }];
      for (const path of [`/api/admin/users/${member.id}`, `/api/users/${member.id}/admin-full-update`]) {
        for (const change of changes) {
          // The token alone; then with the admin's password learnt but no code: both refused, nothing changes.
          for (const proof of [{}, { currentPassword: PASSWORD }]) {
            const res = await h.call("PUT", path, form(member, { ...change, ...proof }), bearer(adminToken));
            expect(res.status, `${path} ${JSON.stringify({ ...change, ...proof })}: ${JSON.stringify(res.json)}`).toBe(400);
            expect(res.json.message).toMatch(/\S/);
            // Named as the step's refusal, which the member form shows at the proof's fields (not by its text).
            expect(res.json.part).toBe(OWNER_PROOF_PART);
            expect(await waysIn(member.id)).toEqual(before);
          }
        }
      }
      // A wrong code: the step's own message.
      const wrongCode = await h.call("PUT", `/api/admin/users/${member.id}`, form(member, { email: "pirate@example.org", currentPassword: PASSWORD, currentCode: "000000" }), bearer(adminToken));
      expect(wrongCode.status).toBe(400);
      expect(wrongCode.json.part).toBe(OWNER_PROOF_PART);
      expect(await waysIn(member.id)).toEqual(before);
      // A refusal of another field is not the step's.
      const blank = await h.call("PUT", `/api/admin/users/${member.id}`, form(member, { firstname: " " }), bearer(adminToken));
      expect(blank.status).toBe(400);
      expect(blank.json.part).toBeUndefined();
      expect((await securityMails()).length).toBe(0);
      expect((await h.call("PUT", `/api/admin/users/${member.id}`, form(member, { email: "x@example.sn" }), bearer(adminToken))).json.message).toBe(
        "Veuillez entrer votre mot de passe actuel pour changer l'adresse e-mail, l'alias ou le mot de passe d'un membre.",
      );
      // The member's session survived every refusal (no password was replaced).
      expect((await h.call("GET", "/api/user/me", undefined, bearer(memberToken))).status).toBe(200);
      // Other fields need no proof.
      const renamed = await h.call("PUT", `/api/admin/users/${member.id}`, form(member, { firstname: "Modou", groups: ["bureau"] }), bearer(adminToken));
      expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
      expect(renamed.json).toMatchObject({ firstname: "Modou", groups: ["bureau"] });

      // With the admin's password and a code of their app: replaced, the member mailed, the journal names the admin.
      const mailsBefore = (await securityMails()).length;
      const done = await h.call(
        "PUT",
        `/api/admin/users/${member.id}`,
        form({ ...member, firstname: "Modou" }, { nickname: "modou-nouveau", password: "Remplace-Goree-2026!", currentPassword: PASSWORD, currentCode: totpCode(adminSecret, 1) }),
        bearer(adminToken),
      );
      expect(done.status, JSON.stringify(done.json)).toBe(200);
      expect(done.json.nickname).toBe("modou-nouveau");
      expect(done.json).not.toHaveProperty("currentPassword");
      const after = await waysIn(member.id);
      expect(after.nickname).toBe("modou-nouveau");
      expect(after.passwordHash).not.toBe(before.passwordHash);
      expect((await h.call("GET", "/api/user/me", undefined, bearer(memberToken))).status).toBe(401);
      expect((await login(h, "modou-nouveau", "Remplace-Goree-2026!", "192.0.2.62")).status).toBe(200);
      const told = (await securityMails()).slice(mailsBefore).map((m) => m.text);
      expect(told.some((t) => /administrateur a modifié votre alias/.test(t))).toBe(true);
      expect(told.some((t) => /administrateur a remplacé votre mot de passe/.test(t))).toBe(true);
      const journal = await h.call("GET", "/api/admin/audit", undefined, bearer(adminToken));
      expect(journal.json.items[0]).toMatchObject({ actor: "cheffe-preuve", itemKind: "member", itemId: member.id, summary: expect.stringMatching(/mot de passe remplacé par un administrateur/) });
    });
  });

  it("takes the administrator's proof in the member form's multipart body too, a passkey as JSON text", async () => {
    const db = h.database.db;
    await makeUser(db, { nickname: "cheffe-cle", role: "admin", password: PASSWORD, email: "cheffe-cle@example.sn" });
    const adminToken = (await login(h, "cheffe-cle", PASSWORD, "192.0.2.63")).json.token as string;
    const { secret } = await enrolTotp(h, adminToken, PASSWORD);
    const key = new SoftAuthenticator(PUBLIC_URL);
    const reg = await h.call("POST", "/api/user/me/passkeys/options", undefined, bearer(adminToken));
    const added = await h.call("POST", "/api/user/me/passkeys", { name: "Clé", response: key.register(reg.json), currentPassword: PASSWORD, currentCode: totpCode(secret, 1) }, bearer(adminToken));
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const member = await makeUser(db, { nickname: "ousmane-cible", password: PASSWORD, email: "ousmane@example.sn" });
    const put = async (proof: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ firstname: member.firstname, name: member.name, nickname: member.nickname, email: "ousmane-nouveau@example.sn", ...proof })) form.append(k, v);
      const res = await h.app.handle(new Request(`http://localhost/api/admin/users/${member.id}`, { method: "PUT", headers: bearer(adminToken), body: form }));
      return { status: res.status, json: (await res.json()) as any };
    };
    // The password alone: the code (or the key) is asked.
    const half = await put({ currentPassword: PASSWORD });
    expect(half.status).toBe(400);
    expect(half.json.message).toMatch(/^Saisissez un code de votre application/);
    expect((await waysIn(member.id)).email).toBe("ousmane@example.sn");
    const challenge = await h.call("POST", "/api/user/me/owner-proof/passkey-options", undefined, bearer(adminToken));
    const done = await put({ currentPassword: PASSWORD, passkey: JSON.stringify(key.assert(challenge.json)) });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect((await waysIn(member.id)).email).toBe("ousmane-nouveau@example.sn");
  });

  it("still lets a password-less account (Google only) make a change right after signing in, and not later", async () => {
    const user = await makeUser(h.database.db, { nickname: "kine-google" });
    const fresh = (await createSession(h.database.db, user.id)).token;
    const old = (await createSession(h.database.db, user.id, new Date(Date.now() - 11 * 60_000))).token;
    expect((await h.call("DELETE", "/api/user/me/google", {}, bearer(old))).status).toBe(403);
    expect((await h.call("DELETE", "/api/user/me/google", {}, bearer(fresh))).status).toBe(200);
  });
});
