import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ADMIN, appViolations, authHeaders, islandsHydrated, MEMBER, signIn, tag } from "./support/apps";
import { mailboxMark, mailsFor } from "./support/mailbox";

/**
 * Edits that are reviewed, not silent (issue 32 §3), at 1280 and 375 px: a member edits a published article; the
 * admins' digest names it (read at the journeys' SMTP server); an admin refuses it with a reason typed in the
 * refusal dialog (focus in its field); the author's mail gives the reason, and the author sees « Modification
 * refusée » and the reason in their list and form; the member edits again and the admin approves the edit from the
 * form: the public page shows the new text after the rebuild and the author's approval mail arrives. « Historique »
 * then labels the refused and approved versions and compares one side by side (two columns at 1280 px, one under
 * the other at 375 px), the compare chosen with the keyboard. axe finds no serious violation on these screens.
 */

type Article = { _id: string; url: string; version: number };

/** The public page once the rebuild has `expected` in it (and not `absent`). */
async function publicPageHas(request: APIRequestContext, url: string, expected: string, absent?: string) {
  await expect
    .poll(
      async () => {
        const res = await request.get(`/article/${url}`);
        const body = await res.text();
        return res.status() === 200 && body.includes(expected) && (!absent || !body.includes(absent));
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(true);
}

/** The text of the first mail to `to` after `mark` whose text holds every one of `parts`, polled until it arrives. */
async function mailWith(to: string, mark: string, parts: string[]): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await mailsFor(to, mark)).find((d) => parts.every((p) => (d.mail.text ?? "").includes(p)));
        found = mail ? { subject: mail.mail.subject ?? "", text: mail.mail.text ?? "" } : undefined;
        return !!found;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
  return found!;
}

/** Types at the end of the article form's body, as a writer would. */
async function typeAtEnd(page: Page, form: Locator, text: string) {
  const editor = form.getByRole("textbox", { name: "Contenu" });
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
}

/** The words marked removed (`del`) or added (`ins`) in the dialog's compare, in order. */
async function marked(dialog: Locator, kind: "del" | "ins"): Promise<string[]> {
  return (await dialog.locator(`.history-diff ${kind}`).allTextContents()).map((w) => w.trim()).filter(Boolean);
}

