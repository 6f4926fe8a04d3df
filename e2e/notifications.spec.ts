import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN, apiToken, appViolations, islandsHydrated, MEMBER, signIn } from "./support/apps";

/**
 * Editorial notifications (issue 21 §3) on the demo server, which has no SMTP_URL and groups notifications at once
 * (NOTIFICATION_DIGEST_MINUTES=0, e2e/global-setup.ts): a member submits an article, the admin's digest waits in
 * the outbox (read through the « Courriels » API), the admin follows its link to the filtered list and finds the
 * article there; the profile's « Notifications » switches save and come back after a reload.
 */
type Summary = { _id: string; kind: string; to: string };

async function digestFor(request: APIRequestContext, headers: Record<string, string>, to: string, title: string): Promise<string | null> {
  const res = await request.get(`/api/admin/mail?q=${encodeURIComponent(to)}&page=1&pageSize=25`, { headers });
  const page = (await res.json()) as { items: Summary[] };
  for (const m of page.items.filter((m) => m.kind === "notification" && m.to === to)) {
    const mail = (await (await request.get(`/api/admin/mail/${m._id}`, { headers })).json()) as { text: string };
    if (mail.text.includes(title)) return mail.text;
  }
  return null;
}

test("an admin notified of a pending article follows the digest's link to it", async ({ page, request }) => {
  test.setTimeout(90_000);
  const title = `Notification e2e ${Date.now().toString(36)}`;
  const member = { authorization: `Bearer ${await apiToken(request, MEMBER)}` };
  const admin = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const me = (await (await request.get("/api/user/me", { headers: admin })).json()) as { email: string };
  const themes = (await (await request.get("/api/user/themes", { headers: member })).json()) as { _id: string }[];
  const created = await request.post("/api/user/articles", { headers: member, data: { title, txt_content: "Un paragraphe.", themes: [themes[0]!._id] } });
  expect(created.status(), await created.text()).toBe(200);

  // The digest job runs every second here; the message waits in the outbox (no SMTP server).
  let text: string | null = null;
  await expect.poll(async () => (text = await digestFor(request, admin, me.email, title)), { timeout: 20_000 }).not.toBeNull();
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
