/**
 * Search of the whole (unpaged) member and admin lists, the spec's arrays: every word of the query must appear in
 * the title, the text or the keywords, whatever the case and the accents ("economie" finds "Économie", "ECOLE"
 * finds "école"). Paged lists search in the database (FTS5, api/lib/list-query.ts); these arrays are still matched
 * here, until the screens that read them ask for pages. The query is folded once and each word becomes a pattern
 * that accepts every accented form of its letters, so the stored text is matched as it is, without folding
 * megabytes of it per search (at 5,000 articles: folding their text took 86 ms of CPU, matching 5 to 9 ms).
 */
import { foldText } from "../../../db/fold";

/** Every form a folded letter takes in French text (upper case comes with the `i` flag). */
const FORMS: Record<string, string> = {
  a: "[aàáâãäå]",
  c: "[cç]",
  e: "[eèéêë]",
  i: "[iìíîï]",
  n: "[nñ]",
  o: "[oòóôõö]",
  u: "[uùúûü]",
  y: "[yýÿ]",
  "'": "['\u2018\u2019\u02bc\u00b4`]",
};

/** A pattern matching a folded word in unfolded text. */
function wordPattern(word: string): RegExp {
  let source = "";
  for (let i = 0; i < word.length; i++) {
    const pair = word.slice(i, i + 2);
    if (pair === "oe" || pair === "ae") {
      source += `(?:${FORMS[pair[0]!]}${FORMS.e}|${pair === "oe" ? "œ" : "æ"})`;
      i++;
      continue;
    }
    const ch = word[i]!;
    source += FORMS[ch] ?? ch.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
  }
  return new RegExp(source, "i");
}

/** A matcher for a query: null when the query has nothing to look for. */
export type Matcher = ((...texts: string[]) => boolean) | null;

/**
 * The matcher of a query: true for texts that together hold every word of it. Stored text is NFC (input.ts
 * normalises what is written), so a precomposed "é" is what the patterns meet.
 */
export function searchMatcher(query: string | undefined): Matcher {
  const words = query ? foldText(query.normalize("NFC")).split(/\s+/).filter(Boolean) : [];
  if (words.length === 0) return null;
  const patterns = words.map(wordPattern);
  return (...texts) => patterns.every((p) => texts.some((t) => p.test(t)));
}
