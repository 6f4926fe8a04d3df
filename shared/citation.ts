/**
 * How an article is cited (issue 35 §2): the Highwire Press and Dublin Core meta tags that Google Scholar and
 * Zotero read, the APA and Chicago references shown under « Citer », and the BibTeX and RIS files offered for
 * download. Pure functions of one `CitedWork`, so the page, the files and the tests can never disagree.
 *
 * Choices (docs/DECISIONS.md, « Citable articles »):
 * - A think-tank's article is cited as a report (working paper) of the institute: Highwire
 *   `citation_technical_report_institution` (Zotero's Embedded Metadata translator then picks the item type
 *   « report »), RIS `TY  - RPRT`, BibTeX `@techreport`.
 * - Names are written « Surname, Given names »: compound surnames (« Diop Sow ») and particles (« de Beauvoir ») stay
 *   whole, as the member typed them in the « name » field; a reader cannot split « Marie Claire Diop Sow » right.
 * - Dates are the day in Dakar (the institute's time zone), whatever the build machine's zone.
 * - BibTeX keeps UTF-8 (accents as typed, for biber/biblatex or any UTF-8 BibTeX); only its special characters are
 *   escaped. RIS lines end with CRLF, as the format asks.
 */
import { dakarDate } from "./dakar-time";

export interface CitedPerson {
  firstname: string;
  /** The surname, particles included (« de Beauvoir », « Diop Sow »). */
  name: string;
}

export interface CitedWork {
  title: string;
  authors: CitedPerson[];
  /** Publication instant (ISO 8601). */
  publishedAt: string;
  /** The article's permanent, absolute address. */
  url: string;
  /** The institute publishing it. */
  publisher: string;
  /** Absolute address of the article's PDF, when it has one. */
  pdfUrl?: string;
  keywords?: string[];
  /** ISO 639-1 code of the text's language. */
  language: string;
}

/** A reference as text with the parts to set in italics (the title of a stand-alone work, APA). */
export type Styled = { text: string; italic?: boolean }[];

const NBSP = "\u00a0";

const dayParts = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Dakar", year: "numeric", month: "2-digit", day: "2-digit" });

/** The publication day in Dakar as zero-padded parts. */
export function dakarDay(iso: string): { year: string; month: string; day: string } {
  const parts = Object.fromEntries(dayParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day! };
}

/** « Surname, Given names », the order Highwire, RIS and BibTeX read without guessing. */
export const invertedName = (p: CitedPerson) => (p.firstname.trim() ? `${p.name.trim()}, ${p.firstname.trim()}` : p.name.trim());

/** APA initials: « Marie Claire » → « M. C. », « Jean-Baptiste » → « J.-B. », « Élodie » → « É. ». */
export function initials(firstname: string): string {
  return firstname
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      word
        .split("-")
        .filter(Boolean)
        .map((part) => `${[...part][0]!.toLocaleUpperCase("fr")}.`)
        .join("-"),
    )
    .join(" ");
}

