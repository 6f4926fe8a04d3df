import { expect, test, type APIRequestContext } from "@playwright/test";
import { codeFor } from "./support/otp";
import { ADMIN, apiToken, appViolations, signIn, type Account } from "./support/apps";
import { mailboxMark, mailsFor } from "./support/mailbox";
import { PASSKEY_SITE, virtualAuthenticator } from "./support/webauthn";

/**
 * Issue 30 §1–§2 in Chromium: every change of a way into the account asks the owner-present step. A member turns
 * on an authenticator app (password and first code), adds a passkey (password and a code of the app), removes it
 * proving with the passkey itself (Chromium's virtual authenticator), and each change is told by mail (read at the
 * journeys' real SMTP server). A borrowed session calling the same routes without proof changes nothing. Then an
 * administrator unlocks the member, who is mailed and signs in with the password alone.
 */

const PASSWORD = "Proprietaire-Present-2026!";


async function newMember(request: APIRequestContext): Promise<Account & { email: string; name: string }> {
  const nickname = `present${Date.now().toString(36)}`;
  const email = `${nickname}@example.sn`;
  const created = await request.post("/api/admin/register", {
    headers: { authorization: `Bearer ${await apiToken(request, ADMIN)}` },
    data: { firstname: "Mariama", name: "Ba", nickname, email, password: PASSWORD, role: "user", groups: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { nickname, password: PASSWORD, email, name: "Mariama Ba" };
}

test("a member proves they are present for each change of a factor, is told by mail, and an admin unlocks them", async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const who = await newMember(request);
  const mark = mailboxMark();
  const site = PASSKEY_SITE;
  await virtualAuthenticator(page);
  await signIn(page, who, site);
  await page.goto(`${site}/user/profile`);
  const section = page.locator("#double-authentification");

  // 1. The authenticator app: the password with its first code.
  await section.getByRole("button", { name: "Activer la double authentification" }).click();
  const secret = ((await section.locator(".two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  const enrol = section.locator(".two-factor-enrol");
  await enrol.getByLabel("Code de vérification").fill(codeFor(secret));
  await enrol.getByRole("button", { name: "Confirmer" }).click();
  await expect(enrol.getByText("Veuillez entrer votre mot de passe actuel pour activer la double authentification.")).toBeVisible();
  await enrol.getByLabel("Mot de passe actuel").fill(PASSWORD);
  await enrol.getByRole("button", { name: "Confirmer" }).click();
  await expect(section.getByRole("heading", { name: "Vos codes de secours" })).toBeFocused();
  await section.getByRole("button", { name: "J’ai noté mes codes" }).click();

  // 2. A passkey: with two-factor on, the password alone is refused; with a code of the app it is added.
  const add = section.locator(".passkey-add");
  await add.getByLabel("Nom de la nouvelle clé").fill("Téléphone");
  await expect(add.getByRole("group", { name: "Confirmez qu’il s’agit bien de vous" })).toBeVisible();
  await add.getByLabel("Mot de passe actuel").fill(PASSWORD);
  await section.getByRole("button", { name: "Ajouter une clé d’accès" }).click();
  await expect(add.getByText(/^Saisissez un code de votre application d'authentification/)).toBeVisible();
  expect(await appViolations(page, "#double-authentification")).toEqual([]);
  await add.getByLabel("Mot de passe actuel").fill(PASSWORD);
  await add.getByLabel("Code de votre application d’authentification").fill(codeFor(secret, 1));
  await section.getByRole("button", { name: "Ajouter une clé d’accès" }).click();
  const keys = section.getByRole("list", { name: "Vos clés d’accès" });
  await expect(keys).toContainText("Téléphone");

  // 3. A borrowed session (this browser's session token, copied, and nothing else) cannot remove it, nor turn
  // two-factor off.
  const cookie = (await page.context().cookies(site)).find((c) => c.name === "session");
  expect(cookie?.value).toBeTruthy();
  const borrowed = { authorization: `Bearer ${cookie!.value}` };
  const [key] = (await (await request.get("/api/user/me/passkeys", { headers: borrowed })).json()) as { id: string }[];
  expect((await request.delete(`/api/user/me/passkeys/${encodeURIComponent(key!.id)}`, { headers: borrowed })).status()).toBe(400);
  expect((await request.delete("/api/user/me/two-factor/totp", { headers: borrowed, data: {} })).status()).toBe(400);
  await page.reload();
  await expect(keys).toContainText("Téléphone");

  // 4. Removed, proving with the passkey itself instead of a code.
  await keys.getByRole("button", { name: "Supprimer la clé d’accès «\u00a0Téléphone\u00a0»" }).click();
  const removal = keys.getByRole("form", { name: "Supprimer la clé d’accès «\u00a0Téléphone\u00a0»" });
  await removal.getByLabel("Mot de passe actuel").fill(PASSWORD);
  await removal.getByRole("button", { name: "Utiliser une clé d’accès à la place" }).click();
  await expect(removal.getByText("Clé d’accès vérifiée.")).toBeVisible();
  expect(await appViolations(page, "#double-authentification")).toEqual([]);
  await removal.getByRole("button", { name: "Supprimer la clé", exact: true }).click();
  await expect(section.getByText("Aucune clé d’accès enregistrée.")).toBeVisible();

  // 5. Each change was told to the owner, at the address of the account, with when and from which browser.
  const told = async (what: RegExp) =>
    (await mailsFor(who.email, mark)).filter((d) => d.mail.subject === "Alerte de sécurité sur votre compte" && what.test(d.mail.text ?? ""));
  for (const what of [/La double authentification a été activée/, /Une clé d'accès \(«\s*Téléphone\s*»\) a été ajoutée/, /La clé d'accès «\s*Téléphone\s*» a été supprimée/]) {
    await expect.poll(async () => (await told(what)).length, { message: `${what}`, timeout: 30_000 }).toBe(1);
    const [mail] = await told(what);
    expect(mail!.mail.text).toMatch(/heure de Dakar/);
    expect(mail!.mail.text).toMatch(/Depuis\s*: Chrome sur Linux/);
  }

  // 6. An administrator unlocks the member (their own password: the demo administrator has no app).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await admin.goto(`/admin/users?q=${who.nickname}`);
  await admin.getByRole("button", { name: `Modifier : ${who.name}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Modifier ${who.name}` });
  await dialog.getByRole("button", { name: "Débloquer la connexion…" }).click();
  const unlock = dialog.getByRole("group", { name: `Débloquer la connexion de ${who.name}` });
  await unlock.getByRole("button", { name: "Débloquer la connexion", exact: true }).click();
  await expect(unlock.getByText(/^Veuillez entrer votre mot de passe actuel/)).toBeVisible();
  expect(await appViolations(admin, "dialog[open]")).toEqual([]);
  await unlock.getByLabel("Mot de passe actuel").fill(ADMIN.password);
  await unlock.getByRole("button", { name: "Débloquer la connexion", exact: true }).click();
  await expect(admin.getByRole("status").getByText("Connexion débloquée\u00a0: double authentification désactivée.")).toBeVisible();
  await adminContext.close();
  await expect.poll(async () => (await told(/Un administrateur a débloqué la connexion/)).length, { timeout: 30_000 }).toBe(1);

  // The member's session ended; the password alone signs in now.
  await signIn(page, who, site);
});

test("an administrator replaces a member's e-mail only with their own proof; a refusal loses nothing typed (1280 and 375 px)", async ({ page, request }) => {
  test.setTimeout(120_000);
  const who = await newMember(request);
  const mark = mailboxMark();
  const newEmail = `nouveau-${who.email}`;
  await signIn(page, ADMIN);
  await page.goto(`/admin/users?q=${who.nickname}`);
  await page.getByRole("button", { name: `Modifier : ${who.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Modifier ${who.name}` });
  const proof = dialog.getByRole("group", { name: "Confirmez qu’il s’agit bien de vous" });
  // Names, role, groups: no proof asked. The e-mail: the administrator's own password is asked.
  await dialog.getByLabel("Prénom").fill("Mariam");
  await expect(proof).toHaveCount(0);
  await dialog.getByLabel("E-mail").fill(newEmail);
  await expect(proof).toBeVisible();
  expect(await appViolations(page, "dialog[open]")).toEqual([]);

  // Without the password, then with a wrong one: the step's message at the field, which gets focus; nothing lost.
  const save = async () => {
    const put = page.waitForResponse((r) => r.url().includes("/api/admin/users/") && r.request().method() === "PUT");
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    return (await put).status();
  };
  expect(await save()).toBe(400);
  await expect(proof.getByText("Veuillez entrer votre mot de passe actuel pour changer l'adresse e-mail, l'alias ou le mot de passe d'un membre.")).toBeVisible();
  await expect(proof.getByLabel("Mot de passe actuel")).toBeFocused();
  await proof.getByLabel("Mot de passe actuel").fill("Pas-le-bon-2026!");
  expect(await save()).toBe(400);
  await expect(proof.getByText("Le mot de passe actuel est incorrect.")).toBeVisible();
  await expect(proof.getByLabel("Mot de passe actuel")).toBeFocused();
  await expect(dialog.getByLabel("E-mail")).toHaveValue(newEmail);
  await expect(dialog.getByLabel("Prénom")).toHaveValue("Mariam");
  expect(await appViolations(page, "dialog[open]")).toEqual([]);

  // On a phone: the proof fits the dialog (no sideways scrolling) and stays accessible.
  await page.setViewportSize({ width: 375, height: 800 });
  await proof.getByLabel("Mot de passe actuel").scrollIntoViewIfNeeded();
  const fits = await page.locator("dialog[open]").evaluate((d) => d.scrollWidth <= d.clientWidth + 1);
  expect(fits).toBe(true);
  const box = await proof.getByLabel("Mot de passe actuel").boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(await appViolations(page, "dialog[open]")).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });

  // With the administrator's password: saved, and the member is told at the old and the new address.
  await proof.getByLabel("Mot de passe actuel").fill(ADMIN.password);
  expect(await save()).toBe(200);
  await expect(page.getByRole("status").getByText("Membre mis à jour.")).toBeVisible();
  for (const address of [who.email, newEmail]) {
    await expect
      .poll(async () => (await mailsFor(address, mark)).filter((d) => /Un administrateur a remplacé l.adresse e-mail de votre compte/.test(d.mail.text ?? "")).length, {
        message: address,
        timeout: 30_000,
      })
      .toBe(1);
  }
});
