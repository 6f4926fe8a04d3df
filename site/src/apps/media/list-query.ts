/**
 * The media lists of /admin/media and /user/media (issue 19): their sorts (the direction each starts in), their
 * filters and their count. The state lives in the address (`ui/list-state.ts`), so the dashboard's link
 * `/admin/media?status=pending` opens the filtered list and a reload or the back button shows the same page.
 */
import type { MediaType } from "../../../../api/contract";
import { countText, type ListConfig } from "../ui/list-state";
import { MEDIA_TYPE_LABELS } from "../lib/labels";

export const MEDIA_SORTS = [
  ["recent", "Plus récents", "desc"],
  ["title", "Par titre", "asc"],
  ["author", "Par auteur", "asc"],
  ["type", "Par type", "asc"],
  ["status", "Par statut", "asc"],
] as const;

export type MediaSort = (typeof MEDIA_SORTS)[number][0];

export const MEDIA_STATUSES = [
  ["", "Tous les médias"],
  ["pending", "En attente d'approbation"],
  ["approved", "Approuvés"],
  ["online", "En ligne"],
  ["offline", "Hors ligne"],
] as const;

/** The type filter's choices, in the order of the media form. */
export const MEDIA_TYPE_CHOICES = (["audio", "video", "image", "pdf", "link", "external"] as const satisfies readonly MediaType[]).map(
  (t) => [t, MEDIA_TYPE_LABELS[t]!] as const,
);

/** The back office's list: status, type, uploader and date range. */
export const ADMIN_MEDIA_LIST: ListConfig<MediaSort, "status" | "type" | "uploader" | "from" | "to"> = {
  sorts: MEDIA_SORTS,
  defaultSort: "recent",
  filters: ["status", "type", "uploader", "from", "to"],
};

/** The member's list: their own only (`mine=1`) or with the community's public media, status, type, dates. */
export const MEMBER_MEDIA_LIST: ListConfig<MediaSort, "mine" | "status" | "type" | "from" | "to"> = {
  sorts: MEDIA_SORTS,
  defaultSort: "recent",
  filters: ["mine", "status", "type", "from", "to"],
};

/** « Aucun média », « 1 média », « n médias ». */
export function countLabel(total: number, capped?: boolean): string {
  return countText(total, ["média", "médias"], "Aucun média", capped);
}