/** A French list: « A », « A et B », « A, B et C ». */
function frenchList(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} et ${items.at(-1)}`;
}

/** Ends a sentence unless the text already ends with its own mark (« … apprennent ? »). */
const sentence = (text: string) => (/[.?!…]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * APA 7 (French adaptation: « et » between the last two authors, French month names), for a report published by
 * an institute: « Diop Sow, M. C. et Cissé, K. (2026, 12 mars). *Titre*. L'Institut. https://… ». Up to 20 authors;
 * beyond, the first 19, « … » and the last. Without authors, the institute stands as author and is not repeated.
 */
export function apa(work: CitedWork): Styled {
  const { year } = dakarDay(work.publishedAt);
  const date = `(${year}, ${dakarDate(new Date(work.publishedAt), false)})`;
  const names = work.authors.map((p) => (p.firstname.trim() ? `${p.name.trim()}, ${initials(p.firstname)}` : p.name.trim()));
  const title = work.title.trim();
  // The period after the title, unless the title ends with its own mark (« … apprennent ? »).
  const afterTitle = /[.?!…]$/.test(title) ? "" : ".";
  if (names.length === 0) {
    return [{ text: `${sentence(work.publisher)} ${date}. ` }, { text: title, italic: true }, { text: `${afterTitle} ${work.url}` }];
  }
  const authors = names.length > 20 ? `${names.slice(0, 19).join(", ")}, … ${names.at(-1)}` : frenchList(names);
  return [
    { text: `${sentence(authors)} ${date}. ` },
    { text: title, italic: true },
    { text: `${afterTitle} ${sentence(work.publisher)} ${work.url}` },
  ];
}

/**
 * Chicago 17, notes and bibliography, bibliography entry (French adaptation: « et », guillemets with no-break
 * spaces): « Diop Sow, Marie Claire, et Khadija Cissé. « Titre ». L'Institut, 12 mars 2026. https://…. ».
 * The first author inverted, the others in reading order; more than ten: the first seven and « et al. ».
 */
export function chicago(work: CitedWork): Styled {
  const people = work.authors.map((p, i) => (i === 0 ? invertedName(p) : `${p.firstname.trim()} ${p.name.trim()}`.trim()));
  let authors: string;
  if (people.length > 10) authors = `${people.slice(0, 7).join(", ")} et al.`;
  else if (people.length === 2) authors = `${people[0]}, et ${people[1]}`;
  else authors = frenchList(people);
  const title = work.title.trim();
  // A title ending with its own mark keeps it inside the guillemets; otherwise a period follows them.
  const quoted = /[?!…]$/.test(title) ? `«${NBSP}${title}${NBSP}»` : `«${NBSP}${title}${NBSP}».`;
  const day = dakarDate(new Date(work.publishedAt));
  const head = authors ? `${sentence(authors)} ` : "";
  return [{ text: `${head}${quoted} ${work.publisher}, ${day}. ${work.url}.` }];
}

/** The reference as plain text (for copying, and for tests). */
export const plainText = (styled: Styled) => styled.map((p) => p.text).join("");

/** ASCII letters and digits only: a citation key every BibTeX accepts. */
const asciiWord = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

/** « diopsow2026budgets »: first author's surname, year, first word of the title of more than three letters. */
export function bibtexKey(work: CitedWork): string {
  const who = asciiWord(work.authors[0]?.name ?? work.publisher) || "article";
  const word = work.title.split(/[\s'’]+/).map(asciiWord).find((w) => w.length > 3) ?? "";
  return `${who}${dakarDay(work.publishedAt).year}${word}`;
}

/** Escapes BibTeX's special characters; accents stay UTF-8. */
export function bibtexEscape(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\{}]/g, (c) => (c === "\\" ? "\\textbackslash{}" : `\\${c}`))
    .replace(/[&%$#_]/g, (c) => `\\${c}`)
    .replace(/~/g, "\\textasciitilde{}")
    .replace(/\^/g, "\\textasciicircum{}");
}

/** One BibTeX name: a part holding « and » as a word or a comma is braced so BibTeX does not split it. */
function bibtexName(p: CitedPerson): string {
  const part = (s: string) => {
    const escaped = bibtexEscape(s);
    return /(^|\s)and(\s|$)|,/i.test(s) ? `{${escaped}}` : escaped;
  };
  return p.firstname.trim() ? `${part(p.name)}, ${part(p.firstname)}` : `{${bibtexEscape(p.name)}}`;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * A BibTeX `@techreport` entry. The title is braced twice so styles keep its French capitalisation; `month` is
 * BibTeX's macro, `date` the full day for biblatex; `language` is babel's name of the language.
 */
export function bibtex(work: CitedWork): string {
  const { year, month, day } = dakarDay(work.publishedAt);
  const fields: [string, string][] = [
    ...(work.authors.length ? ([["author", `{${work.authors.map(bibtexName).join(" and ")}}`]] as [string, string][]) : []),
    ["title", `{{${bibtexEscape(work.title)}}}`],
    ["institution", `{${bibtexEscape(work.publisher)}}`],
    ["year", `{${year}}`],
    ["month", MONTHS[Number(month) - 1]!],
    ["date", `{${year}-${month}-${day}}`],
    ["url", `{${work.url}}`],
    ...(work.pdfUrl ? ([["file", `{${work.pdfUrl}}`]] as [string, string][]) : []),
    ["language", `{${work.language === "fr" ? "french" : work.language}}`],
    ...(work.keywords?.length ? ([["keywords", `{${work.keywords.map(bibtexEscape).join(", ")}}`]] as [string, string][]) : []),
  ];
  return `@techreport{${bibtexKey(work)},\n${fields.map(([k, v]) => `  ${k} = ${v}`).join(",\n")}\n}\n`;
}

/** One RIS line; a value never spans lines. */
const risLine = (tag: string, value: string) => `${tag}  - ${value.replace(/\s+/g, " ").trim()}`;

/** A RIS record (TY RPRT), one AU line per author, CRLF line ends, UTF-8. */
export function ris(work: CitedWork): string {
  const { year, month, day } = dakarDay(work.publishedAt);
  const lines = [
    risLine("TY", "RPRT"),
    ...work.authors.map((p) => risLine("AU", invertedName(p))),
    risLine("TI", work.title),
    risLine("PY", year),
    risLine("DA", `${year}/${month}/${day}/`),
    risLine("PB", work.publisher),
    risLine("LA", work.language),
    risLine("UR", work.url),
    ...(work.pdfUrl ? [risLine("L1", work.pdfUrl)] : []),
    ...(work.keywords ?? []).map((k) => risLine("KW", k)),
    "ER  - ",
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/** Namespace of the Dublin Core element set, declared by `<link rel="schema.DC">`. */
export const DUBLIN_CORE = "http://purl.org/dc/elements/1.1/";

/**
 * The `<meta name content>` pairs of the article's head: Highwire Press (Google Scholar's inclusion guidelines,
 * read by Zotero's Embedded Metadata translator), then Dublin Core. One `citation_author` per author; dates
 * YYYY/MM/DD for Highwire, W3CDTF for Dublin Core.
 */
export function citationMeta(work: CitedWork): { name: string; content: string }[] {
  const { year, month, day } = dakarDay(work.publishedAt);
  const meta = (name: string, content: string) => ({ name, content });
  return [
    meta("citation_title", work.title.trim()),
    ...work.authors.map((p) => meta("citation_author", invertedName(p))),
    meta("citation_publication_date", `${year}/${month}/${day}`),
    meta("citation_technical_report_institution", work.publisher),
    meta("citation_publisher", work.publisher),
    meta("citation_language", work.language),
    ...(work.keywords?.length ? [meta("citation_keywords", work.keywords.join("; "))] : []),
    meta("citation_abstract_html_url", work.url),
    meta("citation_fulltext_html_url", work.url),
    ...(work.pdfUrl ? [meta("citation_pdf_url", work.pdfUrl)] : []),
    meta("DC.title", work.title.trim()),
    ...work.authors.map((p) => meta("DC.creator", invertedName(p))),
    meta("DC.date", `${year}-${month}-${day}`),
    meta("DC.publisher", work.publisher),
    meta("DC.language", work.language),
    meta("DC.type", "Text"),
    meta("DC.identifier", work.url),
  ];
}
