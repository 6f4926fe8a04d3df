import { describe, expect, it } from "vitest";
import {
  apa,
  bibtex,
  bibtexEscape,
  bibtexKey,
  chicago,
  citationMeta,
  dakarDay,
  initials,
  invertedName,
  plainText,
  ris,
  type CitedWork,
} from "./citation";

const NBSP = "\u00a0";

/** Two authors with a compound surname, compound given names and accents; published late evening in Dakar. */
const work: CitedWork = {
  title: "Budgets participatifs : ce que les communes du littoral nous apprennent",
  authors: [
    { firstname: "Marie Claire", name: "Diop Sow" },
    { firstname: "Khadija", name: "Cissé" },
  ],
  publishedAt: "2026-03-12T23:30:00.000Z",
  url: "https://institut.example/article/budgets-participatifs",
  publisher: "L'Institut",
  pdfUrl: "https://institut.example/uploads/media/budgets.pdf",
  keywords: ["budget participatif", "démocratie locale"],
  language: "fr",
};

/** A particle, a hyphenated given name, an accented initial. */
const particles: CitedWork = {
  ...work,
  title: "Faut-il réformer l'école ?",
  authors: [
    { firstname: "Simone", name: "de Beauvoir" },
    { firstname: "Jean-Baptiste", name: "Mendy" },
    { firstname: "Élodie", name: "Marchand" },
  ],
  pdfUrl: undefined,
  keywords: [],
  publishedAt: "2026-06-01T09:00:00.000Z",
};

describe("citation names and dates", () => {
  it("takes the publication day in Dakar, zero-padded", () => {
    expect(dakarDay(work.publishedAt)).toEqual({ year: "2026", month: "03", day: "12" });
    expect(dakarDay("2026-12-31T23:59:59.000Z")).toEqual({ year: "2026", month: "12", day: "31" });
  });

  it("writes initials of compound, hyphenated and accented given names", () => {
    expect(initials("Marie Claire")).toBe("M. C.");
    expect(initials("Jean-Baptiste")).toBe("J.-B.");
    expect(initials("Élodie")).toBe("É.");
    expect(initials("Ndèye  Fatou ")).toBe("N. F.");
  });

  it("keeps a compound surname and its particle whole, before the given names", () => {
    expect(invertedName({ firstname: "Marie Claire", name: "Diop Sow" })).toBe("Diop Sow, Marie Claire");
    expect(invertedName({ firstname: "Simone", name: "de Beauvoir" })).toBe("de Beauvoir, Simone");
    expect(invertedName({ firstname: "", name: "Collectif" })).toBe("Collectif");
  });
});

describe("APA reference", () => {
  it("names two authors with initials joined by « et », the Dakar day in French, the title in italics, the institute and the address", () => {
    const ref = apa(work);
    expect(plainText(ref)).toBe(
      "Diop Sow, M. C. et Cissé, K. (2026, 12 mars). Budgets participatifs : ce que les communes du littoral nous apprennent. L'Institut. https://institut.example/article/budgets-participatifs",
    );
    expect(ref.filter((p) => p.italic).map((p) => p.text)).toEqual([work.title]);
  });

  it("lists three authors with commas and « et », keeps the particle and the title's own question mark", () => {
    expect(plainText(apa(particles))).toBe(
      "de Beauvoir, S., Mendy, J.-B. et Marchand, É. (2026, 1er juin). Faut-il réformer l'école ? L'Institut. https://institut.example/article/budgets-participatifs",
    );
  });

  it("puts the institute in the author's place when nobody signed", () => {
    expect(plainText(apa({ ...work, authors: [] }))).toBe(
      "L'Institut. (2026, 12 mars). Budgets participatifs : ce que les communes du littoral nous apprennent. https://institut.example/article/budgets-participatifs",
    );
  });

  it("cuts more than twenty authors to the first nineteen, an ellipsis and the last", () => {
    const many = Array.from({ length: 22 }, (_, i) => ({ firstname: "Awa", name: `Auteur${i + 1}` }));
    const text = plainText(apa({ ...work, authors: many }));
    expect(text).toContain("Auteur19, A., … Auteur22, A. (2026");
    expect(text).not.toContain("Auteur20");
  });
});

describe("Chicago reference", () => {
  it("inverts the first author only, joins two with « , et », quotes the title in guillemets with no-break spaces", () => {
    expect(plainText(chicago(work))).toBe(
      `Diop Sow, Marie Claire, et Khadija Cissé. «${NBSP}Budgets participatifs : ce que les communes du littoral nous apprennent${NBSP}». L'Institut, 12 mars 2026. https://institut.example/article/budgets-participatifs.`,
    );
  });

  it("keeps a title's question mark inside the guillemets and writes the first of the month as « 1er »", () => {
    expect(plainText(chicago(particles))).toBe(
      `de Beauvoir, Simone, Jean-Baptiste Mendy et Élodie Marchand. «${NBSP}Faut-il réformer l'école ?${NBSP}» L'Institut, 1er juin 2026. https://institut.example/article/budgets-participatifs.`,
    );
  });

  it("shortens more than ten authors to seven and « et al. »", () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ firstname: "Awa", name: `Auteur${i + 1}` }));
    const text = plainText(chicago({ ...work, authors: many }));
    expect(text.startsWith("Auteur1, Awa, Awa Auteur2, Awa Auteur3, Awa Auteur4, Awa Auteur5, Awa Auteur6, Awa Auteur7 et al. «")).toBe(true);
  });
});

