import { randomBytes } from "node:crypto";
import { createClient } from "@libsql/client";
import { expect, test } from "@playwright/test";
import { ADMIN, apiToken, appViolations, islandsHydrated, signIn, tag } from "./support/apps";
import { mailboxMark, waitForMail } from "./support/mailbox";

/**
 * Issue 30 §5: after a restore, mail that was waiting when the backup was taken is held (it may have left since)
 * until an administrator reads the count in « Courriels » and presses « Reprendre l'envoi »; then it is delivered,
 * once, to the real SMTP server of the journeys.
 */
test("an admin reads what a restore held back in « Courriels », resumes sending, and the message arrives", async ({ page, request }) => {
  test.skip(!process.env.E2E_DATABASE_URL, "writes the held message into the database of the server e2e/global-setup.ts starts");
  test.setTimeout(90_000);
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const me = (await (await request.get("/api/user/me", { headers })).json()) as { email: string };
  const subject = `Message retenu ${tag()}`;

  // As `npm run restore` leaves a message that was waiting in the backup (api/modules/mail/hold.ts).
  const db = createClient({ url: process.env.E2E_DATABASE_URL! });
  try {
    const now = Date.now();
    await db.execute({
      sql: `insert into mail_outbox (id, kind, from_header, to_address, to_name, subject, html, text, message_id, state, attempts, next_attempt_at, created_at, updated_at)
            values (?, 'test', 'L''Institut <contact@institut.test>', ?, '', ?, '<p>Bonjour.</p>', 'Bonjour.', ?, 'held', 0, ?, ?, ?)`,
      args: [randomBytes(12).toString("hex"), me.email, subject, `<held.${now}@institut.test>`, now, now, now],
    });
  } finally {
    db.close();
  }

  await signIn(page, ADMIN);
  await page.goto("/admin/mail");
  await islandsHydrated(page);
  const notice = page.getByRole("status").filter({ hasText: "Envois suspendus après une restauration" });
  await expect(notice).toContainText("Envois suspendus après une restauration\u00a0: 1 courriel attend.");
  const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: subject }) });
  await expect(row).toContainText("Suspendu");
  expect(await appViolations(page), "« Courriels » with held mail").toEqual([]);

  const mark = mailboxMark();
  await notice.getByRole("button", { name: "Reprendre l'envoi" }).click();
  await expect(page.getByText("Envoi repris\u00a0: 1 courriel.")).toBeVisible();
  await expect(notice).toHaveCount(0);
  const delivered = await waitForMail(me.email, subject, mark);
  expect(delivered.mail.text).toContain("Bonjour.");
});
