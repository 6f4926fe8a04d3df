import { describe, expect, it } from "vitest";
import { MAX_QUERY_LENGTH, foldApostrophes, normalizeQuery, searchPageHref, searchStatus } from "./search-text";

describe("search text", () => {
  it("turns typographic apostrophes into straight ones so elisions split the same way", () => {
    expect(foldApostrophes("l’économie d‘hier, aujourdʼhui")).toBe("l'économie d'hier, aujourd'hui");
    expect(foldApostrophes("l'économie")).toBe("l'économie");
  });

  it("normalises a typed query: apostrophes, spaces, length", () => {
    expect(normalizeQuery("  l’économie \n  bleue ")).toBe("l'économie bleue");
    expect(normalizeQuery("   ")).toBe("");
    expect(normalizeQuery("a".repeat(500))).toHaveLength(MAX_QUERY_LENGTH);
  });

  it("keeps accents in the query (Pagefind folds them and ranks exact accents first)", () => {
    expect(normalizeQuery("Économie")).toBe("Économie");
  });

  it("builds shareable /recherche addresses", () => {
    expect(searchPageHref("")).toBe("/recherche");
    expect(searchPageHref("  ")).toBe("/recherche");
    expect(searchPageHref("l'économie & co")).toBe("/recherche?q=l'%C3%A9conomie%20%26%20co");
    expect(new URL(searchPageHref("l'économie & co"), "http://x").searchParams.get("q")).toBe("l'économie & co");
  });

  it("says each state in French, with the spec's wording for no result", () => {
    expect(searchStatus("idle", "x")).toBe("");
    expect(searchStatus("loading", "x")).toBe("Recherche en cours…");
    expect(searchStatus(0, "économie")).toBe("Aucun résultat pour « économie »");
    expect(searchStatus(1, "économie")).toBe("1 résultat pour « économie »");
    expect(searchStatus(12, "économie")).toBe("12 résultats pour « économie »");
    expect(searchStatus("error", "x")).toMatch(/indisponible/);
  });
});