/** The fields of one BibTeX entry, for field-by-field checks. */
function bibFields(entry: string): Record<string, string> {
  const body = entry.slice(entry.indexOf(",\n") + 2, entry.lastIndexOf("\n}"));
  return Object.fromEntries(body.split(",\n").map((line) => line.trim().split(" = ") as [string, string]));
}

describe("BibTeX entry", () => {
  it("is a techreport with an ASCII key, UTF-8 names joined by « and », the braced title, the institute, the Dakar day and the addresses", () => {
    const entry = bibtex(work);
    expect(entry.startsWith("@techreport{diopsow2026budgets,\n")).toBe(true);
    expect(entry.endsWith("\n}\n")).toBe(true);
    expect(bibFields(entry)).toEqual({
      author: "{Diop Sow, Marie Claire and Cissé, Khadija}",
      title: "{{Budgets participatifs : ce que les communes du littoral nous apprennent}}",
      institution: "{L'Institut}",
      year: "{2026}",
      month: "mar",
      date: "{2026-03-12}",
      url: "{https://institut.example/article/budgets-participatifs}",
      file: "{https://institut.example/uploads/media/budgets.pdf}",
      language: "{french}",
      keywords: "{budget participatif, démocratie locale}",
    });
  });

  it("leaves the particle in lower case before the surname, where BibTeX reads it as the « von » part", () => {
    const fields = bibFields(bibtex(particles));
    expect(fields.author).toBe("{de Beauvoir, Simone and Mendy, Jean-Baptiste and Marchand, Élodie}");
    expect(fields).not.toHaveProperty("file");
    expect(fields).not.toHaveProperty("keywords");
    expect(fields.month).toBe("jun");
  });

  it("escapes BibTeX's special characters but keeps accents, and braces a name holding « and »", () => {
    expect(bibtexEscape("R&D à 100 % : {x}_#1 $ ~ ^ \\")).toBe(
      "R\\&D à 100 \\% : \\{x\\}\\_\\#1 \\$ \\textasciitilde{} \\textasciicircum{} \\textbackslash{}",
    );
    const fields = bibFields(bibtex({ ...work, authors: [{ firstname: "Anne", name: "Diop and Sy" }] }));
    expect(fields.author).toBe("{{Diop and Sy}, Anne}");
  });

  it("builds its key from ASCII letters of the first surname, the year and the first long title word", () => {
    expect(bibtexKey(particles)).toBe("debeauvoir2026fautil");
    expect(bibtexKey({ ...work, authors: [], title: "L'érosion côtière" })).toBe("linstitut2026erosion");
  });
});

describe("RIS record", () => {
  it("is a report with one AU line per author, the Dakar day, the institute, the language, the addresses and CRLF line ends", () => {
    const record = ris(work);
    expect(record.endsWith("ER  - \r\n")).toBe(true);
    expect(record.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    expect(record.split("\r\n").slice(0, -1)).toEqual([
      "TY  - RPRT",
      "AU  - Diop Sow, Marie Claire",
      "AU  - Cissé, Khadija",
      "TI  - Budgets participatifs : ce que les communes du littoral nous apprennent",
      "PY  - 2026",
      "DA  - 2026/03/12/",
      "PB  - L'Institut",
      "LA  - fr",
      "UR  - https://institut.example/article/budgets-participatifs",
      "L1  - https://institut.example/uploads/media/budgets.pdf",
      "KW  - budget participatif",
      "KW  - démocratie locale",
      "ER  - ",
    ]);
  });

  it("keeps a value on one line and leaves out the PDF when there is none", () => {
    const record = ris({ ...particles, title: "Deux\nlignes" });
    expect(record).toContain("\r\nTI  - Deux lignes\r\n");
    expect(record).not.toContain("L1  -");
    expect(record).toContain("AU  - de Beauvoir, Simone\r\nAU  - Mendy, Jean-Baptiste\r\nAU  - Marchand, Élodie\r\n");
  });
});

describe("Highwire Press and Dublin Core tags", () => {
  it("give the title, one tag per author, the date as YYYY/MM/DD, the institute as report institution, the language and the addresses", () => {
    expect(citationMeta(work)).toEqual([
      { name: "citation_title", content: work.title },
      { name: "citation_author", content: "Diop Sow, Marie Claire" },
      { name: "citation_author", content: "Cissé, Khadija" },
      { name: "citation_publication_date", content: "2026/03/12" },
      { name: "citation_technical_report_institution", content: "L'Institut" },
      { name: "citation_publisher", content: "L'Institut" },
      { name: "citation_language", content: "fr" },
      { name: "citation_keywords", content: "budget participatif; démocratie locale" },
      { name: "citation_abstract_html_url", content: work.url },
      { name: "citation_fulltext_html_url", content: work.url },
      { name: "citation_pdf_url", content: work.pdfUrl },
      { name: "DC.title", content: work.title },
      { name: "DC.creator", content: "Diop Sow, Marie Claire" },
      { name: "DC.creator", content: "Cissé, Khadija" },
      { name: "DC.date", content: "2026-03-12" },
      { name: "DC.publisher", content: "L'Institut" },
      { name: "DC.language", content: "fr" },
      { name: "DC.type", content: "Text" },
      { name: "DC.identifier", content: work.url },
    ]);
  });

  it("leave out the PDF and keywords tags when the article has none", () => {
    const names = citationMeta(particles).map((m) => m.name);
    expect(names).not.toContain("citation_pdf_url");
    expect(names).not.toContain("citation_keywords");
    expect(names.filter((n) => n === "citation_author")).toHaveLength(3);
  });
});
