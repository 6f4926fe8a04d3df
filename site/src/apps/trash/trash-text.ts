/**
 * The French words of « Corbeille » (issue 20 §6) and of the deletions that lead there. The spec fixes the
 * deletion questions (« Supprimer cet article ? », « Supprimer ce média ? »): they stay first, the trash's meaning
 * follows. Pure: tested alone.
 */
import type { TrashItem } from "../../../../api/contract";
import { countText, type ListConfig } from "../ui/list-state";

const THIRTY_DAYS = "30\u00a0jours";

export const TRASH_ARTICLE_QUESTION = `Supprimer cet article\u00a0? Il ira à la corbeille et sera supprimé définitivement dans ${THIRTY_DAYS}.`;
export const TRASH_MEDIA_QUESTION = `Supprimer ce média\u00a0? Il ira à la corbeille et sera supprimé définitivement dans ${THIRTY_DAYS}.`;

export const TRASH_SORTS = [["recent", "Supprimés récemment", "desc"]] as const;

export const TRASH_LIST: ListConfig<"recent", "kind"> = { sorts: TRASH_SORTS, defaultSort: "recent", filters: ["kind"] };

export const TRASH_KINDS: readonly (readonly ["" | TrashItem["kind"], string])[] = [
  ["", "Articles et médias"],
  ["article", "Articles"],
  ["media", "Médias"],
];

/** « Aucun élément », « 1 élément », « 12 éléments ». */
export const trashCountLabel = (total: number): string => countText(total, ["élément", "éléments"], "Aucun élément");

export const kindText = (kind: TrashItem["kind"]): string => (kind === "article" ? "Article" : "Média");

const DAY_MS = 86_400_000;

/** Whole days before the purge, never below 0 (« Aujourd'hui » at 0). */
export function daysLeft(purgeAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(purgeAt).getTime() - now) / DAY_MS));
}

/** « 30 jours », « 1 jour », « Aujourd'hui ». */
export function daysLeftText(purgeAt: string, now = Date.now()): string {
  const n = daysLeft(purgeAt, now);
  if (n === 0) return "Aujourd'hui";
  return `${n}\u00a0${n === 1 ? "jour" : "jours"}`;
}

/** « Supprimer définitivement l'article « Titre » ? Cette action est irréversible. » */
export function purgeQuestion(item: Pick<TrashItem, "kind" | "title">): string {
  const what = item.kind === "article" ? "l'article" : "le média";
  return `Supprimer définitivement ${what} «\u00a0${item.title}\u00a0»\u00a0? Cette action est irréversible.`;
}
