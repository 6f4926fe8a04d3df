/**
 * The profile form's rules (spec §5), apart from the UI so they are tested alone: the four required fields, the
 * optional password change and its two messages, and the body sent to PUT /api/user/me.
 */
import { isValidPassword } from "../ui/password-rules";
import type { SocialKey } from "../lib/labels";
import { SOCIAL_KEYS } from "./social-links";

export type ProfileDraft = {
  firstname: string;
  name: string;
  nickname: string;
  email: string;
  domain: string;
  biography: string;
  socialLinks: Record<SocialKey, string>;
  currentPassword: string;
  newPassword: string;
};

type ProfileSource = Omit<ProfileDraft, "currentPassword" | "newPassword" | "socialLinks"> & {
  socialLinks: Partial<Record<SocialKey, string>>;
};

export { safeHref, SOCIAL_KEYS } from "./social-links";

export function draftOf(user: ProfileSource): ProfileDraft {
  const socialLinks = Object.fromEntries(SOCIAL_KEYS.map((k) => [k, user.socialLinks[k] ?? ""])) as Record<SocialKey, string>;
  return {
    firstname: user.firstname,
    name: user.name,
    nickname: user.nickname,
    email: user.email,
    domain: user.domain,
    biography: user.biography,
    socialLinks,
    currentPassword: "",
    newPassword: "",
  };
}

/** First name, name, alias and e-mail are required: save stays disabled until they are filled. */
export function requiredFilled(d: ProfileDraft): boolean {
  return [d.firstname, d.name, d.nickname, d.email].every((v) => v.trim() !== "");
}

export type PasswordErrors = { currentPassword?: string; newPassword?: string };

/** The two messages of spec §5, only when a new password is typed. */
export function passwordErrors(d: ProfileDraft): PasswordErrors {
  if (!d.newPassword) return {};
  const errors: PasswordErrors = {};
  if (!d.currentPassword) errors.currentPassword = "Veuillez entrer votre mot de passe actuel.";
  if (!isValidPassword(d.newPassword)) errors.newPassword = "Le nouveau mot de passe est invalide.";
  return errors;
}

/**
 * The JSON body of PUT /api/user/me: trimmed texts; the current password whenever it is typed (the server asks for
 * it to change the e-mail or the alias too), the new one only when changing it.
 */
export function profileBody(d: ProfileDraft) {
  const socialLinks = Object.fromEntries(SOCIAL_KEYS.map((k) => [k, d.socialLinks[k].trim()])) as Record<SocialKey, string>;
  return {
    firstname: d.firstname.trim(),
    name: d.name.trim(),
    nickname: d.nickname.trim(),
    email: d.email.trim(),
    domain: d.domain.trim(),
    biography: d.biography.trim(),
    socialLinks,
    ...(d.currentPassword ? { currentPassword: d.currentPassword } : {}),
    ...(d.newPassword ? { newPassword: d.newPassword } : {}),
  };
}
