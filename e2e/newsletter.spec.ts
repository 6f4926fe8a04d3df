import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, appViolations, authHeaders, islandsHydrated, signIn } from "./support/apps";
import { mailboxMark, waitForMail } from "./support/mailbox";

/**
 * The newsletter's subscription (issue 21 §4): the journeys' server delivers to a real local SMTP server, and the
 * journey reads the confirmation mail the subscriber received (e2e/support/mailbox.ts). Subscribe on /lettre, follow the
 * confirmation link (which confirms on a press of its button only, issue 30 §4), then the subscriber's one-click
 * unsubscribe link; at 1280 and 375 px. The admin screen
 * « Lettre d'information » lists the subscriber. /lettre and the admin screen have no serious axe violation.
 */

/** The text part of the confirmation mail `email` received after `mark`. */
async function confirmationText(email: string, mark: string): Promise<string> {
  const got = await waitForMail(email, /^Confirmez votre inscription/, mark);
  return got.mail.text ?? "";
}

/** The subscriber's state as the admins' list gives it. */
async function subscriberState(request: APIRequestContext, email: string): Promise<string | undefined> {
  const headers = await authHeaders(request, ADMIN);
  const page = (await (await request.get(`/api/admin/newsletter/subscribers?page=1&q=${encodeURIComponent(email)}`, { headers })).json()) as { items: { email: string; state: string }[] };
  return page.items.find((s) => s.email === email)?.state;
}

async function journey(page: Page, request: APIRequestContext, width: number) {
  const mark = mailboxMark();
  await page.setViewportSize({ width, height: 900 });
  const email = `lecteur-${width}-${Date.now()}@example.sn`;
  await page.goto("/lettre");
  await expect(page.getByRole("heading", { level: 1, name: /^Lettre d.information$/ })).toBeVisible();
  expect(await appViolations(page), "/lettre").toEqual([]);

  const form = page.getByRole("main").locator("form[data-newsletter-form]");
  const consent = form.getByRole("checkbox");
  await expect(consent).not.toBeChecked();
  await form.getByLabel("Adresse e-mail").fill(email);
  // Without the consent box, nothing is sent.
  await form.getByRole("button", { name: /^S.inscrire$/ }).click();
  await expect(form.getByRole("status")).toHaveText("Cochez la case pour accepter de recevoir la lettre d'information.");
  await consent.check();
  await form.getByRole("button", { name: /^S.inscrire$/ }).click();
  await expect(form.getByRole("status")).toContainText("Merci\u00a0! Si cette adresse n'est pas encore inscrite");

  const text = await confirmationText(email, mark);
  const confirmLink = /https?:\/\/\S+?(\/lettre\/confirmation#token=[A-Za-z0-9_-]{43})/.exec(text);
  const unsubscribeLink = /https?:\/\/\S+?(\/lettre\/desinscription\?id=[0-9a-f]+&sig=[A-Za-z0-9_-]{43})/.exec(text);
  expect(confirmLink, text).not.toBeNull();
  expect(unsubscribeLink, text).not.toBeNull();

  // Opening the link confirms nothing (mail scanners open links and run their scripts, issue 30 §4): the page
  // asks for a press.
  await page.goto(confirmLink![1]!);
  await page.waitForLoadState("networkidle");
  // The token left the address bar.
  expect(new URL(page.url()).hash).toBe("");
  await expect(page.getByRole("main").getByRole("status")).toHaveText("");
  expect(await subscriberState(request, email)).toBe("pending");
  expect(await appViolations(page), "/lettre/confirmation").toEqual([]);
  await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("confirmée");
  expect(await subscriberState(request, email)).toBe("confirmed");

  await page.goto(unsubscribeLink![1]!);
  await expect(page.getByRole("heading", { level: 1, name: "Se désinscrire" })).toBeVisible();
  await page.getByRole("button", { name: "Se désinscrire" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Vous êtes désinscrit de la lettre d'information. Vous ne la recevrez plus.");

  // An altered link is refused.
  await page.goto(unsubscribeLink![1]!.replace(/sig=./, (m) => (m.endsWith("A") ? "sig=B" : "sig=A")));
  await page.getByRole("button", { name: "Se désinscrire" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Ce lien de désinscription n'est pas valide");
  return email;
}

test("a visitor subscribes on /lettre, confirms by the mailed link and unsubscribes in one click (1280 px)", async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = await journey(page, request, 1280);

  await signIn(page, ADMIN);
  await page.goto(`/admin/newsletter?q=${encodeURIComponent(email)}`);
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: /^Lettre d.information$/ })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Désinscrit");
  await expect(page.getByRole("link", { name: "Exporter en CSV" })).toHaveAttribute("href", /^\/api\/admin\/newsletter\/subscribers\/export\?q=lecteur-1280-/);
  expect(await appViolations(page), "the « Lettre d'information » screen").toEqual([]);
});

test("the same journey at 375 px, from the footer's form too", async ({ page, request }) => {
  test.setTimeout(90_000);
  await journey(page, request, 375);
  // The footer's form is on every page, with its own ids.
  await page.goto("/");
  const footer = page.getByRole("contentinfo").locator("form[data-newsletter-form]");
  await expect(footer.getByLabel("Adresse e-mail")).toBeVisible();
  await expect(footer.getByRole("checkbox")).not.toBeChecked();
});
