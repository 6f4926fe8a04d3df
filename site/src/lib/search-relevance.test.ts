import { describe, expect, it } from "vitest";
import { foldForMatch, queryPrefixes, unknownWords } from "./search-relevance";

describe("query words the results really contain", () => {
  const pages = ["Le fil de l’UNESCO en français sur X (Twitter)", "L’économie des centrales solaires du Saloum"];

  it("finds a nonsense word in no page, even when Pagefind matched a prefix of it", () => {
    expect(unknownWords("xyzzy", pages)).toEqual(["xyz"]);
  });

  it("knows words typed without accents, with the other apostrophe, plurals and stems", () => {
    expect(unknownWords("economie", pages)).toEqual([]);
    expect(unknownWords("l'économie", pages)).toEqual([]);
    expect(unknownWords("solaire", pages)).toEqual([]);
    expect(unknownWords("centrale solaires", pages)).toEqual([]);
  });

  it("reports each unknown word of a longer query, and ignores words of one or two letters", () => {
    expect(unknownWords("saloum zzqxwv", pages)).toEqual(["zzqx"]);
    expect(queryPrefixes("de la X")).toEqual([]);
  });

  it("folds case, accents and apostrophes", () => {
    expect(foldForMatch("L’Économie")).toBe("l'economie");
  });
});
