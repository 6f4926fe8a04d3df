/**
 * The member's social links as the profile page shows them, apart from the form's rules (profile-form.ts) so the
 * page's first load does not carry the form and its password rules (issue 32: the form loads when opened).
 */
import { SOCIAL_LABELS, type SocialKey } from "../lib/labels";

export const SOCIAL_KEYS = Object.keys(SOCIAL_LABELS) as SocialKey[];

/** An address safe to open from a stored social link: http(s) only; a bare domain gets https://. */
export function safeHref(value: string): string | null {
  const v = value.trim();
  if (/^https?:\/\//i.test(v)) return v;
  if (/^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(v)) return `https://${v}`;
  return null;
}
