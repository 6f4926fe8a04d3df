/**
 * Sort keys folded in SQL: lower case, French accents removed, œ/æ spelled out, curly apostrophes made straight
 * (« Économie » sorts beside « Eau », not after « Zèbre »). SQLite's lower() folds ASCII only, it has no French
 * collation, and the libSQL client cannot register a function, so the fold is a chain of replace() calls:
 * deterministic, hence usable in generated columns and their indexes. SQLite's parser refuses more than about 30
 * nested calls ("parser stack overflow"), so the chain is cut in two stages, each a virtual column over the last.
 * `foldText` below is the same fold in JavaScript (queries are folded with it before they meet these columns).
 */
import { sql, type SQL } from "drizzle-orm";

const map = (letters: string, to: string) => [...letters].map((c) => [c, to] as [string, string]);

/** Every accented form (both cases) and what it folds to; lower() handles plain ASCII capitals. */
const FOLDS: [string, string][] = [
  ...map("àâäáÀÂÄÁ", "a"),
  ...map("çÇ", "c"),
  ...map("éèêëÉÈÊË", "e"),
  ...map("îïíÎÏÍ", "i"),
  ...map("ñÑ", "n"),
  ...map("ôöóÔÖÓ", "o"),
  ...map("ùûüúÙÛÜÚ", "u"),
  ...map("ÿýŸ", "y"),
  ["œ", "oe"],
  ["Œ", "oe"],
  ["æ", "ae"],
  ["Æ", "ae"],
  ["\u2019", "'"],
];

const HALF = Math.ceil(FOLDS.length / 2);
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const chain = (expr: string, folds: [string, string][]) => folds.reduce((out, [from, to]) => `replace(${out}, ${quote(from)}, ${quote(to)})`, expr);

/** First stage of the fold of an SQL expression: lower case and the first half of the letters. */
export const foldFirst = (expr: string): SQL => sql.raw(chain(`lower(${expr})`, FOLDS.slice(0, HALF)));

/** Second stage, over a column holding the first stage. */
export const foldSecond = (column: string): SQL => sql.raw(chain(column, FOLDS.slice(HALF)));

const MARKS = /[\u0300-\u036f]/g;
const APOSTROPHES = /[\u2018\u2019\u02bc\u00b4`]/g;

/** Lower case, accents removed, œ/æ spelled out, curly apostrophes made straight: the fold above, in JavaScript. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(MARKS, "").toLowerCase().replace(/œ/g, "oe").replace(/æ/g, "ae").replace(APOSTROPHES, "'");
}
