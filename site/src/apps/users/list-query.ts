/**
 * The back office's member list (issue 19 §1): its sorts, its filters (role, circle) and its counts. The state lives
 * in the address (`ui/list-state.ts`), like /admin/articles; the server pages, sorts and searches (names, alias,
 * e-mail, accents ignored).
 */
import { countText, type ListConfig } from "../ui/list-state";

export const USER_SORTS = [
  ["name", "Par nom", "asc"],
  ["recent", "Plus récents", "desc"],
] as const;

export const USER_ROLES = [
  ["", "Membres et administrateurs"],
  ["user", "Membres"],
  ["admin", "Administrateurs"],
] as const;

export type UserSort = (typeof USER_SORTS)[number][0];
export type UserFilter = "role" | "group";

export const USER_LIST: ListConfig<UserSort, UserFilter> = {
  sorts: USER_SORTS,
  defaultSort: "name",
  filters: ["role", "group"],
};

/** « Aucun membre », « 1 membre », « n membres ». */
export const memberCount = (total: number) => countText(total, ["membre", "membres"], "Aucun membre");
