/**
 * Text rules shared by the search index (scripts/search-index.ts) and the search page, so that what is indexed and
 * what is typed go through the same normalisation. Pagefind folds accents and splits elisions written with a
 * straight apostrophe ("l'économie" -> "l", "économie") by itself; it does not split on the typographic one (’),
 * which French text and phone keyboards use all the time.
 */
import { plural } from "./format";

/** The kinds of page the search covers, as shown on each result. */
export const SEARCH_KINDS = ["Article", "Média", "Événement", "Membre"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Longest query the page sends to the index; anything longer is cut (a pasted paragraph is not a query). */
export const MAX_QUERY_LENGTH = 200;

// Right and left single quotes, modifier apostrophe, prime, acute and grave accents used as apostrophes.
const APOSTROPHES = /[\u2019\u2018\u02BC\u2032\u00B4\u0060]/g;

/** Turns every apostrophe look-alike into the straight apostrophe, so "l’économie" splits like "l'économie". */
export function foldApostrophes(text: string): string {
  return text.replace(APOSTROPHES, "'");
}

/** The query as sent to the index: apostrophes folded, spaces collapsed, trimmed, bounded in length. */
export function normalizeQuery(raw: string): string {
  return foldApostrophes(raw).replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/** The /recherche address for a query, as shared or put in the history (`?q=` only when there is a query). */
export function searchPageHref(query: string): string {
  const q = query.trim();
  return q ? `/recherche?q=${encodeURIComponent(q)}` : "/recherche";
}

/** What the search page says, for screen readers (aria-live) and everyone else. */
export function searchStatus(state: "idle" | "loading" | "error" | number, query: string): string {
  if (state === "idle") return "";
  if (state === "loading") return "Recherche en cours…";
  if (state === "error") return "La recherche est momentanément indisponible. Veuillez réessayer plus tard.";
  if (state === 0) return `Aucun résultat pour « ${query} »`;
  return `${plural(state, "résultat")} pour « ${query} »`;
}
