import { expect, test } from "@playwright/test";
import { previewDocument } from "../site/src/apps/mail/mail-list";
import { ADMIN, apiToken, appViolations, islandsHydrated, signIn } from "./support/apps";
import { mailboxMark, waitForMail } from "./support/mailbox";

/**
 * « Courriels » (issue 21 §1) on the journeys' server, which delivers to a real local SMTP server: the admin sends
 * themself a test message, receives it, finds it sent in the outbox (one attempt), opens it and reads both its
 * parts; the screen and the open dialog have no serious axe violation. (The no-SMTP_URL demo, where mail waits, is
 * covered by api/modules/mail tests.)
 */
test("an admin sends a test message, receives it and reads it in full in « Courriels »", async ({ page, request }) => {
  test.setTimeout(90_000);
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const me = (await (await request.get("/api/user/me", { headers })).json()) as { email: string; firstname: string };

  await signIn(page, ADMIN);
  await page.goto("/admin/mail");
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Courriels" })).toBeVisible();
  await expect(page.getByText("Aucun serveur d'envoi n'est configuré (SMTP_URL)")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Administration du site" }).getByRole("link", { name: "Courriels" })).toHaveAttribute("aria-current", "page");

  const mark = mailboxMark();
  await page.getByRole("button", { name: "Envoyer un courriel de test" }).click();
  await expect(page.getByText(`Courriel de test en cours d'envoi à ${me.email}.`)).toBeVisible();
  const delivered = await waitForMail(me.email, "Courriel de test", mark);
  expect(delivered.mail.text).toContain(`Bonjour ${me.firstname},`);

  // Sent at the first attempt.
  await page.getByLabel("Afficher").selectOption("sent");
  await expect(page).toHaveURL(/[?&]state=sent(&|$)/);
  const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: "Courriel de test" }) }).first();
  await expect(row).toContainText(me.email);
  await expect(row).toContainText("Envoyé");
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  expect(await appViolations(page), "the « Courriels » screen").toEqual([]);

  // Reading it: the facts, the HTML part in its sandboxed frame, the text part.
  await row.getByRole("button", { name: "Courriel de test" }).click();
  const dialog = page.getByRole("dialog", { name: "Courriel de test" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]message=[0-9a-f]{24}(&|$)/);
  await expect(dialog).toContainText(me.email);
  await expect(dialog).toContainText("Message-ID");
  const frame = dialog.locator("iframe.mail-preview");
  await expect(frame).toHaveAttribute("sandbox", "");
  const html = page.frameLocator("iframe.mail-preview");
  await expect(html.getByRole("heading", { level: 1, name: "Courriel de test" })).toBeVisible();
  await expect(html.getByText(`Bonjour ${me.firstname},`)).toBeVisible();
  await expect(dialog.locator("pre.mail-text")).toContainText(`Bonjour ${me.firstname},`);
  await expect(dialog.locator("pre.mail-text")).toContainText("Voir les courriels envoyés\u00a0: http");
  expect(await appViolations(page, "dialog[open]", "iframe.mail-preview"), "the open message").toEqual([]);
  const id = new URL(page.url()).searchParams.get("message")!;

  await dialog.getByRole("button", { name: "Fermer" }).last().click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]message=/);

  // The message's HTML part, as the frame shows it, checked as a document of its own (axe cannot enter a frame
  // that runs no script).
  const mail = (await (await request.get(`/api/admin/mail/${id}`, { headers })).json()) as { subject: string; html: string };
  await page.setContent(previewDocument(mail.subject, mail.html));
  await expect(page.getByRole("heading", { level: 1, name: "Courriel de test" })).toBeVisible();
  expect(await appViolations(page), "the message's HTML part").toEqual([]);
});
