import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../../../../api/contract";
import { groupLocked, passwordProblem, toggleGroup, userDraftOf, userFormData, userRequiredFilled, waysInChanged } from "./user-form";

const member: CurrentUser = {
  _id: "u1",
  firstname: "Awa",
  name: "Diop",
  lastname: "Diop",
  nickname: "awa",
  email: "awa@example.sn",
  role: "user",
  groups: ["cercleImp"],
  domain: "Économie",
  biography: "",
  socialLinks: { linkedin: "", twitter: "", website: "https://awa.sn", facebook: "", instagram: "", youtube: "", other: "" },
  profilePic: null,
  createdAt: "2025-01-01T00:00:00.000Z",
};

describe("member form (admin)", () => {
  it("ignores a fourth group and locks the unticked boxes at three", () => {
    const three = toggleGroup(toggleGroup(toggleGroup([], "cercleImp", true), "cercleAx", true), "bureau", true);
    expect(three).toEqual(["cercleImp", "cercleAx", "bureau"]);
    expect(toggleGroup(three, "autre", true)).toEqual(three);
    expect(groupLocked(three, "autre")).toBe(true);
    expect(groupLocked(three, "bureau")).toBe(false);
    expect(toggleGroup(three, "cercleAx", false)).toEqual(["cercleImp", "bureau"]);
  });

  it("requires the password when creating only", () => {
    const filled = { ...userDraftOf(member) };
    expect(userRequiredFilled(filled, false)).toBe(true);
    expect(userRequiredFilled(filled, true)).toBe(false);
    expect(userRequiredFilled({ ...filled, password: "Abcdef1!" }, true)).toBe(true);
    expect(userRequiredFilled({ ...filled, email: " " }, false)).toBe(false);
  });

  it("checks a typed password against the rules and lets an empty one through (unchanged on edit)", () => {
    expect(passwordProblem({ ...userDraftOf(member), password: "" })).toBeNull();
    expect(passwordProblem({ ...userDraftOf(member), password: "court" })).toMatch(/au moins 8 caractères/);
    expect(passwordProblem({ ...userDraftOf(member), password: "Abcdef1!" })).toBeNull();
  });

  it("sends the password only when typed, the groups as one JSON list and the social links as JSON", () => {
    const form = userFormData({ ...userDraftOf(member), groups: [] }, null);
    expect(form.has("password")).toBe(false);
    expect(form.get("groups")).toBe("[]");
    expect(JSON.parse(String(form.get("socialLinks"))).website).toBe("https://awa.sn");
    expect(form.has("profilePic")).toBe(false);
    const withPassword = userFormData({ ...userDraftOf(member), password: "Abcdef1!" }, new File(["x"], "p.png", { type: "image/png" }));
    expect(withPassword.get("password")).toBe("Abcdef1!");
    expect(withPassword.get("profilePic")).toBeInstanceOf(File);
  });

  it("sends « Envoyer une invitation » instead of a password, which is then not required", () => {
    const draft = { ...userDraftOf(null), firstname: "Moussa", name: "Sow", nickname: "moussa", email: "moussa@example.sn", invite: true };
    expect(userRequiredFilled(draft, true)).toBe(true);
    expect(passwordProblem(draft)).toBeNull();
    const form = userFormData({ ...draft, password: "typed before ticking" }, null);
    expect(form.get("invite")).toBe("true");
    expect(form.has("password")).toBe(false);
  });

  it("asks the administrator's proof only when the e-mail, the alias or the password changes, and sends only what was given", () => {
    const same = userDraftOf(member);
    expect(waysInChanged(same, member)).toBe(false);
    expect(waysInChanged({ ...same, firstname: "Aïda", groups: [], biography: "Nouvelle" }, member)).toBe(false);
    expect(waysInChanged({ ...same, email: " awa@example.sn " }, member)).toBe(false);
    expect(waysInChanged({ ...same, email: "awa2@example.sn" }, member)).toBe(true);
    expect(waysInChanged({ ...same, nickname: "awa2" }, member)).toBe(true);
    expect(waysInChanged({ ...same, password: "Nouveau-2026!" }, member)).toBe(true);
    expect(waysInChanged({ ...userDraftOf(null), email: "x@example.sn" }, null)).toBe(false);
    const form = userFormData({ ...same, email: "awa2@example.sn" }, null, { currentPassword: "Admin-2026!", currentCode: "123456" });
    expect(form.get("currentPassword")).toBe("Admin-2026!");
    expect(form.get("currentCode")).toBe("123456");
    expect(form.has("passkey")).toBe(false);
    expect(userFormData(same, null).has("currentPassword")).toBe(false);
  });
});
