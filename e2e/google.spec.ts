import { writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { OIDC_EMAIL_FILE } from "./global-setup";

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