/** No part of the page is wider than the window (nothing cut off or scrolled sideways at 375 px). */
async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    const viewport = { width, height: width === 375 ? 740 : 900 };
    test.use({ viewport });

    test("an edit is refused with a reason the author reads, then a new edit is approved and published", async ({ page, browser, request }) => {
      test.setTimeout(300_000);
      const t = tag();
      const title = `Les mangroves du Saloum ${width} ${t}`;
      const reason = `Le chiffre ajouté n'a pas de source ${t}.`;
      const admin = await authHeaders(request, ADMIN);
      const member = await authHeaders(request, MEMBER);
      const me = (await (await request.get("/api/user/me", { headers: member })).json()) as { _id: string; email: string };
      const adminMe = (await (await request.get("/api/user/me", { headers: admin })).json()) as { email: string };
      const themes = (await (await request.get("/api/user/themes", { headers: member })).json()) as { _id: string }[];
      const created = await request.post("/api/admin/articles", {
        headers: admin,
        data: { title, txt_content: "", html_content: "<p>Texte approuvé des mangroves.</p>", themes: [themes[0]!._id], authors: [me._id] },
      });
      expect(created.status(), await created.text()).toBe(200);
      const article = (await created.json()) as Article;
      await publicPageHas(request, article.url, "Texte approuvé des mangroves.");

      // The member edits the published article and saves it for review.
      let mark = mailboxMark();
      await signIn(page, MEMBER);
      await page.goto(`/user/articles?edit=${article._id}`);
      await islandsHydrated(page);
      let form = page.getByRole("dialog", { name: "Modifier l'article" });
      await expect(form.getByRole("textbox", { name: "Contenu" })).toContainText("Texte approuvé des mangroves.");
      await typeAtEnd(page, form, " Premier ajout refusé.");
      const saved = page.waitForResponse((r) => r.url().endsWith(`/api/user/articles/${article._id}`) && r.request().method() === "PUT" && !r.request().postData()?.includes('"draft":true'));
      await form.getByRole("button", { name: "Enregistrer", exact: true }).click();
      expect(((await (await saved).json()) as { pendingEdit: boolean }).pendingEdit).toBe(true);
      await expect(form).toBeHidden();

      // The admins' digest names the edit, with the back office's link to it.
      const toAdmin = await mailWith(adminMe.email, mark, [title, "attend"]);
      expect(toAdmin.text).toMatch(/(Une modification d'un article publié attend|modifications d'articles publiés attendent) votre validation/);
      const link = toAdmin.text.split("\n").map((l) => l.trim()).find((l) => l.includes("/admin/articles?status=edited&q="))!;
      expect(link).toBeTruthy();

      // The admin follows it, opens the article and refuses the edit with a reason.
      // A context of its own (axe needs one): the admin signed in beside the member.
      const adminContext = await browser.newContext({ viewport });
      const adminPage = await adminContext.newPage();
      await signIn(adminPage, ADMIN);
      const url = new URL(link);
      await adminPage.goto(`${url.pathname}${url.search}`);
      await islandsHydrated(adminPage);
      const row = adminPage.getByRole("row").filter({ hasText: title });
      await expect(row).toHaveCount(1);
      await expect(row.getByText("Modification en attente")).toBeVisible();
      await adminPage.goto(`/admin/articles?edit=${article._id}`);
      await islandsHydrated(adminPage);
      let adminForm = adminPage.getByRole("dialog", { name: "Modifier l'article" });
      await expect(adminForm.getByRole("textbox", { name: "Contenu" })).toContainText("Premier ajout refusé.");
      await expect(adminForm.getByRole("button", { name: "Approuver la modification" })).toBeVisible();
      mark = mailboxMark();
      await adminForm.getByRole("button", { name: "Refuser la modification" }).click();
      const refuse = adminPage.getByRole("dialog", { name: "Refuser la modification" });
      const reasonField = refuse.getByRole("textbox", { name: "Motif du refus (facultatif)" });
      // Focus in its first field: typing goes straight into the reason.
      await expect(reasonField).toBeFocused();
      await adminPage.keyboard.type(reason);
      await expect(reasonField).toHaveValue(reason);
      expect(await appViolations(adminPage)).toEqual([]);
      await refuse.getByRole("button", { name: "Refuser la modification" }).click();
      await expect(refuse).toBeHidden();
      await expect(adminPage.getByText("Modification refusée\u00a0: la version approuvée est conservée.").first()).toBeVisible();
      await expect(adminForm.getByRole("textbox", { name: "Contenu" })).not.toContainText("Premier ajout refusé.");
      await expect(adminForm.getByText(`Motif\u00a0: ${reason}`)).toBeVisible();
      await adminPage.keyboard.press("Escape");

      // The author's mail gives the reason and links to the article's form.
      const refusal = await mailWith(me.email, mark, [title, reason]);
      expect(refusal.text).toContain("Votre modification d'un article a été refusée");
      expect(refusal.text).toContain(`Motif\u00a0: ${reason}`);
      expect(refusal.text).toContain(`/user/articles?edit=${article._id}`);

      // The author sees « Modification refusée » and the reason in their list and in the form.
      await page.goto(`/user/articles?q=${encodeURIComponent(t)}`);
      await islandsHydrated(page);
      const mine = page.getByRole("row").filter({ hasText: title }).first();
      await expect(mine.getByText("Modification refusée")).toBeVisible();
      await expect(mine.getByText(`Motif\u00a0: ${reason}`)).toBeVisible();
      await fitsWidth(page);
      expect(await appViolations(page)).toEqual([]);
      await page.goto(`/user/articles?edit=${article._id}`);
      await islandsHydrated(page);
      form = page.getByRole("dialog", { name: "Modifier l'article" });
      const note = form.getByRole("note").filter({ hasText: "Modification refusée" });
      await expect(note).toContainText(`Motif\u00a0: ${reason}`);
      expect(await appViolations(page)).toEqual([]);

      // The member edits again; the admin approves the new edit from the form.
      await typeAtEnd(page, form, " Second ajout approuvé.");
      const savedAgain = page.waitForResponse((r) => r.url().endsWith(`/api/user/articles/${article._id}`) && r.request().method() === "PUT" && !r.request().postData()?.includes('"draft":true'));
      await form.getByRole("button", { name: "Enregistrer", exact: true }).click();
      expect(((await (await savedAgain).json()) as { pendingEdit: boolean; editRefusal: unknown }).editRefusal).toBe(null);
      await expect(form).toBeHidden();

      mark = mailboxMark();
      await adminPage.goto(`/admin/articles?edit=${article._id}`);
      await islandsHydrated(adminPage);
      adminForm = adminPage.getByRole("dialog", { name: "Modifier l'article" });
      await expect(adminForm.getByRole("textbox", { name: "Contenu" })).toContainText("Second ajout approuvé.");
      await adminForm.getByRole("button", { name: "Approuver la modification" }).click();
      await expect(adminPage.getByText("Modification approuvée\u00a0: la page publique sera mise à jour dans un instant.").first()).toBeVisible();
      await expect(adminForm.getByText("Une modification attend l'approbation d'un administrateur")).toBeHidden();
      await publicPageHas(request, article.url, "Second ajout approuvé.", "Premier ajout refusé.");
      const approval = await mailWith(me.email, mark, [title, "approuvée"]);
      expect(approval.text).toContain("La page publique montre la nouvelle version.");
      expect(approval.text).toContain(`/article/${article.url}`);
      await adminContext.close();

      // « Historique » labels the refused and approved versions and compares the refused one side by side.
      await page.goto(`/user/articles?edit=${article._id}`);
      await islandsHydrated(page);
      form = page.getByRole("dialog", { name: "Modifier l'article" });
      await expect(form.getByRole("note").filter({ hasText: "Modification refusée" })).toHaveCount(0);
      await form.getByRole("button", { name: "Historique" }).click();
      const history = page.getByRole("dialog", { name: "Historique" });
      const versions = history.getByRole("list", { name: /Versions enregistrées/ }).getByRole("button");
      await expect(versions.first()).toContainText("Approuvée");
      const refused = versions.filter({ hasText: "Refusée" });
      await expect(refused).toHaveCount(1);
      await expect(refused).toContainText(reason);
      await refused.focus();
      await page.keyboard.press("Enter");
      await expect(history.getByRole("heading", { name: /^Version du / })).toBeVisible();
      // Word by word: the shared « ajout » stays unmarked between the marked words.
      expect(await marked(history, "del")).toEqual(["Premier", "refusé."]);
      expect(await marked(history, "ins")).toEqual(["Second", "approuvé."]);

      // The compare, by keyboard: the radio group moves with the arrow keys.
      const inline = history.getByRole("radio", { name: "Dans le texte" });
      const sides = history.getByRole("radio", { name: /Côte à côte/ });
      await expect(inline).toBeChecked();
      await inline.focus();
      await page.keyboard.press("ArrowDown");
      await expect(sides).toBeChecked();
      await expect(sides).toBeFocused();
      const before = history.getByRole("region", { name: "Avant\u00a0: cette version" });
      const after = history.getByRole("region", { name: "Après\u00a0: le texte actuel" });
      await expect(before).toContainText("Premier ajout refusé.");
      await expect(before).not.toContainText("Second ajout approuvé.");
      await expect(after).toContainText("Second ajout approuvé.");
      await expect(after).not.toContainText("Premier ajout refusé.");
      const a = (await before.boundingBox())!;
      const b = (await after.boundingBox())!;
      if (width === 1280) {
        // Two columns, side by side.
        expect(Math.abs(a.y - b.y)).toBeLessThan(2);
        expect(b.x).toBeGreaterThanOrEqual(a.x + a.width);
      } else {
        // One under the other, each the dialog's width.
        expect(b.y).toBeGreaterThanOrEqual(a.y + a.height);
        expect(Math.abs(a.x - b.x)).toBeLessThan(2);
      }
      for (const box of [a, b]) expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await appViolations(page, ".history")).toEqual([]);
      await page.keyboard.press("ArrowUp");
      await expect(inline).toBeChecked();
      expect(await marked(history, "ins")).toEqual(["Second", "approuvé."]);
    });
  });
}
