import { rmSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { OIDC_EMAIL_FILE, OIDC_SUB_FILE } from "./global-setup";
import { ADMIN, apiToken, islandsHydrated } from "./support/apps";

/**
 * The whole Google flow in the browser against the local OpenID Connect server: button, provider redirect,
 * /auth/callback with its texts and delays, session stored, URL cleaned.
 */
test.describe("Google sign-in", () => {
  test("a member whose e-mail the provider verifies lands in their space", async ({ page, request }) => {
    const login = await request.post("/api/auth/login", { data: { nickname: "membre", password: "Membre-Demo-2025!" } });
    const { user } = await login.json();
    writeFileSync(OIDC_EMAIL_FILE, user.email);

    await page.goto("/login");
    await page.getByRole("button", { name: "Connexion avec Google" }).click();
    await page.waitForURL("**/auth/callback**");
    await expect(page.getByRole("status")).toContainText("Authentification");
    expect(page.url()).not.toContain("code=");
    await page.waitForURL("**/user/dashboard", { timeout: 10_000 });
    await expect(page.locator("main")).toContainText(user.firstname);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toMatch(/\./);
  });

  test("an e-mail without a member account shows the error, then returns to /login", async ({ page }) => {
    writeFileSync(OIDC_EMAIL_FILE, "personne@inconnu.example");
    await page.goto("/login");
    await page.getByRole("button", { name: "Connexion avec Google" }).click();
    await page.waitForURL("**/auth/callback**");
    await expect(page.getByRole("status")).toContainText("Erreur lors de la validation Google: Aucun compte membre");
    await page.waitForURL("**/login", { timeout: 10_000 });
  });

  test("a callback without any code shows the spec's message", async ({ page }) => {
    await page.goto("/auth/callback");
    await expect(page.getByRole("status")).toContainText(
      "Erreur lors de la validation Google: No access token or authorization code found in URL",
    );
  });
});

/** Starts a Google sign-in in `page` as the Google account the local OpenID server is told to assert. */
async function googleAs(page: Page, account: { email: string; sub?: string }) {
  writeFileSync(OIDC_EMAIL_FILE, account.email);
  if (account.sub) writeFileSync(OIDC_SUB_FILE, account.sub);
  else rmSync(OIDC_SUB_FILE, { force: true });
  await page.goto("/login");
  await islandsHydrated(page);
  await page.getByRole("button", { name: "Connexion avec Google" }).click();
  await page.waitForURL("**/auth/callback**");
}

/**
 * Issue 18 §1, end to end: someone who held a member's session once tries to make it permanent by moving the
 * profile e-mail to their own address and signing in with their own Google account, before and after the owner
 * changed their password. Then the owner sees the Google account bound to theirs and removes the link.
 */
test.describe("a borrowed session does not become permanent access", () => {
  test.afterEach(() => rmSync(OIDC_SUB_FILE, { force: true }));

  test("e-mail change refused, attacker's Google refused before and after the password change, link shown and removed", async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const OLD = "Ancien-Secret-2026!";
    const NEW = "Nouveau-Secret-2026?";
    const ATTACKER = "attacker@evil.example";
    const nickname = `ndeye${Date.now().toString(36)}`;
    const email = `${nickname}@example.sn`;
    const admin = await apiToken(request, ADMIN);
    const created = await request.post("/api/admin/register", {
      headers: { authorization: `Bearer ${admin}` },
      data: { firstname: "Ndèye", name: "Faye", nickname, email, password: OLD, role: "user", groups: [] },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The owner signs in with Google once: their account is now bound to that Google account.
    await googleAs(page, { email, sub: `google-${nickname}` });
    await page.waitForURL("**/user/dashboard", { timeout: 10_000 });
    await expect(page.locator("main")).toContainText("Ndèye");

    // Someone gets hold of a session (a computer left signed in) and opens the profile with it.
    const borrowed = await apiToken(request, { nickname, password: OLD });
    const attackerContext = await browser.newContext();
    // The token is in place before any page script runs: planting it from /login raced that page's own redirect of
    // a visitor with a stored session (seen in a clean-clone run).
    await attackerContext.addInitScript((token) => localStorage.setItem("token", token), borrowed);
    const evil = await attackerContext.newPage();
    await evil.goto("/user/profile");
    await evil.getByRole("button", { name: "Modifier mon profil" }).click();
    const dialog = evil.getByRole("dialog", { name: "Modifier mon profil" });
    await dialog.getByLabel("E-mail").fill(ATTACKER);
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    await expect(evil.getByRole("alert").getByText("Veuillez entrer votre mot de passe actuel pour changer votre adresse e-mail ou votre alias.")).toBeVisible();
    const me = await request.get("/api/user/me", { headers: { authorization: `Bearer ${borrowed}` } });
    expect((await me.json()).email).toBe(email);

    // Their own Google account with their address, from a browser signed in to nothing, finds no member.
    const attackerGoogle = async () => {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await googleAs(tab, { email: ATTACKER });
      await expect(tab.getByRole("status")).toContainText("Aucun compte membre");
      await context.close();
    };
    await attackerGoogle();
    await attackerContext.close();

    // The owner changes their password: the borrowed session ends.
    await page.goto("/user/profile");
    await page.getByRole("button", { name: "Modifier mon profil" }).click();
    const own = page.getByRole("dialog", { name: "Modifier mon profil" });
    await own.getByLabel("Mot de passe actuel").fill(OLD);
    await own.getByLabel("Nouveau mot de passe").fill(NEW);
    await own.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByRole("status").getByText("Profil mis à jour.")).toBeVisible();
    await page.waitForURL("**/user/dashboard");
    expect((await request.get("/api/user/me", { headers: { authorization: `Bearer ${borrowed}` } })).status()).toBe(401);

    // The attacker's Google sign-in is still refused.
    await attackerGoogle();

    // The owner sees the Google account bound to theirs and removes the link: confirmation first, then the password.
    await page.goto("/user/profile");
    const link = page.getByRole("region", { name: "Connexion avec Google" });
    await expect(link).toContainText(`Compte Google associé\u00a0: ${email}`);
    await link.getByRole("button", { name: "Dissocier" }).click();
    const confirmDialog = page.getByRole("alertdialog");
    await expect(confirmDialog).toContainText(`Dissocier le compte Google «\u00a0${email}\u00a0»\u00a0?`);
    await confirmDialog.getByRole("button", { name: "Dissocier" }).click();
    await link.getByLabel("Mot de passe actuel").fill("Pas-le-bon-2026!");
    await link.getByRole("button", { name: "Dissocier" }).click();
    await expect(page.getByRole("alert").getByText("Le mot de passe actuel est incorrect.")).toBeVisible();
    await link.getByLabel("Mot de passe actuel").fill(NEW);
    await link.getByRole("button", { name: "Dissocier" }).click();
    await expect(page.getByRole("status").getByText("Compte Google dissocié.")).toBeVisible();
    await expect(link).toContainText("Aucun compte Google associé.");
  });
});
