import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { appViolations, islandsHydrated, MEMBER } from "./support/apps";
import { mailboxMark, waitForMail } from "./support/mailbox";

/**
 * Forgotten password (issue 21 §2): the journeys' server delivers to a real local SMTP server, and the journey
 * follows the link of the mail the member received (e2e/support/mailbox.ts). At
 * 1280 px the demo member gets a new password; at 375 px the same journey gives the demo password back, so the
 * specs that sign in as the demo member after this one are unaffected (afterAll restores it too if a step failed).
 */
const NEW_PASSWORD = "Gorée-Nouveau-2026!";

/** The reset mail `email` received after `mark`, at the SMTP server (its text part holds the link). */
async function resetLink(email: string, mark: string): Promise<string> {
  const got = await waitForMail(email, "Réinitialisation de votre mot de passe", mark);
  const text = got.mail.text ?? "";
  const link = /https?:\/\/\S+?(\/reinitialiser-mot-de-passe#token=[A-Za-z0-9_-]{43})/.exec(text);
  expect(link, text).not.toBeNull();
  return link![1]!;
}

async function memberEmail(request: APIRequestContext, password: string): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { nickname: MEMBER.nickname, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { user: { email: string } }).user.email;
}

async function resetJourney(page: Page, request: APIRequestContext, email: string, password: string) {
  const asked = mailboxMark();
  await page.goto("/login");
  await islandsHydrated(page);
  await page.getByRole("link", { name: "Mot de passe oublié\u00a0?" }).click();
  await page.waitForURL("**/mot-de-passe-oublie");
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Mot de passe oublié" })).toBeVisible();
  expect(await appViolations(page), "the « Mot de passe oublié » page").toEqual([]);
  await page.getByLabel("Adresse e-mail ou alias").fill(MEMBER.nickname);
  await page.getByRole("button", { name: "Recevoir un lien" }).click();
  await expect(page.getByRole("status")).toHaveText("Si un compte correspond, un e-mail vient d'être envoyé.");

  const link = await resetLink(email, asked);
  await page.goto(link);
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Nouveau mot de passe" })).toBeVisible();
  // The token left the address bar as soon as the page read it.
  await expect.poll(() => new URL(page.url()).hash).toBe("");
  expect(new URL(page.url()).search).toBe("");
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");

  // The live rules of the profile form.
  const field = page.getByLabel("Nouveau mot de passe");
  const rules = page.getByRole("list", { name: "Règles du mot de passe" });
  await field.fill("court");
  await expect(rules.getByRole("listitem").filter({ hasText: "Au moins 8 caractères" })).toContainText("non respectée");
  await field.fill(password);
  for (const item of await rules.getByRole("listitem").all()) await expect(item).toContainText(": respectée");
  await page.getByLabel("Confirmez le mot de passe").fill(password);
  expect(await appViolations(page), "the « Nouveau mot de passe » page").toEqual([]);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByRole("status")).toHaveText("Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.");

  await page.getByRole("link", { name: "Se connecter" }).click();
  await page.waitForURL("**/login");
  await islandsHydrated(page);
  await page.getByLabel("Identifiant").fill(MEMBER.nickname);
  await page.getByLabel("Mot de passe", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await page.waitForURL("**/user/dashboard");

  // The owner is told (issue 30 §2), and the used link says so as soon as it is opened again, before any form.
  const told = await waitForMail(email, "Alerte de sécurité sur votre compte", asked);
  expect(told.mail.text).toContain("réinitialisé par le lien reçu par e-mail");
  await page.goto(link);
  await islandsHydrated(page);
  await expect(page.getByRole("alert")).toHaveText(/^Ce lien a déjà servi ou a été remplacé\./);
  await expect(page.getByLabel("Nouveau mot de passe")).toHaveCount(0);
}

test.describe.serial("forgotten password, from /login to signing in with the new one", () => {
  let email = "";
  let restored = false;

  test.afterAll(async ({ request }) => {
    if (restored || !email) return;
    // A step failed after the password changed: give the demo password back through the same links.
    const asked = mailboxMark();
    await request.post("/api/auth/password-reset", { data: { login: MEMBER.nickname } });
    const link = await resetLink(email, asked);
    const token = link.split("#token=")[1];
    await request.post("/api/auth/password-reset/confirm", { data: { token, password: MEMBER.password } });
  });

  test("at 1280 px, the demo member chooses a new password and signs in with it", async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    email = await memberEmail(request, MEMBER.password);
    await resetJourney(page, request, email, NEW_PASSWORD);
  });

  test("at 375 px, the same journey gives the demo password back", async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await resetJourney(page, request, email, MEMBER.password);
    restored = true;
  });
});
