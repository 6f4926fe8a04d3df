/**
 * The admin's member form (spec §5), apart from the UI so it is tested alone: required fields (the password on
 * create only), at most 3 groups, and the multipart body of POST /api/admin/register and PUT /api/admin/users/{id}
 * (the password only when typed, the picture only when chosen).
 */
import type { CurrentUser } from "../../../../api/contract";
import type { OwnerProof } from "../owner-proof/owner-proof-client";
import { SOCIAL_LABELS, type SocialKey } from "../lib/labels";
import { isValidPassword, PASSWORD_RULE_MESSAGE } from "../ui/password-rules";

/** Spec §9: a member belongs to 3 groups at most. */
export const MAX_GROUPS = 3;

export const SOCIAL_KEYS = Object.keys(SOCIAL_LABELS) as SocialKey[];

export type Role = "user" | "admin";

export type UserDraft = {
  firstname: string;
  name: string;
  nickname: string;
  email: string;
  password: string;
  /** On create: « Envoyer une invitation » instead of a password (the member chooses theirs from a link). */
  invite: boolean;
  role: Role;
  groups: string[];
  domain: string;
  biography: string;
  socialLinks: Record<SocialKey, string>;
};

export function userDraftOf(user: CurrentUser | null): UserDraft {
  const socialLinks = Object.fromEntries(SOCIAL_KEYS.map((k) => [k, user?.socialLinks[k] ?? ""])) as Record<SocialKey, string>;
  return {
    firstname: user?.firstname ?? "",
    name: user?.name ?? "",
    nickname: user?.nickname ?? "",
    email: user?.email ?? "",
    password: "",
    invite: false,
    role: user?.role ?? "user",
    groups: [...(user?.groups ?? [])],
    domain: user?.domain ?? "",
    biography: user?.biography ?? "",
    socialLinks,
  };
}

/** Ticks or unticks a group; a tick beyond MAX_GROUPS is ignored (spec §5: "a fourth is ignored"). */
export function toggleGroup(groups: readonly string[], code: string, on: boolean): string[] {
  if (!on) return groups.filter((g) => g !== code);
  if (groups.includes(code) || groups.length >= MAX_GROUPS) return [...groups];
  return [...groups, code];
}

/** A box that cannot be ticked now: unticked while MAX_GROUPS are. */
export function groupLocked(groups: readonly string[], code: string): boolean {
  return !groups.includes(code) && groups.length >= MAX_GROUPS;
}

/** Save stays disabled until these are filled: names, alias, e-mail, and the password when creating. */
export function userRequiredFilled(d: UserDraft, creating: boolean): boolean {
  const filled = [d.firstname, d.name, d.nickname, d.email].every((v) => v.trim() !== "");
  return filled && (!creating || d.invite || d.password !== "");
}

/** The message when the typed password breaks the rules (the server says the same), else null. */
export function passwordProblem(d: UserDraft): string | null {
  if (d.invite || d.password === "" || isValidPassword(d.password)) return null;
  return PASSWORD_RULE_MESSAGE;
}

/**
 * Whether the edit replaces one of the member's ways in (e-mail, alias, password): the server then asks the
 * administrator's own owner-present proof (issue 30), and the form shows its fields. Compared as the server does,
 * trimmed (spaces around an unchanged address change nothing).
 */
export function waysInChanged(d: UserDraft, user: CurrentUser | null): boolean {
  if (!user) return false;
  return d.email.trim() !== user.email || d.nickname.trim() !== user.nickname || d.password !== "";
}

/**
 * The multipart body (spec §7): text fields, `groups` as one JSON list (so an emptied choice clears the groups:
 * an absent field would leave them unchanged), social links as JSON, the password only when typed; with `proof`
 * (the administrator's owner-present proof), only what was given, the passkey assertion as JSON text.
 */
export function userFormData(d: UserDraft, picture: File | null, proof?: OwnerProof): FormData {
  const form = new FormData();
  form.append("firstname", d.firstname.trim());
  form.append("name", d.name.trim());
  form.append("nickname", d.nickname.trim());
  form.append("email", d.email.trim());
  if (d.invite) form.append("invite", "true");
  else if (d.password !== "") form.append("password", d.password);
  form.append("role", d.role);
  form.append("groups", JSON.stringify(d.groups.slice(0, MAX_GROUPS)));
  form.append("domain", d.domain.trim());
  form.append("biography", d.biography.trim());
  form.append("socialLinks", JSON.stringify(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, d.socialLinks[k].trim()]))));
  if (proof?.currentPassword) form.append("currentPassword", proof.currentPassword);
  if (proof?.currentCode) form.append("currentCode", proof.currentCode);
  if (proof?.passkey) form.append("passkey", JSON.stringify(proof.passkey));
  if (picture) form.append("profilePic", picture, picture.name);
  return form;
}
