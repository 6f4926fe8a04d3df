import { expect, test } from "@playwright/test";
import { ADMIN, apiToken, appViolations, islandsHydrated, MEMBER, signIn } from "./support/apps";
import { mailboxMark, mailsFor } from "./support/mailbox";

/**
 * Editorial notifications (issue 21 §3) on the journeys' server, which groups notifications at once
 * (NOTIFICATION_DIGEST_MINUTES=0, e2e/global-setup.ts) and delivers to a real local SMTP server: a member submits
 * an article, the admin's digest arrives at the SMTP server (e2e/support/mailbox.ts), the admin follows its link to the filtered list and finds the
 * article there; the profile's « Notifications » switches save and come back after a reload.
 */
/** The text of the digest `to` received after `mark` that names `title`, or null while none has arrived. */
async function digestFor(to: string, title: string, mark: string): Promise<string | null> {
  const got = (await mailsFor(to, mark)).find((d) => (d.mail.text ?? "").includes(title));
  return got ? got.mail.text! : null;
}

test("an admin notified of a pending article follows the digest's link to it", async ({ page, request }) => {
  test.setTimeout(90_000);
  const title = `Notification e2e ${Date.now().toString(36)}`;
  const member = { authorization: `Bearer ${await apiToken(request, MEMBER)}` };
  const admin = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const me = (await (await request.get("/api/user/me", { headers: admin })).json()) as { email: string };
  const themes = (await (await request.get("/api/user/themes", { headers: member })).json()) as { _id: string }[];
  const mark = mailboxMark();
  const created = await request.post("/api/user/articles", { headers: member, data: { title, txt_content: "Un paragraphe.", themes: [themes[0]!._id] } });
  expect(created.status(), await created.text()).toBe(200);

  // The digest job runs every second here, then the delivery worker hands it to the SMTP server.
  let text: string | null = null;
  await expect.poll(async () => (text = await digestFor(me.email, title, mark)), { timeout: 30_000 }).not.toBeNull();
  expect(text).toContain("Un article attend votre validation\u00a0:");
  expect(text).toContain("/user/profile#notifications");
  const link = text!.split("\n").map((l) => l.trim()).find((l) => l.includes("/admin/articles?status=pending&q="))!;
  expect(link).toContain(encodeURIComponent(title));

  await signIn(page, ADMIN);
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("searchbox").first()).toHaveValue(title);
  const rows = page.getByRole("row").filter({ hasText: title });
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("row")).toHaveCount(2);
});

test("the profile's « Notifications » switches save and come back after a reload", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/user/profile#notifications");
  await islandsHydrated(page);
  const section = page.getByRole("region", { name: "Notifications" });
  await expect(section).toBeVisible();
  const contact = section.getByRole("checkbox", { name: /Messages de contact/ });
  const articles = section.getByRole("checkbox", { name: /Mes articles/ });
  await expect(contact).toBeChecked();
  await expect(articles).toBeChecked();
  await expect(section.getByRole("checkbox")).toHaveCount(4);
  const save = section.getByRole("button", { name: "Enregistrer mes notifications" });
  await expect(save).toBeDisabled();
  expect(await appViolations(page), "the profile with its notification settings").toEqual([]);

  await contact.uncheck();
  await save.click();
  await expect(page.getByText("Préférences de notification enregistrées.")).toBeVisible();
  await page.reload();
  await islandsHydrated(page);
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("checkbox", { name: /Messages de contact/ })).not.toBeChecked();
  await expect(page.getByRole("region", { name: "Notifications" }).getByRole("checkbox", { name: /Mes articles/ })).toBeChecked();

  // Back as it was, for the other journeys.
  await page.getByRole("region", { name: "Notifications" }).getByRole("checkbox", { name: /Messages de contact/ }).check();
  await page.getByRole("button", { name: "Enregistrer mes notifications" }).click();
  await expect(page.getByText("Préférences de notification enregistrées.")).toBeVisible();
});
