import { describe, expect, it } from "vitest";
import { draftOf, passwordErrors, profileBody, requiredFilled, safeHref } from "./profile-form";

const user = {
  firstname: "Awa",
  name: "Ndiaye",
  nickname: "awa",
  email: "awa@example.sn",
  domain: "",
  biography: "",
  socialLinks: { linkedin: "https://linkedin.com/in/awa" },
};

describe("profile form rules", () => {
  it("needs first name, name, alias and e-mail before saving", () => {
    expect(requiredFilled(draftOf(user))).toBe(true);
    expect(requiredFilled({ ...draftOf(user), nickname: "  " })).toBe(false);
  });

  it("asks for the current password and a valid new one only when a new password is typed", () => {
    const d = draftOf(user);
    expect(passwordErrors(d)).toEqual({});
    expect(passwordErrors({ ...d, newPassword: "court" })).toEqual({
      currentPassword: "Veuillez entrer votre mot de passe actuel.",
      newPassword: "Le nouveau mot de passe est invalide.",
    });
    expect(passwordErrors({ ...d, currentPassword: "Ancien-1!", newPassword: "Nouveau-Mot-2025!" })).toEqual({});
  });

  it("sends trimmed fields, the current password when typed and the new one only when changing it", () => {
    const body = profileBody({ ...draftOf(user), firstname: " Awa " });
    expect(body.firstname).toBe("Awa");
    expect(body).not.toHaveProperty("newPassword");
    expect(body.socialLinks.linkedin).toBe("https://linkedin.com/in/awa");
    expect(profileBody({ ...draftOf(user), currentPassword: "a", newPassword: "b" })).toMatchObject({ currentPassword: "a", newPassword: "b" });
    // Changing the e-mail or the alias also needs the current password: it goes whenever it is typed.
    const newMail = profileBody({ ...draftOf(user), email: "awa@autre.sn", currentPassword: "a" });
    expect(newMail).toMatchObject({ email: "awa@autre.sn", currentPassword: "a" });
    expect(newMail).not.toHaveProperty("newPassword");
  });

  it("opens only web addresses from social links", () => {
    expect(safeHref("https://example.org/x")).toBe("https://example.org/x");
    expect(safeHref("example.org")).toBe("https://example.org");
    expect(safeHref("javascript:alert(1)")).toBeNull();
  });
});
