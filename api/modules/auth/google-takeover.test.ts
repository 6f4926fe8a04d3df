import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { userIdentities, users } from "../../../db/schema";
import { createSession } from "../../lib/session";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { linkIdentity } from "../users/identities";
import { RECENT_SIGN_IN_MS } from "../owner-present";
import { GOOGLE_TEST_ENV, googleSignIn, startOidc } from "./google-test-kit";

/**
 * Issue 18 §1: a borrowed session must not become permanent access. The attack: with a member's session (held
 * once), set the profile e-mail to an address the attacker owns, then sign in with Google as that address, again
 * and again, even after the owner changed their password and every other session ended. Driven against a real
 * local OpenID Connect server.
 */
const PASSWORD = "Proprietaire-2026!";
const NEW_PASSWORD = "Nouveau-Secret-2026?";
const ATTACKER = { email: "attacker@evil.example", sub: "google-attacker" };

describe("a borrowed session cannot take over an account through the e-mail and Google sign-in", () => {
  let oidc: Awaited<ReturnType<typeof startOidc>>;
  let h: Harness;

  beforeAll(async () => {
    oidc = await startOidc();
    h = await createHarness(GOOGLE_TEST_ENV(oidc.oidc.issuer.url!));
  });
  afterAll(async () => {
    h.close();
    await oidc.oidc.stop();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const login = async (nickname: string, password = PASSWORD) => {
    const res = await h.call("POST", "/api/auth/login", { nickname, password });
    expect(res.status).toBe(200);
    return bearer(res.json.token);
  };
  const profileOf = (u: { firstname: string; name: string; nickname: string; email: string }) => ({
    firstname: u.firstname,
    name: u.name,
    nickname: u.nickname,
    email: u.email,
  });
  const emailOf = async (id: string) => (await h.database.db.select().from(users).where(eq(users.id, id)))[0]!.email;

  it("refuses the issue's exact sequence: e-mail change by the borrowed session, then Google, before and after the owner's password change", async () => {
    const owner = await makeUser(h.database.db, { nickname: "proprio", firstname: "Awa", name: "Ndiaye", password: PASSWORD });
    await login("proprio");
    const borrowed = await login("proprio"); // the session someone else got hold of

    const put = await h.call("PUT", "/api/user/me", { ...profileOf(owner), email: ATTACKER.email }, borrowed);
    expect(put.status).toBe(400);
    expect(put.json.message).toBe("Veuillez entrer votre mot de passe actuel pour changer votre adresse e-mail ou votre alias.");
    expect(await emailOf(owner.id)).toBe(owner.email);
    // The spec's multipart route follows the same rule.
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...profileOf(owner), email: ATTACKER.email })) form.append(k, v);
    const multipart = await h.app.handle(new Request("http://localhost/api/user/profile", { method: "PUT", headers: borrowed, body: form }));
    expect(multipart.status).toBe(400);
    expect(await emailOf(owner.id)).toBe(owner.email);

    oidc.as(ATTACKER);
    expect((await googleSignIn(h)).status).toBe(403);

    // The owner changes their password: every other session ends, and Google still does not let the attacker in.
    const ownerNow = await login("proprio");
    const changed = await h.call("PUT", "/api/user/me", { ...profileOf(owner), currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, ownerNow);
    expect(changed.status).toBe(200);
    expect((await h.call("GET", "/api/user/me", undefined, borrowed)).status).toBe(401);
    const again = await googleSignIn(h);
    expect(again.status).toBe(403);
    expect(again.json.message).toMatch(/Aucun compte membre/);
  });

  it("refuses a wrong current password, and limits the guesses a borrowed session can make", async () => {
    const owner = await makeUser(h.database.db, { nickname: "devine", password: PASSWORD });
    const borrowed = await login("devine");
    for (let i = 0; i < 5; i++) {
      const wrong = await h.call("PUT", "/api/user/me", { ...profileOf(owner), email: ATTACKER.email, currentPassword: `Faux-${i}-2026!` }, borrowed);
      expect(wrong).toMatchObject({ status: 400, json: { message: "Le mot de passe actuel est incorrect." } });
    }
    const blocked = await h.call("PUT", "/api/user/me", { ...profileOf(owner), email: ATTACKER.email, currentPassword: PASSWORD }, borrowed);
    expect(blocked.status).toBe(429);
    expect(await emailOf(owner.id)).toBe(owner.email);
  });

  it("changes the e-mail or the alias with the current password", async () => {
    const owner = await makeUser(h.database.db, { nickname: "change", password: PASSWORD });
    const me = await login("change");
    const alias = await h.call("PUT", "/api/user/me", { ...profileOf(owner), nickname: "change-2" }, me);
    expect(alias.status).toBe(400);
    const ok = await h.call("PUT", "/api/user/me", { ...profileOf(owner), nickname: "change-2", email: "change@example.sn", currentPassword: PASSWORD }, me);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ nickname: "change-2", email: "change@example.sn" });
    // Other fields need nothing more.
    const bio = await h.call("PUT", "/api/user/me", { ...profileOf(ok.json), biography: "Économiste." }, me);
    expect(bio.status).toBe(200);
  });

  it("does not reveal through a borrowed session which addresses already have an account", async () => {
    const owner = await makeUser(h.database.db, { nickname: "curieux", password: PASSWORD });
    const other = await makeUser(h.database.db);
    const borrowed = await login("curieux");
    const probe = await h.call("PUT", "/api/user/me", { ...profileOf(owner), email: other.email }, borrowed);
    expect(probe.status).toBe(400);
    expect(probe.json.message).not.toMatch(/déjà utilisée/);
  });

  describe("accounts without a password (Google only)", () => {
    it("need a sign-in of less than 10 minutes to change the e-mail, the alias or set a password", async () => {
      const member = await makeUser(h.database.db, { nickname: "sans-mdp" });
      const old = await createSession(h.database.db, member.id, new Date(Date.now() - RECENT_SIGN_IN_MS - 60_000));
      const stale = bearer(old.token);
      const put = await h.call("PUT", "/api/user/me", { ...profileOf(member), email: ATTACKER.email }, stale);
      expect(put.status).toBe(403);
      expect(put.json.message).toBe("Reconnectez-vous pour changer votre adresse e-mail ou votre alias\u00a0: votre dernière connexion date de plus de 10 minutes.");
      const setPassword = await h.call("PUT", "/api/user/me", { ...profileOf(member), newPassword: NEW_PASSWORD }, stale);
      expect(setPassword.status).toBe(403);
      expect(await emailOf(member.id)).toBe(member.email);

      const fresh = bearer((await createSession(h.database.db, member.id)).token);
      const ok = await h.call("PUT", "/api/user/me", { ...profileOf(member), email: "sans-mdp@example.sn", newPassword: NEW_PASSWORD }, fresh);
      expect(ok.status).toBe(200);
      expect(ok.json.email).toBe("sans-mdp@example.sn");
      expect((await h.call("POST", "/api/auth/login", { nickname: "sans-mdp", password: NEW_PASSWORD })).status).toBe(200);
    });
  });

  describe("once signed in with Google, the account is bound to Google's subject", () => {
    let owner: Awaited<ReturnType<typeof makeUser>>;
    const OWNER_GOOGLE = "google-owner";

    beforeEach(async () => {
      owner = await makeUser(h.database.db, { password: PASSWORD });
      oidc.as({ email: owner.email, sub: OWNER_GOOGLE + owner.id });
      const first = await googleSignIn(h);
      expect(first.status).toBe(200);
      expect(first.json.user._id).toBe(owner.id);
    });

    it("stores the link: provider, subject, the e-mail at link time", async () => {
      const rows = await h.database.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.id));
      expect(rows).toEqual([{ provider: "google", subject: OWNER_GOOGLE + owner.id, userId: owner.id, email: owner.email, linkedAt: expect.any(Date) }]);
    });

    it("refuses another Google account that reports the profile's new e-mail (even one set before this fix)", async () => {
      // The state the issue left behind: the e-mail was changed through a borrowed session.
      await h.database.db.update(users).set({ email: ATTACKER.email }).where(eq(users.id, owner.id));
      oidc.as(ATTACKER);
      const res = await googleSignIn(h);
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(
        "Ce compte membre est déjà associé à un autre compte Google. Connectez-vous avec celui-ci, ou avec votre alias et votre mot de passe.",
      );
      expect(await h.database.db.select().from(userIdentities).where(eq(userIdentities.subject, ATTACKER.sub))).toEqual([]);
    });

    it("still signs in the owner by subject when their Google account reports another e-mail", async () => {
      oidc.as({ email: "nouvelle-adresse@gmail.example", sub: OWNER_GOOGLE + owner.id });
      const res = await googleSignIn(h);
      expect(res.status).toBe(200);
      expect(res.json.user._id).toBe(owner.id);
      // The profile's e-mail is the member's own business: Google does not change it.
      expect(await emailOf(owner.id)).toBe(owner.email);
    });

    it("signs in by subject, not by the e-mail Google reports, even when that e-mail is another member's", async () => {
      const other = await makeUser(h.database.db);
      oidc.as({ email: other.email, sub: OWNER_GOOGLE + owner.id });
      const res = await googleSignIn(h);
      expect(res.json.user._id).toBe(owner.id);
    });

    it("never links one subject to two members, nor two subjects to one member", async () => {
      const other = await makeUser(h.database.db);
      const db = h.database.db;
      expect(await linkIdentity(db, { provider: "google", subject: OWNER_GOOGLE + owner.id, userId: other.id, email: other.email })).toBe(false);
      expect(await linkIdentity(db, { provider: "google", subject: "google-second", userId: owner.id, email: owner.email })).toBe(false);
    });

    it("shows the link to the member and removes it with the current password", async () => {
      const me = await login(owner.nickname);
      const seen = await h.call("GET", "/api/user/me/google", undefined, me);
      expect(seen).toMatchObject({ status: 200, json: { google: { email: owner.email }, hasPassword: true } });
      expect(Date.parse(seen.json.google.linkedAt)).not.toBeNaN();
      expect((await h.call("GET", "/api/user/me/google")).status).toBe(401);

      const noPassword = await h.call("DELETE", "/api/user/me/google", {}, me);
      expect(noPassword).toMatchObject({ status: 400, json: { message: "Veuillez entrer votre mot de passe actuel pour dissocier votre compte Google." } });
      const wrong = await h.call("DELETE", "/api/user/me/google", { currentPassword: "Pas-le-bon-1!" }, me);
      expect(wrong).toMatchObject({ status: 400, json: { message: "Le mot de passe actuel est incorrect." } });
      expect((await h.call("GET", "/api/user/me/google", undefined, me)).json.google).not.toBeNull();

      const removed = await h.call("DELETE", "/api/user/me/google", { currentPassword: PASSWORD }, me);
      expect(removed).toMatchObject({ status: 200, json: { google: null } });
      expect((await h.call("GET", "/api/user/me/google", undefined, me)).json.google).toBeNull();
      expect(await h.database.db.select().from(userIdentities).where(eq(userIdentities.userId, owner.id))).toEqual([]);
    });

    it("lets a password-less member remove the link only right after signing in", async () => {
      await h.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, owner.id));
      const stale = bearer((await createSession(h.database.db, owner.id, new Date(Date.now() - RECENT_SIGN_IN_MS - 1000))).token);
      const refused = await h.call("DELETE", "/api/user/me/google", undefined, stale);
      expect(refused.status).toBe(403);
      expect(refused.json.message).toMatch(/^Reconnectez-vous pour dissocier votre compte Google/);
      const fresh = bearer((await createSession(h.database.db, owner.id)).token);
      expect((await h.call("DELETE", "/api/user/me/google", undefined, fresh)).status).toBe(200);
    });
  });

});

describe("an admin keeps the power to change a member's e-mail", () => {
  it("through /api/admin/users with their own password (issue 30: not with the session alone), but not their own through the member route", async () => {
    const h = await createHarness();
    try {
      const admin = await makeUser(h.database.db, { nickname: "chef", role: "admin", password: PASSWORD });
      const member = await makeUser(h.database.db);
      const token = (await h.call("POST", "/api/auth/login", { nickname: "chef", password: PASSWORD })).json.token;
      const auth = { authorization: `Bearer ${token}` };
      const body = { firstname: member.firstname, name: member.name, nickname: member.nickname, email: "nouvelle@example.sn" };
      expect((await h.call("PUT", `/api/admin/users/${member.id}`, body, auth)).status).toBe(400);
      expect((await h.call("PUT", `/api/admin/users/${member.id}`, { ...body, currentPassword: PASSWORD }, auth)).status).toBe(200);
      const own = await h.call("PUT", "/api/user/me", { firstname: admin.firstname, name: admin.name, nickname: admin.nickname, email: "chef@evil.example" }, auth);
      expect(own.status).toBe(400);
    } finally {
      h.close();
    }
  });
});
