/**
 * The back office's event list (issue 19 §1): its sorts (the direction each starts in), its filters (online or
 * offline, to come or over, theme, start dates) and its count. The state lives in the address (`ui/list-state.ts`);
 * the server pages, sorts and searches (title, place, keywords, accents ignored).
 */
import { countText, type ListConfig } from "../ui/list-state";

export const EVENT_SORTS = [
  ["start", "Par date", "desc"],
  ["title", "Par titre", "asc"],
  ["created", "Derniers créés", "desc"],
] as const;

export const EVENT_STATUSES = [
  ["", "En ligne et hors ligne"],
  ["online", "En ligne"],
  ["offline", "Hors ligne"],
  ["scheduled", "Mise en ligne programmée"],
] as const;

/** An event under way is not over yet: it counts with those to come (the public site's rule). */
export const EVENT_PERIODS = [
  ["", "Toutes les dates"],
  ["upcoming", "À venir ou en cours"],
  ["past", "Passés"],
] as const;

export type EventSort = (typeof EVENT_SORTS)[number][0];
export type EventFilter = "status" | "when" | "theme" | "from" | "to";

export const EVENT_LIST: ListConfig<EventSort, EventFilter> = {
  sorts: EVENT_SORTS,
  defaultSort: "start",
  filters: ["status", "when", "theme", "from", "to"],
};

/** « Aucun événement », « 1 événement », « n événements ». */
export const eventCount = (total: number) => countText(total, ["événement", "événements"], "Aucun événement");
