import { expect, test } from "@playwright/test";
import { ADMIN, apiToken, appViolations, islandsHydrated, signIn, tag } from "./support/apps";
import { sitemapLocs } from "../site/src/lib/sitemap";
import { mailboxMark, mailsFor, waitForMail } from "./support/mailbox";

/**
 * A newsletter issue from end to end (issue 21 §4), every mail read at the journeys' real SMTP server: a visitor
 * subscribes on /lettre and confirms by the mailed link; an admin composes an issue on « Numéros de la lettre »
 * (the proposal in sections, one item unticked),
 * previews it, sends a test to themself, then sends it; the subscriber receives it with the RFC 8058 headers and
 * a visible link, and unsubscribes in one click as a mail client does; the issue appears in /lettre/archives once
 * the site is rebuilt. The admin screen and the archive pages have no serious axe violation.
 */
test("subscribe, confirm, receive an issue composed by an admin, unsubscribe in one click, read it in the archive", async ({ page, request }) => {
  test.setTimeout(180_000);
  const t = tag();
  const email = `abonne-${t}@example.sn`;
  const subject = `Lettre e2e ${t}`;

  // Subscribe and confirm.
  let mark = mailboxMark();
  await page.goto("/lettre");
  const form = page.getByRole("main").locator("form[data-newsletter-form]");
  await form.getByLabel("Adresse e-mail").fill(email);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: /^S.inscrire$/ }).click();
  await expect(form.getByRole("status")).toContainText("Merci");
  const confirmation = await waitForMail(email, /^Confirmez votre inscription/, mark);
  const confirmLink = /https?:\/\/\S+?(\/lettre\/confirmation#token=[A-Za-z0-9_-]{43})/.exec(confirmation.mail.text ?? "");
  expect(confirmLink, confirmation.mail.text).not.toBeNull();
  await page.goto(confirmLink![1]!);
  // Confirmed on a press, not on load (mail scanners open links: issue 30 §4); the page reads its token first.
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Confirmer mon inscription" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("confirmée");

  // The admin composes the issue.
  await signIn(page, ADMIN);
  await page.goto("/admin/lettre");
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Numéros de la lettre" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Chargement" })).toHaveCount(0);
  expect(await appViolations(page), "the « Numéros de la lettre » list").toEqual([]);
  await page.getByRole("button", { name: "Nouveau numéro" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nouveau numéro" })).toBeVisible();
  await page.getByLabel("Sujet").fill(subject);
  await page.getByLabel("Introduction").fill("Bonjour à toutes et à tous.\n\nVoici les nouvelles de l'Institut.");
  // The site's proposal in sections, every item ticked; the third one is unticked.
  const items = page.getByRole("region", { name: /^Au sommaire/ }).getByRole("listitem");
  const titles = await items.locator("strong").allTextContents();
  expect(titles.length, "the demo site proposes at least three items").toBeGreaterThanOrEqual(3);
  await items.filter({ hasText: titles[2] }).getByRole("checkbox").uncheck();
  await expect(page.getByRole("region", { name: /^Au sommaire/ }).getByRole("checkbox", { checked: true })).toHaveCount(titles.length - 1);
  await page.getByRole("button", { name: "Enregistrer le brouillon" }).click();
  await expect(page.getByText("Brouillon enregistré.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();

  // Preview: the mail's HTML in a frame that may run nothing.
  await page.getByRole("button", { name: "Aperçu" }).click();
  const frame = page.locator("iframe.issue-preview");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator("iframe.issue-preview").getByRole("heading", { level: 1 })).toHaveText(subject);
  expect(await appViolations(page, undefined, "iframe"), "the issue editor").toEqual([]);

  // A test to the admin only.
  const admin = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const me = (await (await request.get("/api/user/me", { headers: admin })).json()) as { email: string };
  mark = mailboxMark();
  await page.getByRole("button", { name: "Envoyer un test" }).click();
  await expect(page.getByText(`Test envoyé à ${me.email}.`)).toBeVisible();
  const test1 = await waitForMail(me.email, `[Test] ${subject}`, mark);
  expect(test1.mail.text).toContain("Voici les nouvelles de l'Institut.");
  // The composer's order is the mail's order; the unticked item is not in it.
  const text = test1.mail.text ?? "";
  expect(text.indexOf(`- ${titles[0]}`)).toBeGreaterThan(-1);
  expect(text.indexOf(`- ${titles[0]}`)).toBeLessThan(text.indexOf(`- ${titles[1]}`));
  expect(text).not.toContain(`- ${titles[2]}\n`);
  expect(await mailsFor(email, mark)).toHaveLength(0);

  // Send now.
  mark = mailboxMark();
  await page.getByRole("button", { name: "Envoyer maintenant" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText(/^Envoi commencé pour \d+ abonnés?\.$/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "État" })).toContainText(/En cours d'envoi|Envoyé/);

  const got = await waitForMail(email, subject, mark, 60_000);
  const header = (name: string) => got.mail.headerLines.find((l) => l.key === name)?.line.replace(/^[^:]+:\s*/, "").replace(/\r?\n\s+/g, "");
  const listUnsubscribe = header("list-unsubscribe") ?? "";
  expect(listUnsubscribe).toMatch(/^<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?id=[0-9a-f]+&sig=[A-Za-z0-9_-]{43}>$/);
  expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  expect(got.mail.text).toContain("Bonjour à toutes et à tous.");
  expect(got.mail.text).toMatch(/Se désinscrire\u00a0: https?:\/\/\S+\/lettre\/desinscription\?id=[0-9a-f]+&sig=/);
  // Pictures, if any, say their size and what they show (readable with pictures off).
  for (const img of (got.mail.html || "").match(/<img\b[^>]*>/g) ?? []) expect(img).toMatch(/ width="\d+" height="\d+" alt="[^"]+"/);
  // Exactly one copy.
  expect(await mailsFor(email, mark)).toHaveLength(1);

  // The progress reaches the end on the list.
  await page.getByRole("button", { name: "Retour aux numéros" }).click();
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText("Envoyé", { timeout: 30_000 });
  await expect(row).toContainText(/0\u00a0restant/, { timeout: 30_000 });

  // One click, as a mail client does it (RFC 8058): a POST to the header's address, no sign-in.
  const oneClick = new URL(listUnsubscribe.slice(1, -1));
  const res = await page.context().request.fetch(`${oneClick.pathname}${oneClick.search}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`/admin/newsletter?q=${encodeURIComponent(email)}`);
  await islandsHydrated(page);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Désinscrit");

  // The archive, once the site rebuilt after the send.
  const number = /\/lettre\/archives\/(\d+)/.exec(got.mail.text ?? "")?.[1];
  expect(number, got.mail.text).toBeDefined();
  await expect.poll(async () => (await request.get(`/lettre/archives/${number}`)).status(), { timeout: 90_000 }).toBe(200);
  await page.goto("/lettre");
  await page.getByRole("link", { name: "Relire les lettres déjà envoyées" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Archives de la lettre d.information$/ })).toBeVisible();
  expect(await appViolations(page), "/lettre/archives").toEqual([]);
  await page.getByRole("link", { name: subject }).click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(/Voici les nouvelles de l.Institut\./);
  expect(await appViolations(page), `/lettre/archives/${number}`).toEqual([]);
  expect(await sitemapLocs(async (path) => (await request.get(path)).text())).toContainEqual(expect.stringMatching(new RegExp(`/lettre/archives/${number}$`)));
});
