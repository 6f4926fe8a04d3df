/**
 * The back office's article list: its sorts (the direction each starts in), its filters and its count. The state
 * itself lives in the address (`ui/list-state.ts`), so the dashboard's link `/admin/articles?status=pending`
 * opens the filtered list and a reload or the back button shows the same page.
 */
import { countText, type ListConfig } from "../ui/list-state";

export const ARTICLE_SORTS = [
  ["recent", "Plus récents", "desc"],
  ["title", "Par titre", "asc"],
  ["author", "Par auteur", "asc"],
  ["status", "Par statut", "asc"],
] as const;

export const ARTICLE_STATUSES = [
  ["", "Tous les articles"],
  ["draft", "Brouillons"],
  ["pending", "En attente d'approbation"],
  ["edited", "Modifications en attente"],
  ["scheduled", "Programmés"],
  ["approved", "Approuvés"],
  ["online", "En ligne"],
  ["offline", "Hors ligne"],
] as const;

export type ArticleSort = (typeof ARTICLE_SORTS)[number][0];
export type ArticleFilter = "status" | "theme" | "author" | "from" | "to";

export const ARTICLE_LIST: ListConfig<ArticleSort, ArticleFilter> = {
  sorts: ARTICLE_SORTS,
  defaultSort: "recent",
  filters: ["status", "theme", "author", "from", "to"],
};

/** Spec §2: « Aucun article », « 1 article », « n articles ». */
export function countLabel(total: number, capped?: boolean): string {
  return countText(total, ["article", "articles"], "Aucun article", capped);
}
