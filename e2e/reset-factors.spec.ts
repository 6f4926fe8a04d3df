import { expect, test, type APIRequestContext } from "@playwright/test";
import { SoftAuthenticator } from "../api/testing/soft-authenticator";
import { codeFor } from "./support/otp";
import { ADMIN, apiToken, appViolations, islandsHydrated, signIn } from "./support/apps";
import { mailboxMark, mailsFor, waitForMail } from "./support/mailbox";
import { PASSKEY_SITE } from "./support/webauthn";

/**
 * Issue 30 §2 in Chromium: a member who finds a factor they did not add (or lost one) resets the password by mail,
 * and the link's page offers to remove every passkey and turn two-factor off. Turning it off asks a code of the app
 * or a recovery code (docs/DECISIONS.md « What a reset may remove »): without one the page shows the refusal and
 * nothing changes; with one, the password is set, the key and the app are gone, the owner is mailed (read at the
 * journeys' real SMTP server), and the new password alone signs in.
 */

const PASSWORD = "Proprietaire-Reset-2026!";
const NEW_PASSWORD = "Nouveau-Reset-2026!";

async function equippedMember(request: APIRequestContext) {
  const nickname = `reset${Date.now().toString(36)}`;
  const email = `${nickname}@example.sn`;
  const created = await request.post("/api/admin/register", {
    headers: { authorization: `Bearer ${await apiToken(request, ADMIN)}` },
    data: { firstname: "Ndeye", name: "Sarr", nickname, email, password: PASSWORD, role: "user", groups: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const signedIn = await request.post("/api/auth/login", { data: { nickname, password: PASSWORD } });
  const auth = { authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
  // The authenticator app, turned on with the password (the owner-present step).
  const start = (await (await request.post("/api/user/me/two-factor/totp", { headers: auth })).json()) as { secret: string };
  const on = await request.post("/api/user/me/two-factor/totp/confirm", { headers: auth, data: { code: codeFor(start.secret), currentPassword: PASSWORD } });
  expect(on.status(), await on.text()).toBe(200);
  const { recoveryCodes } = (await on.json()) as { recoveryCodes: string[] };
  // A passkey nobody in this browser holds (the one « they did not add »), with the password and a recovery code.
  const key = new SoftAuthenticator(PASSKEY_SITE);
  const options = await (await request.post("/api/user/me/passkeys/options", { headers: auth })).json();
  const added = await request.post("/api/user/me/passkeys", {
    headers: auth,
    data: { name: "Inconnue", response: key.register(options), currentPassword: PASSWORD, currentCode: recoveryCodes[0] },
  });
  expect(added.status(), await added.text()).toBe(200);
  return { nickname, email, key, recoveryCodes: recoveryCodes.slice(1) };
}

test("the reset link's page removes every passkey and, with a recovery code, turns two-factor off", async ({ page, request }) => {
  test.setTimeout(120_000);
  const who = await equippedMember(request);
  const mark = mailboxMark();
  expect((await request.post("/api/auth/password-reset", { data: { login: who.nickname } })).status()).toBe(200);
  const mail = await waitForMail(who.email, "Réinitialisation de votre mot de passe", mark);
  const link = /https?:\/\/\S+?(\/reinitialiser-mot-de-passe#token=[A-Za-z0-9_-]{43})/.exec(mail.mail.text ?? "");
  expect(link, mail.mail.text).not.toBeNull();

  await page.goto(link![1]!);
  await islandsHydrated(page);
  const factors = page.getByRole("group", { name: "Clés d’accès et double authentification" });
  await expect(factors).toBeVisible();
  await page.getByLabel("Nouveau mot de passe").fill(NEW_PASSWORD);
  await page.getByLabel("Confirmez le mot de passe").fill(NEW_PASSWORD);
  await factors.getByLabel("Supprimer mes clés d’accès (1) et désactiver la double authentification").check();
  const code = factors.getByLabel("Code de votre application ou code de secours");
  await expect(code).toBeVisible();
  expect(await appViolations(page), "the reset page with its factors").toEqual([]);

  // Without a code: refused, and the link still works (nothing was changed).
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.locator("#reset-error")).not.toBeEmpty();
  expect((await request.post("/api/auth/login", { data: { nickname: who.nickname, password: NEW_PASSWORD } })).status()).toBe(401);

  // With a recovery code: the password is set, the key and the app are gone.
  await code.fill(who.recoveryCodes[0]!);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByRole("status")).toHaveText("Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.");

  // The owner is told what the link removed (the setup's own security mails may arrive meanwhile: filtered out).
  const resetMails = async () =>
    (await mailsFor(who.email, mark))
      .filter((d) => d.mail.subject === "Alerte de sécurité sur votre compte" && /réinitialisé par le lien reçu par e-mail/.test(d.mail.text ?? ""))
      .map((d) => d.mail.text ?? "");
  await expect.poll(resetMails, { timeout: 30_000 }).toHaveLength(1);
  expect((await resetMails())[0]).toMatch(/1 clé\(s\) d'accès supprimée\(s\), double authentification désactivée/);

  // The planted key signs in no more; the new password alone reaches the dashboard (no code asked).
  const keyOptions = await (await request.post("/api/auth/passkey/options")).json();
  expect((await request.post("/api/auth/passkey", { data: { response: who.key.assert(keyOptions) } })).status()).toBe(401);
  await signIn(page, { nickname: who.nickname, password: NEW_PASSWORD });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
