/** The back office's media list, sorted and cut into pages in the browser (the server sends them all). Pure. */
import type { Media } from "../../../../api/contract";
import { fullName } from "../../lib/format";
import type { SortState } from "../ui/DataTable";

export type MediaStatus = "pending" | "approved" | "online" | "offline";

export const STATUS_CHOICES: readonly [MediaStatus | "", string][] = [
  ["", "Tous les médias"],
  ["pending", "En attente d'approbation"],
  ["approved", "Approuvés"],
  ["online", "En ligne"],
  ["offline", "Hors ligne"],
];

/** The dashboard's `?status=pending` (anything unknown: every media). */
export function statusFromSearch(search: string): MediaStatus | "" {
  const s = new URLSearchParams(search).get("status") ?? "";
  return STATUS_CHOICES.some(([v]) => v === s) ? (s as MediaStatus | "") : "";
}

const collator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

const TEXT_KEYS: Record<string, (m: Media) => string> = {
  type: (m) => m.type,
  title: (m) => m.title,
  author: (m) => (m.uploadedBy ? `${m.uploadedBy.name} ${fullName(m.uploadedBy)}` : ""),
};

/** The client may hand dates over as Date objects (Eden revives ISO strings) or as text. */
const time = (value: string | Date) => new Date(value).getTime();

/** Sorted in French order, dates by time; unknown keys keep the server's order (newest first). */
export function sortMedia(list: readonly Media[], sort: SortState): Media[] {
  const key = TEXT_KEYS[sort.key];
  const compare =
    sort.key === "createdAt" ? (a: Media, b: Media) => time(a.createdAt) - time(b.createdAt) : key ? (a: Media, b: Media) => collator.compare(key(a), key(b)) : null;
  if (!compare) return [...list];
  const sorted = [...list].sort(compare);
  return sort.dir === "desc" ? sorted.reverse() : sorted;
}

/** The rows of page `page` (clamped), and how many pages there are. */
export function pageOf<T>(list: readonly T[], page: number, size: number): { rows: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(list.length / size));
  const current = Math.min(Math.max(1, page), pageCount);
  return { rows: list.slice((current - 1) * size, current * size), page: current, pageCount };
}
