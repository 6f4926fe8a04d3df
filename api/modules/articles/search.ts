/**
 * Search in the member space and the back office: every word of the query must appear in the title, the text or
 * the keywords, whatever the case and the accents ("economie" finds "Économie"). SQLite's lower() folds neither
 * accents nor non-ASCII case, and the schema has no folded column, so matching runs here over the rows the
 * caller may see anyway (measured in search.test.ts's neighbour, service.ts: well under 100 ms at 5,000 articles).
 */

const MARKS = /[\u0300-\u036f]/g;
const APOSTROPHES = /[\u2018\u2019\u02bc\u00b4`]/g;

/** Lower case, accents removed, œ/æ spelled out, curly apostrophes made straight. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(MARKS, "").toLowerCase().replace(/œ/g, "oe").replace(/æ/g, "ae").replace(APOSTROPHES, "'");
}

/** The folded words of a query; empty when the query has nothing to look for. */
export function searchTerms(query: string | undefined): string[] {
  if (!query) return [];
  return foldText(query).split(/\s+/).filter(Boolean);
}

/** Whether every term appears somewhere in the given texts. */
export function matchesTerms(terms: string[], ...texts: string[]): boolean {
  if (terms.length === 0) return true;
  const haystack = foldText(texts.join("\n"));
  return terms.every((term) => haystack.includes(term));
}
