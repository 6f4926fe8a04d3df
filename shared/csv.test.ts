import { describe, expect, it } from "vitest";
import { csvDocument, csvField, csvLine } from "./csv";

describe("CSV for a French spreadsheet", () => {
  it("leaves a plain value as it is", () => {
    expect(csvField("Awa Ndiaye")).toBe("Awa Ndiaye");
  });

  it("quotes a value holding the separator, a quote or a line break, doubling its quotes", () => {
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('dit "oui"')).toBe('"dit ""oui"""');
    expect(csvField("ligne\nsuivante")).toBe('"ligne\nsuivante"');
  });

  it("defuses a value a spreadsheet would read as a formula", () => {
    for (const v of ["=1+1", "+33", "-2", "@SUM(A1)", "\tx"]) expect(csvField(v)).toBe(`'${v}`);
    expect(csvField('=HYPERLINK("x";"y")')).toBe(`"'=HYPERLINK(""x"";""y"")"`);
  });

  it("writes a BOM, ';' between fields and CRLF after every line", () => {
    expect(csvDocument([csvLine(["Nom", "État"]), csvLine(["Awa", "Confirmé"])])).toBe("\uFEFFNom;État\r\nAwa;Confirmé\r\n");
  });
});
