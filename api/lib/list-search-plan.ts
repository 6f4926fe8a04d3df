/**
 * How a full-text search of a list is run (issue 34). What a person types becomes an FTS5 query (every word
 * required, each a prefix from two letters on); the full-text count then picks one of three plans for the page's ids:
 * - « narrow » (a few hundred matches at most): read the matches by rowid and sort them;
 * - « broad »: walk the sort's index and test each row against the matches, gathered once (SQLite builds the list of
 *   every match first: 8–16 ms for a word found in each of 50,000 articles);
 * - « probe »: walk the sort's index and ask the full-text index about each row in turn (`rowid = ?` with the match,
 *   20–40 µs a row), which stops after one page and gathers nothing. Only for terms FTS5 can test one row at a time:
 *   a prefix of four letters or more is first turned into the terms it stands for (`<fts>_vocab`, migration 0030),
 *   since FTS5 merges every term of a prefix the index does not hold each time it is asked (12 ms a row for « gouv »).
 * The three plans give the same rows in the same order (api/lib/list-search-plan.test.ts).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** Words of a search as the FTS tokenizer (unicode61) cuts them: letters and digits, at most 8. */
export function searchWords(q: string): string[] {
  return q
    .normalize("NFC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** One spelling of a word in an FTS5 query: `prefix` from two letters on (typing as you go). */
type Form = { text: string; prefix: boolean };

/** The words of a search, each with its spellings (« oeuvre » is also looked for as « œuvre »). */
function ftsWords(q: string): Form[][] {
  return searchWords(q).map((w) => {
    const form = (text: string): Form => ({ text, prefix: w.length >= 2 });
    const lower = w.toLowerCase();
    const ligature = lower.replace(/oe/g, "œ").replace(/ae/g, "æ");
    return ligature === lower ? [form(w)] : [form(w), form(ligature)];
  });
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
const formText = (f: Form) => `${quoted(f.text)}${f.prefix ? "*" : ""}`;
const wordText = (forms: string[]) => (forms.length === 1 ? forms[0]! : `(${forms.join(" OR ")})`);

/**
 * An FTS5 query for what a person typed: every word must match, the last letters typed need not be complete
 * (prefix search from two letters on). Each word is quoted, so nothing typed is read as FTS syntax. unicode61
 * removes accents but keeps ligatures, so "oeuvre" also looks for "œuvre".
 */
export function ftsQuery(q: string): string | null {
  const words = ftsWords(q);
  return words.length === 0 ? null : words.map((forms) => wordText(forms.map(formText))).join(" AND ");
}

/** The prefix lengths the full-text tables index themselves (`prefix = '2 3'`, db/migrations/0006_list_search.sql). */
const INDEXED_PREFIX = new Set([2, 3]);

/** A prefix standing for more terms than this stays a prefix (a row's test would cost one seek per term). */
export const EXPAND_MAX = 16;

/**
 * The folded form unicode61 (`remove_diacritics 2`) gives a word, when it is certain: letters of Latin-1 (accents
 * removed, lower case) and digits. Anything else (« œ », other scripts) is left to FTS5, as a prefix.
 */
export function foldedPrefix(word: string): string | null {
  if (!/^[A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff]+$/.test(word)) return null;
  const folded = word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  return /^[a-z0-9]+$/.test(folded) ? folded : null;
}

/**
 * A search made ready for its plans: `match`, the FTS5 query with every prefix of four letters or more that stands
 * for few terms turned into those terms (the same rows); `seeks`, how many index seeks testing one row costs, null
 * when some word cannot be tested a row at a time (a long prefix left as is); `none` when a word has no term at all.
 */
export type PreparedSearch = { match: string; seeks: number | null; none: boolean };

/**
 * The terms of the full-text index that start with `prefix`, in index order, at most `max` + 1 (so that « more than
 * max » can be told). A recursive walk from term to term of the `instance` vocabulary table: each step is one seek
 * (« >= term || char(0) »: the next term), where the `row` table would count every row of each term it passes
 * (2 ms for a term in 50,000 articles) and « > term » would walk every instance of it (20 ms).
 */
async function termsStartingWith(db: Db, vocab: string, prefix: string, max: number): Promise<string[]> {
  const table = sql.identifier(vocab);
  // The first string after every one starting with the prefix: its last character (ASCII here) moved up by one.
  const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  const rows = await db.all<{ term: string }>(sql`with recursive t(term) as (
      select (select term from ${table} where term >= ${prefix} and term < ${end} limit 1)
      union all
      select (select term from ${table} where term >= t.term || char(0) and term < ${end} limit 1) from t where t.term is not null limit ${max + 1}
    ) select term from t where term is not null`);
  return rows.map((r) => String(r.term));
}

/** The search `q` made ready (see PreparedSearch) against the index read by `vocab`; null when nothing is looked for. */
export async function prepareSearch(db: Db, vocab: string, q: string): Promise<PreparedSearch | null> {
  const words = ftsWords(q);
  if (words.length === 0) return null;
  let seeks: number | null = 0;
  const parts: string[] = [];
  for (const forms of words) {
    const texts: string[] = [];
    for (const form of forms) {
      const length = [...form.text].length;
      // An exact word, or a prefix the index holds: one doclist, one seek a row.
      if (!form.prefix || INDEXED_PREFIX.has(length)) {
        texts.push(formText(form));
        if (seeks !== null) seeks += 1;
        continue;
      }
      const folded = foldedPrefix(form.text);
      const terms = folded ? await termsStartingWith(db, vocab, folded, EXPAND_MAX) : null;
      if (!terms || terms.length > EXPAND_MAX) {
        texts.push(formText(form));
        seeks = null;
        continue;
      }
      texts.push(...terms.map(quoted));
      if (seeks !== null) seeks += terms.length;
    }
    // No spelling of this word is in the index: nothing matches every word.
    if (texts.length === 0) return { match: ftsQuery(q)!, seeks, none: true };
    parts.push(wordText(texts));
  }
  return { match: parts.join(" AND "), seeks, none: false };
}

/** How a list's page finds its rows among a search's matches (see the head of this file). */
export type SearchMode = "narrow" | "broad" | "probe";

/** Up to this many full-text matches, a search reads and sorts them (measured at 5,000 articles: 74 ms against 1.4 ms the other way for a word in every article). */
export const BROAD_SEARCH = 500;

/**
 * ...unless a page is found within this many rows of the sort's index: a few hundred matches among a few thousand
 * rows (« diop » in 412 of 3,000 members) cost 4–11 ms read and sorted by name (each folded key computed) against
 * 0.3 ms walked; a walk costs 0.1–2 µs a row (111 articles of 50,000: 22,500 rows, 2 ms; reading them 0.3–1.5 ms).
 */
export const SHORT_WALK = 1000;

/**
 * At most this many index seeks for a page's probes: about 15 ms at the measured 20–40 µs a seek, on the worst
 * case of a count past the cap (the matches just past it, a row in five matching at 50,000); a word in most rows
 * walks a fifth of that.
 */
export const PROBE_MAX = 600;

/**
 * A row's probe against gathering one match (0.15–0.3 µs each): about 100 times dearer, measured at 50,000 articles
 * (bench/admin-list.ts's database; docs/PERFORMANCE.md, issue 34).
 */
export const PROBE_COST = 100;

/**
 * The plan of a page (see the head of this file), from the full-text count (`matches`; at least that many when
 * `capped`), the table's size and how far the page is: the sort's index is walked until offset + pageSize rows
 * matched, about (offset + pageSize) × rows / matches rows if matches are spread evenly.
 * `filtered`: the list has filters of its own, and SQLite may then read the rows they select rather than walk the
 * sort's index; each of them would be probed, so a filtered list gathers the matches (« broad ») as before.
 */
export function searchMode(o: { matches: number; capped: boolean; rows: number; offset: number; pageSize: number; seeks: number | null; filtered: boolean }): SearchMode {
  const walked = Math.ceil(((o.offset + o.pageSize) * Math.max(o.rows, o.matches)) / Math.max(o.matches, 1));
  if (o.matches <= BROAD_SEARCH && !o.capped) return walked > SHORT_WALK ? "narrow" : "broad";
  if (o.seeks === null || o.seeks === 0 || o.filtered) return "broad";
  const probes = walked * o.seeks;
  if (probes > PROBE_MAX) return "broad";
  // Past the cap the count is a floor: every match may be gathered (50,000 at 8–16 ms), so the bounded walk wins.
  return o.capped || probes * PROBE_COST <= o.matches ? "probe" : "broad";
}
