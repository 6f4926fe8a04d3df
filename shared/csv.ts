/**
 * CSV for a French spreadsheet: UTF-8 with a BOM (Excel reads the accents right), `;` between fields (the French
 * Excel's separator), CRLF line ends. Pure: the admin exports (newsletter subscribers, event registrants) share it
 * so that both files open the same way and both defuse formulas.
 */

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break; a value a spreadsheet would read as
 * a formula (= + - @, tab, CR first) is prefixed with an apostrophe (CSV injection: names and addresses are input).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line: its fields escaped and joined by `;`. */
export const csvLine = (fields: string[]): string => fields.map(csvField).join(";");

/** The whole file from its lines (already made with `csvLine`): BOM first, CRLF after every line. */
export const csvDocument = (lines: string[]): string => `\uFEFF${lines.join("\r\n")}\r\n`;
