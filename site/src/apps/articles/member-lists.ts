/**
 * The two lists of /user/articles (issue 19 §1), each paged, sorted and searched by the server with its state in
 * the address: « Mes articles » (the member's own, in any state; filtered by status, e.g. the dashboard's link
 * `?status=pending`) and « Articles des membres » (the others' public articles), whose keys carry the prefix
 * `membres.` so both live in one address.
 */
import { countText, type ListConfig } from "../ui/list-state";

export const MY_ARTICLE_SORTS = [
  ["recent", "Plus récents", "desc"],
  ["title", "Par titre", "asc"],
  ["status", "Par statut", "asc"],
] as const;

export const MY_ARTICLE_STATUSES = [
  ["", "Tous mes articles"],
  ["draft", "Brouillons"],
  ["pending", "En attente d'approbation"],
  ["edited", "Modifications en attente"],
  ["scheduled", "Programmés"],
  ["approved", "Approuvés"],
  ["online", "En ligne"],
  ["offline", "Hors ligne"],
] as const;

export type MyArticleSort = (typeof MY_ARTICLE_SORTS)[number][0];

export const MY_ARTICLES: ListConfig<MyArticleSort, "status"> = { sorts: MY_ARTICLE_SORTS, defaultSort: "recent", filters: ["status"] };

export const MEMBER_ARTICLE_SORTS = [
  ["recent", "Plus récents", "desc"],
  ["title", "Par titre", "asc"],
  ["author", "Par auteur", "asc"],
] as const;

export type MemberArticleSort = (typeof MEMBER_ARTICLE_SORTS)[number][0];

export const MEMBER_ARTICLES: ListConfig<MemberArticleSort, never> = { sorts: MEMBER_ARTICLE_SORTS, defaultSort: "recent", filters: [], prefix: "membres." };

/** « Aucun article », « 1 article », « n articles ». */
export const articleCount = (total: number, capped?: boolean) => countText(total, ["article", "articles"], "Aucun article", capped);
