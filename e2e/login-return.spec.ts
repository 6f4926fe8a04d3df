import { writeFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { codeFor } from "./support/otp";
import { OIDC_EMAIL_FILE } from "./global-setup";
import { ADMIN, apiToken, islandsHydrated, MEMBER, type Account } from "./support/apps";

/**
 * Issue 19 §3.7: signing in returns to the member or admin page that was asked for, and only to such a page of
 * this site (the path check itself: site/src/lib/return-path.test.ts).
 */

async function passwordSignIn(page: Page, who: Account) {
  await islandsHydrated(page);
  await page.getByLabel("Identifiant").fill(who.nickname);
  await page.getByLabel("Mot de passe").fill(who.password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
}

test("a signed-out admin opening a filtered list signs in and lands on that list", async ({ page }) => {
  await page.goto("/admin/articles?status=pending");
  await page.waitForURL((url) => url.pathname === "/login");
  expect(new URL(page.url()).searchParams.get("next")).toBe("/admin/articles?status=pending");
  await passwordSignIn(page, ADMIN);
  await page.waitForURL((url) => url.pathname === "/admin/articles" && url.search === "?status=pending");
  await expect(page.getByLabel("Afficher")).toHaveValue("pending");
});

test("a next pointing at another site is ignored: the sign-in lands on the member space", async ({ page }) => {
  await page.goto(`/login?next=${encodeURIComponent("https://evil.example/admin")}`);
  await passwordSignIn(page, MEMBER);
  await page.waitForURL("**/user/dashboard");
});

test("a protocol-relative next is ignored too", async ({ page }) => {
  await page.goto("/login?next=//evil.example/user");
  await passwordSignIn(page, MEMBER);
  await page.waitForURL("**/user/dashboard");
});

test("the Google sign-in returns to the page asked for as well", async ({ page, request }) => {
  const login = await request.post("/api/auth/login", { data: MEMBER });
  writeFileSync(OIDC_EMAIL_FILE, ((await login.json()) as { user: { email: string } }).user.email);
  await page.goto("/user/media");
  await page.waitForURL((url) => url.pathname === "/login");
  await islandsHydrated(page);
  await page.getByRole("button", { name: "Connexion avec Google" }).click();
  await page.waitForURL("**/auth/callback**");
  await page.waitForURL((url) => url.pathname === "/user/media", { timeout: 10_000 });
});

/** A new member with an authenticator app turned on (through the API, as e2e/two-factor.spec.ts does). */
async function memberWithCode(request: APIRequestContext): Promise<Account & { secret: string; email: string; recovery: string[] }> {
  const nickname = `retour${Date.now().toString(36)}`;
  const password = "Retour-Demande-2026!";
  const admin = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const email = `${nickname}@example.sn`;
  const created = await request.post("/api/admin/register", {
    headers: admin,
    data: { firstname: "Khady", name: "Sow", nickname, email, password, role: "user", groups: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const auth = { authorization: `Bearer ${await apiToken(request, { nickname, password })}` };
  const { secret } = (await (await request.post("/api/user/me/two-factor/totp", { headers: auth })).json()) as { secret: string };
  const confirmed = await request.post("/api/user/me/two-factor/totp/confirm", { headers: auth, data: { code: codeFor(secret), currentPassword: password } });
  expect(confirmed.status()).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };
  return { nickname, password, secret, email, recovery: recoveryCodes };
}


test("the two-factor step, after the password or after Google, also returns to the page asked for", async ({ page, request }) => {
  const who = await memberWithCode(request);
  await page.goto("/user/articles?new");
  await page.waitForURL((url) => url.pathname === "/login");
  await passwordSignIn(page, who);
  await page.getByLabel("Code de vérification").fill(codeFor(who.secret, 1));
  await page.getByRole("button", { name: "Vérifier" }).click();
  await page.waitForURL((url) => url.pathname === "/user/articles" && url.search === "?new");

  // Signed out again, then Google (first factor only): the callback hands the code step the page to return to.
  await page.evaluate(() => localStorage.clear());
  writeFileSync(OIDC_EMAIL_FILE, who.email);
  await page.goto("/user/media");
  await page.waitForURL((url) => url.pathname === "/login");
  await islandsHydrated(page);
  await page.getByRole("button", { name: "Connexion avec Google" }).click();
  await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === "/user/media");
  await islandsHydrated(page);
  // The app's codes are accepted once and in order: a recovery code for this second sign-in.
  await page.getByLabel("Code de vérification").fill(who.recovery[0]!);
  await page.getByRole("button", { name: "Vérifier" }).click();
  await page.waitForURL((url) => url.pathname === "/user/media");
});
