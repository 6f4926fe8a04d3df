/** French labels of the codes the API sends (spec §3, §9), shared by every screen. */
import { GROUP_LABELS } from "../../../../shared/groups";

export { GROUP_LABELS };

export const ROLE_LABELS: Record<string, string> = { user: "Membre", admin: "Administrateur" };

export const MEDIA_TYPE_LABELS: Record<string, string> = {
  audio: "Audio",
  video: "Vidéo",
  image: "Image",
  pdf: "PDF",
  link: "Lien",
  external: "Externe",
};

/** Social link keys in display order, with their button text. */
export const SOCIAL_LABELS = {
  website: "Site web",
  linkedin: "LinkedIn",
  twitter: "Twitter / X",
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
  other: "Autre lien",
} as const;

export type SocialKey = keyof typeof SOCIAL_LABELS;

/** Spec §9: a social link counts as present when longer than 3 characters. */
export function hasLink(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim().length > 3;
}

/** "Cercle Impulsion, Bureau", or "-" for none (spec §2). */
export function groupsText(groups: readonly string[]): string {
  return groups.length ? groups.map((g) => GROUP_LABELS[g] ?? g).join(", ") : "-";
}
