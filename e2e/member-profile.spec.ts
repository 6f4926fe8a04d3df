import { expect, test } from "@playwright/test";
import { ADMIN, apiToken, islandsHydrated, signIn } from "./support/apps";

/**
 * A member edits their profile: a new first name, a picture chosen, cropped (saved at once) and its original sent
 * with the save, and a new password; then signs in again with that password. The member is created for the test
 * by an admin through the API, so the demo accounts keep their passwords for the other journeys.
 */

const OLD_PASSWORD = "Ancien-Mot-2025!";
const NEW_PASSWORD = "Nouveau-Mot-2025?";

test("a member edits their profile with a cropped picture and a new password, then signs in with it", async ({ page, request }) => {
  test.setTimeout(90_000);
  const nickname = `fatou${Date.now().toString(36)}`;
  const admin = await apiToken(request, ADMIN);
  const created = await request.post("/api/admin/register", {
    headers: { authorization: `Bearer ${admin}` },
    data: { firstname: "Fatou", name: "Sarr", nickname, email: `${nickname}@example.sn`, password: OLD_PASSWORD, role: "user", groups: ["cercleImp"] },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Any real photo of the demo content will do as the picture to crop.
  const members = (await (await request.get("/api/public/members")).json()) as { profilePic: string | null }[];
  const photo = await request.get(`/uploads/profile_pics/${members.find((m) => m.profilePic)!.profilePic}`);
  expect(photo.ok()).toBe(true);

  await signIn(page, { nickname, password: OLD_PASSWORD });
  await page.goto("/user/profile");
  await page.getByRole("button", { name: "Modifier mon profil" }).click();
  const dialog = page.getByRole("dialog", { name: "Modifier mon profil" });
  const save = dialog.getByRole("button", { name: "Enregistrer" });

  // Required fields: save is disabled while one is empty.
  await dialog.getByLabel("Prénom").fill("");
  await expect(save).toBeDisabled();
  await dialog.getByLabel("Prénom").fill("Fatoumata");
  await expect(save).toBeEnabled();

  // The picture: chosen, cropped in its own dialog, saved at once.
  const cropSaved = page.waitForResponse((r) => r.url().endsWith("/api/user/profile-pic-crop") && r.request().method() === "POST");
  await dialog.getByLabel("Photo de profil").setInputFiles({ name: "portrait.jpg", mimeType: "image/jpeg", buffer: await photo.body() });
  const cropper = page.getByRole("dialog", { name: "Recadrer la photo de profil" });
  await expect(cropper).toBeVisible();
  await cropper.getByRole("button", { name: "Recadrer" }).click();
  expect((await cropSaved).status()).toBe(200);
  await expect(page.getByRole("status").getByText("Image recadrée et sauvée")).toBeVisible();
  await expect(cropper).toBeHidden();

  // The password: the rules turn green as the new one is typed; the current one is required.
  await dialog.getByLabel("Nouveau mot de passe").fill("court");
  await expect(dialog.locator(".password-rules .is-unmet")).not.toHaveCount(0);
  await dialog.getByLabel("Nouveau mot de passe").fill(NEW_PASSWORD);
  await expect(dialog.locator(".password-rules .is-met")).toHaveCount(4);
  await save.click();
  await expect(dialog.getByText("Veuillez entrer votre mot de passe actuel.")).toBeVisible();
  await dialog.getByLabel("Mot de passe actuel").fill(OLD_PASSWORD);

  const originalSent = page.waitForResponse((r) => r.url().endsWith("/api/user/profile-pic/original") && r.request().method() === "PUT");
  await save.click();
  expect((await originalSent).status()).toBe(200);
  await expect(page.getByRole("status").getByText("Profil mis à jour.")).toBeVisible();
  await page.waitForURL("**/user/dashboard");
  await expect(page.locator("main")).toContainText("Fatoumata Sarr");
  // The dashboard shows the server's copy of the crop: 300 px on its longest side (spec §9).
  const avatar = page.locator(".dash-hello img");
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);

  // Signed out, the old password no longer works and the new one does.
  await page.locator("[data-session-slot]").getByRole("button", { name: "Déconnexion" }).click();
  await page.waitForURL(/\/login(\?.*)?$/);
  await islandsHydrated(page);
  await page.getByLabel("Identifiant").fill(nickname);
  await page.getByLabel("Mot de passe").fill(OLD_PASSWORD);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Identifiant ou mot de passe incorrect.");
  await signIn(page, { nickname, password: NEW_PASSWORD });
  await expect(page.locator("main")).toContainText("Fatoumata Sarr");
});
