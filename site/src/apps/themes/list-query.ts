/**
 * The back office's theme list (issue 19 §1): one sort, by name in French order (« Thème 2 » before « Thème 10 »),
 * either way; a search (accents ignored) and the count. The state lives in the address (`ui/list-state.ts`).
 */
import { countText, type ListConfig } from "../ui/list-state";

export const THEME_SORTS = [["name", "Par nom", "asc"]] as const;

/** The one sort's two directions, as the « Ordre » choice offers them (phones have no column headers). */
export const THEME_ORDERS = [
  ["asc", "De A à Z"],
  ["desc", "De Z à A"],
] as const;

export const THEME_LIST: ListConfig<"name", never> = { sorts: THEME_SORTS, defaultSort: "name", filters: [] };

/** « Aucun thème », « 1 thème », « n thèmes ». */
export const themeCount = (total: number) => countText(total, ["thème", "thèmes"], "Aucun thème");
