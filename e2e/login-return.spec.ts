import { writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { OIDC_EMAIL_FILE } from "./global-setup";
import { ADMIN, islandsHydrated, MEMBER, type Account } from "./support/apps";

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
