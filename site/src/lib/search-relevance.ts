/**
 * Guard against Pagefind's backtracking: when a word of the query is not in the index, Pagefind searches for the
 * longest prefix of it that is (« xyzzy » becomes « x ») and returns pages matching that, highlighting a lone
 * « X ». A reader typing a word that appears nowhere should read « Aucun résultat ». A query word is known when
 * some result's text has a word starting like it: its first letters, all but the last two (stems and plurals:
 * « solaires » finds « solaire »), and at least three. Words shorter than three letters are left to Pagefind.
 */
import { foldApostrophes } from "./search-text";

/** Lower case, accents and apostrophe look-alikes folded: « L’Économie » -> « l'economie ». */
export function foldForMatch(text: string): string {
  return foldApostrophes(text)
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The query's words that count for the check, each as the prefix a matching word must start with. */
export function queryPrefixes(query: string): string[] {
  return foldForMatch(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3)
    .map((w) => w.slice(0, Math.max(3, w.length - 2)));
}

/** The query's words that no text of `contents` contains (as the start of one of its words). */
export function unknownWords(query: string, contents: readonly string[]): string[] {
  const words = new Set(contents.flatMap((c) => foldForMatch(c).split(/[^\p{L}\p{N}]+/u)));
  return queryPrefixes(query).filter((prefix) => ![...words].some((w) => w.startsWith(prefix)));
}
