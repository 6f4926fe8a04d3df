import { writeFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { codeFor } from "./support/otp";
import { OIDC_EMAIL_FILE } from "./global-setup";
import { PASSKEY_SITE, virtualAuthenticator } from "./support/webauthn";
import { ADMIN, apiToken, appViolations, islandsHydrated, signIn, type Account } from "./support/apps";

/**
 * Two-factor sign-in in Chromium: a member turns on an authenticator app from the profile (the secret read from
 * the page, the codes computed with otpauth as a phone would), signs in with password + code, then with a recovery
 * code; another registers a passkey with Chromium's virtual authenticator and signs in with it, no password.
 * Members are created for the test by an admin, so the demo accounts stay without two-factor for other journeys.
 */

const PASSWORD = "Double-Facteur-2026!";

async function newMember(request: APIRequestContext, prefix: string): Promise<Account> {
  const nickname = `${prefix}${Date.now().toString(36)}`;
  const admin = await apiToken(request, ADMIN);
  const created = await request.post("/api/admin/register", {
    headers: { authorization: `Bearer ${admin}` },
    data: { firstname: "Aminata", name: "Touré", nickname, email: `${nickname}@example.sn`, password: PASSWORD, role: "user", groups: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { nickname, password: PASSWORD };
}


async function signOut(page: Page) {
  await page.locator("[data-session-slot]").getByRole("button", { name: "Déconnexion" }).click();
  await page.waitForURL(/\/login(\?.*)?$/);
  await islandsHydrated(page);
}

async function passwordStep(page: Page, who: Account) {
  await page.getByLabel("Identifiant").fill(who.nickname);
  await page.getByLabel("Mot de passe").fill(who.password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await expect(page.getByLabel("Code de vérification")).toBeFocused();
}

test("a member turns on an authenticator app, then signs in with a code and with a recovery code", async ({ page, request }) => {
  test.setTimeout(90_000);
  const who = await newMember(request, "totp");
  await signIn(page, who);
  await page.goto("/user/profile");
  const section = page.locator("#double-authentification");
  await expect(section.getByRole("heading", { name: "Sécurité de la connexion" })).toBeVisible();
  await section.getByRole("button", { name: "Activer la double authentification" }).click();

  // The QR code and the key in text; the key is what a person would type into the app.
  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = ((await section.locator(".two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await appViolations(page, "#double-authentification")).toEqual([]);

  // The owner-present step: the current password with the first code (a borrowed session cannot turn it on).
  await section.locator(".two-factor-enrol").getByLabel("Mot de passe actuel").fill(PASSWORD);
  // A wrong code first: refused, still off.
  await section.getByLabel("Code de vérification").fill(String((Number(codeFor(secret)) + 1) % 1_000_000).padStart(6, "0"));
  await section.getByRole("button", { name: "Confirmer" }).click();
  await expect(section.getByText(/^Code de vérification incorrect/)).toBeVisible();
  await section.getByLabel("Code de vérification").fill(codeFor(secret));
  await section.getByRole("button", { name: "Confirmer" }).click();

  // Ten recovery codes, shown this once.
  await expect(section.getByRole("heading", { name: "Vos codes de secours" })).toBeFocused();
  const codes = (await section.getByRole("list", { name: "Codes de secours" }).locator("code").allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  expect(await appViolations(page, "#double-authentification")).toEqual([]);
  // Kept offline: a text file with the ten codes (and a printed sheet).
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Télécharger (.txt)" }).click()]);
  expect(download.suggestedFilename()).toBe("codes-de-secours.txt");
  const saved = await (await download.createReadStream()).toArray();
  for (const c of codes) expect(Buffer.concat(saved).toString("utf8")).toContain(c);
  await expect(section.getByRole("button", { name: "Imprimer" })).toBeVisible();
  await section.getByRole("button", { name: "J’ai noté mes codes" }).click();
  await expect(section.getByText("Codes de secours restants\u00a0: 10 sur 10.")).toBeVisible();

  // Password, then the app's next code (a number pad on phones, one-time-code for the keyboard's suggestion).
  await signOut(page);
  await passwordStep(page, who);
  await expect(page.getByLabel("Code de vérification")).toHaveAttribute("inputmode", "numeric");
  await expect(page.getByLabel("Code de vérification")).toHaveAttribute("autocomplete", "one-time-code");
  expect(await appViolations(page, ".auth-card")).toEqual([]);
  await page.getByLabel("Code de vérification").fill("000000");
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.getByRole("alert")).toHaveText("Code de vérification incorrect.");
  await page.getByLabel("Code de vérification").fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Vérifier" }).click();
  await page.waitForURL("**/user/dashboard");

  // Password, then a recovery code (letters: the field switches to a keyboard), which then counts as used.
  await signOut(page);
  await passwordStep(page, who);
  await page.getByRole("button", { name: "Utiliser un code de secours" }).click();
  await expect(page.getByLabel("Code de vérification")).toHaveAttribute("inputmode", "text");
  await page.getByLabel("Code de vérification").fill(codes[0]!);
  await page.getByRole("button", { name: "Vérifier" }).click();
  await page.waitForURL("**/user/dashboard");
  await page.goto("/user/profile");
  await expect(page.getByText("Codes de secours restants\u00a0: 9 sur 10.")).toBeVisible();

  // The same recovery code does not work twice.
  await signOut(page);
  await passwordStep(page, who);
  await page.getByLabel("Code de vérification").fill(codes[0]!);
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.getByRole("alert")).toHaveText("Code de vérification incorrect.");
});

test("Google proves only the first factor: a member with two-factor still types a code", async ({ page, request }) => {
  const who = await newMember(request, "google");
  const token = await apiToken(request, who);
  const auth = { authorization: `Bearer ${token}` };
  const { secret } = (await (await request.post("/api/user/me/two-factor/totp", { headers: auth })).json()) as { secret: string };
  const confirmed = await request.post("/api/user/me/two-factor/totp/confirm", { headers: auth, data: { code: codeFor(secret), currentPassword: PASSWORD } });
  expect(confirmed.status()).toBe(200);
  writeFileSync(OIDC_EMAIL_FILE, `${who.nickname}@example.sn`);

  await page.goto("/login");
  await islandsHydrated(page);
  await page.getByRole("button", { name: "Connexion avec Google" }).click();
  await page.waitForURL(/\/login(\?.*)?$/);
  await expect(page.getByLabel("Code de vérification")).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  await page.getByLabel("Code de vérification").fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Vérifier" }).click();
  await page.waitForURL("**/user/dashboard");
});

test("a member registers a passkey and signs in with it, without a password", async ({ page, request }) => {
  test.setTimeout(90_000);
  const who = await newMember(request, "cle");
  const site = PASSKEY_SITE;
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await signIn(page, who, site);
  await page.goto(`${site}/user/profile`);
  const section = page.locator("#double-authentification");
  await expect(section.getByText("Aucune clé d’accès enregistrée.")).toBeVisible();
  await section.getByLabel("Nom de la nouvelle clé").fill("Ordinateur du bureau");
  await section.locator(".passkey-add").getByLabel("Mot de passe actuel").fill(PASSWORD);
  await section.getByRole("button", { name: "Ajouter une clé d’accès" }).click();
  const keys = section.getByRole("list", { name: "Vos clés d’accès" });
  await expect(keys.getByRole("listitem")).toHaveCount(1);
  await expect(keys).toContainText("Ordinateur du bureau");
  await expect(keys).toContainText("Ajoutée le");
  await expect(keys).toContainText("jamais utilisée");
  const stored = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(stored.credentials).toHaveLength(1);
  expect(stored.credentials[0]!.isResidentCredential).toBe(true);
  expect(await appViolations(page, "#double-authentification")).toEqual([]);

  // Signed out, the key alone signs in: no alias, no password.
  await signOut(page);
  await page.getByRole("button", { name: "Se connecter avec une clé d’accès" }).click();
  await page.waitForURL("**/user/dashboard");
  await expect(page.locator("main")).toContainText("Aminata");

  // Removed, it is gone from the list (and from the server: it would sign nobody in).
  await page.goto(`${site}/user/profile`);
  await expect(keys).toContainText("dernière utilisation le");
  await keys.getByRole("button", { name: "Supprimer la clé d’accès «\u00a0Ordinateur du bureau\u00a0»" }).click();
  const removal = keys.getByRole("form", { name: "Supprimer la clé d’accès «\u00a0Ordinateur du bureau\u00a0»" });
  await removal.getByLabel("Mot de passe actuel").fill(PASSWORD);
  await removal.getByRole("button", { name: "Supprimer la clé", exact: true }).click();
  await expect(section.getByText("Aucune clé d’accès enregistrée.")).toBeVisible();
  await signOut(page);
  await page.getByRole("button", { name: "Se connecter avec une clé d’accès" }).click();
  await expect(page.getByRole("alert")).toContainText("Clé d'accès non reconnue");
});
