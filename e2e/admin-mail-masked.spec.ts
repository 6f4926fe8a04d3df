import { expect, test } from "@playwright/test";
import { ADMIN, appViolations, authHeaders, islandsHydrated, signIn, tag } from "./support/apps";
import { mailboxMark, waitForMail } from "./support/mailbox";

/**
 * « Courriels » never shows a live secret link (issue 30 §4), in Chromium on the journeys' server (real SMTP
 * server): a member asks for a password reset; the admin opens the message and reads « lien masqué » in both
 * parts, never the token the member received; « Renvoyer un nouveau lien » mails the member a fresh link that
 * works, and the journal names the admin. The open message has no serious axe violation.
 */
test("an admin reads a reset mail with its link masked and has a fresh link mailed instead", async ({ page, request }) => {
  test.setTimeout(90_000);
  const headers = await authHeaders(request, ADMIN);
  const nickname = `masque-${tag()}`;
  const email = `${nickname}@example.sn`;
  const created = await request.post("/api/admin/register", { headers, data: { firstname: "Awa", name: "Masquée", nickname, email, password: "Ancien-Passe-2026!" } });
  expect(created.status(), await created.text()).toBe(201);

  const mark = mailboxMark();
  expect((await request.post("/api/auth/password-reset", { data: { login: nickname } })).status()).toBe(200);
  const first = await waitForMail(email, "Réinitialisation de votre mot de passe", mark);
  const firstToken = /#token=([A-Za-z0-9_-]{43})/.exec(first.mail.text ?? "")![1]!;

  await signIn(page, ADMIN);
  await page.goto(`/admin/mail?q=${encodeURIComponent(email)}`);
  await islandsHydrated(page);
  const subject = { name: "Réinitialisation de votre mot de passe", exact: true };
  const row = page.getByRole("row").filter({ has: page.getByRole("button", subject) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("button", { name: /^Renvoyer/ })).toBeVisible();
  await row.getByRole("button", subject).click();
  const dialog = page.getByRole("dialog", { name: "Réinitialisation de votre mot de passe" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Ce courriel contient un lien personnel")).toBeVisible();
  const text = dialog.locator("pre.mail-text");
  await expect(text).toContainText("Choisir un nouveau mot de passe\u00a0: «\u00a0lien masqué\u00a0»");
  await expect(page.frameLocator("iframe.mail-preview").getByText("«\u00a0lien masqué\u00a0»")).toBeVisible();
  // Nowhere in the page (the text, the frame's document, the facts) is the member's token.
  expect(await page.content()).not.toContain(firstToken);
  expect(await dialog.locator("iframe.mail-preview").getAttribute("srcdoc")).not.toContain("#token=");
  expect(await appViolations(page, "dialog[open]", "iframe.mail-preview"), "the open message").toEqual([]);

  const again = mailboxMark();
  await dialog.getByRole("button", { name: "Renvoyer un nouveau lien" }).click();
  await expect(page.getByText(`Un nouveau lien est en cours d'envoi à ${email}.`)).toBeVisible();
  const second = await waitForMail(email, "Réinitialisation de votre mot de passe", again);
  const secondToken = /#token=([A-Za-z0-9_-]{43})/.exec(second.mail.text ?? "")![1]!;
  expect(secondToken).not.toBe(firstToken);
  expect(await page.content()).not.toContain(secondToken);
  const reset = await request.post("/api/auth/password-reset/confirm", { data: { token: secondToken, password: "Nouveau-Passe-2026!" } });
  expect(reset.status(), await reset.text()).toBe(200);

  // The journal names the admin who asked.
  const journal = (await (await request.get(`/api/admin/audit?page=1&q=${encodeURIComponent(email)}`, { headers })).json()) as { items: { actor: string; action: string; summary: string }[] };
  expect(journal.items.find((e) => e.action === "resend")).toMatchObject({ actor: ADMIN.nickname, summary: `Réinitialisation de votre mot de passe — nouveau lien envoyé à ${email}` });
});
