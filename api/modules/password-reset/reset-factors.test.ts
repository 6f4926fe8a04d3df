import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { passkeys, totpFactors } from "../../../db/schema";
import { bearer, enrolTotp, login, loginCode, post, totpCode } from "../auth/two-factor-test-kit";
import { smtpDeliverer } from "../mail/test-kit";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { SoftAuthenticator } from "../../testing/soft-authenticator";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../../testing/smtp-server";
import { CODE_TO_REMOVE_TWO_FACTOR, SPENT_LINK } from "./messages";

const PUBLIC_URL = "https://institut.example.sn";
const OLD_PASSWORD = "Ancien-Passe-2026!";
const NEW_PASSWORD = "Nouveau-Passe-2026!";

/**
 * Issue 30 §2: recovering an account whose factor was lost or planted. The reset link ends every session and
 * pending sign-in, may remove the passkeys, and turns two-factor off only with a code; the owner is told by mail,
 * read here at a real SMTP server.
 */
describe("a password reset that recovers the account's factors", () => {
  let h: Harness;
  let smtp: TestSmtpServer;
  let ip = 0;
  const freshIp = () => `203.0.113.${++ip}`;
  const { deliver, closeTransports } = smtpDeliverer(() => h.database.db, () => smtp);
  const tokenIn = (mails: ReceivedMail[]) => {
    for (const mail of mails) {
      const m = /reinitialiser-mot-de-passe#token=([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? "");
      if (m) return m[1]!;
    }
    throw new Error("no reset link in the mails delivered");
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    h = await createHarness({ SMTP_URL: smtp.url, MAIL_FROM: "L'Institut <contact@institut.example.sn>", PUBLIC_URL });
  });
  afterEach(closeTransports);
  afterAll(async () => {
    await smtp.stop();
    h.close();
  });

  /** A member with a password, an authenticator app (optional) and one passkey; the reset link mailed to them. */
  async function lockedOut(nickname: string, withApp: boolean) {
    const user = await makeUser(h.database.db, { nickname, password: OLD_PASSWORD, email: `${nickname}@example.sn` });
    const first = await login(h, nickname, OLD_PASSWORD, freshIp());
    const token = first.json.token as string;
    const app = withApp ? await enrolTotp(h, token, OLD_PASSWORD) : null;
    const key = new SoftAuthenticator(PUBLIC_URL);
    const options = await h.call("POST", "/api/user/me/passkeys/options", undefined, bearer(token));
    const proof = app ? { currentPassword: OLD_PASSWORD, currentCode: totpCode(app.secret, 1) } : { currentPassword: OLD_PASSWORD };
    expect((await h.call("POST", "/api/user/me/passkeys", { name: "Clé", response: key.register(options.json), ...proof }, bearer(token))).status).toBe(200);
    await deliver(); // the security mails of the setup
    expect((await post(h, "/api/auth/password-reset", { login: nickname }, freshIp())).status).toBe(200);
    return { user, session: token, app, key, link: tokenIn(await deliver()) };
  }

  const check = (token: string) => post(h, "/api/auth/password-reset/check", { token }, freshIp());
  const confirm = (token: string, extra: object = {}) => post(h, "/api/auth/password-reset/confirm", { token, password: NEW_PASSWORD, ...extra }, freshIp());
  const factors = async (userId: string) => ({
    totp: (await h.database.db.select().from(totpFactors).where(eq(totpFactors.userId, userId))).length,
    passkeys: (await h.database.db.select().from(passkeys).where(eq(passkeys.userId, userId))).length,
  });

  it("says what the link may remove before the form is filled, and that a used link is used", async () => {
    const { link } = await lockedOut("aminata-perdu", true);
    expect(await check(link)).toMatchObject({ status: 200, json: { twoFactor: true, passkeys: 1 } });
    expect((await confirm(link)).status).toBe(200);
    expect(await check(link)).toMatchObject({ status: 400, json: { message: SPENT_LINK } });
    await deliver();
  });

  it("removes the passkeys with the link alone when two-factor is off, ends every session, and mails the owner", async () => {
    const { user, session, key, link } = await lockedOut("babacar-perdu", false);
    const res = await confirm(link, { removeFactors: true });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await factors(user.id)).toEqual({ totp: 0, passkeys: 0 });
    expect((await h.call("GET", "/api/user/me", undefined, bearer(session))).status).toBe(401);
    // The key that was there no longer signs in.
    const options = await post(h, "/api/auth/passkey/options", undefined, freshIp());
    expect((await post(h, "/api/auth/passkey", { response: key.assert(options.json) }, freshIp())).status).toBe(401);
    const [mail, ...more] = await deliver();
    expect(more).toHaveLength(0);
    expect(mail!.envelope.to).toEqual([user.email]);
    expect(mail!.parsed.subject).toBe("Alerte de sécurité sur votre compte");
    expect(mail!.parsed.text).toContain("réinitialisé par le lien reçu par e-mail");
    expect(mail!.parsed.text).toContain("1 clé(s) d'accès supprimée(s)");
  });

  it("turns two-factor off only with a code: the link alone is refused and changes nothing", async () => {
    const { user, app, link } = await lockedOut("coura-perdu", true);
    const refused = await confirm(link, { removeFactors: true });
    expect(refused).toMatchObject({ status: 400, json: { message: CODE_TO_REMOVE_TWO_FACTOR } });
    const wrong = await confirm(link, { removeFactors: true, code: "000000" });
    expect(wrong.status).toBe(400);
    expect(await factors(user.id)).toEqual({ totp: 1, passkeys: 1 });
    expect((await check(link)).status).toBe(200); // not spent by a refusal
    const ok = await confirm(link, { removeFactors: true, code: app!.recoveryCodes[0] });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(await factors(user.id)).toEqual({ totp: 0, passkeys: 0 });
    // The new password alone signs in now: no code step.
    const signIn = await login(h, "coura-perdu", NEW_PASSWORD, freshIp());
    expect(signIn.json.token).toBeTruthy();
    expect(signIn.json.secondFactor).toBeUndefined();
    await deliver();
  });

  it("ends pending sign-ins too: a code typed after the reset into a sign-in begun before is refused", async () => {
    const { app, link } = await lockedOut("daba-perdu", true);
    const pending = await login(h, "daba-perdu", OLD_PASSWORD, freshIp());
    expect(pending.json.secondFactor).toBe(true);
    expect((await confirm(link)).status).toBe(200);
    expect((await loginCode(h, pending.json.pendingToken, totpCode(app!.secret, 1), freshIp())).status).toBe(401);
    await deliver();
  });
});
