import { describe, expect, it } from "vitest";
import { foldText } from "../../../db/fold";
import { searchMatcher } from "./search";

describe("search matching", () => {
  const match = (query: string, ...texts: string[]) => searchMatcher(query)!(...texts);

  it("ignores case and accents on both sides", () => {
    expect(match("economie", "L'Économie bleue")).toBe(true);
    expect(match("ÉCONOMIE", "l'economie bleue")).toBe(true);
    expect(match("goree", "Île de GORÉE")).toBe(true);
    expect(match("senegal", "Sénégal")).toBe(true);
  });

  it("matches ligatures and curly apostrophes with their plain spellings", () => {
    expect(match("coeur", "Au cœur de la ville")).toBe(true);
    expect(match("cœur", "au coeur")).toBe(true);
    expect(match("l'ocean", "l’Océan")).toBe(true);
  });

  it("needs every word, each in any of the texts", () => {
    expect(match("peche goree", "Pêche", "à Gorée")).toBe(true);
    expect(match("peche dakar", "Pêche", "à Gorée")).toBe(false);
  });

  it("treats regular expression characters in the query as text", () => {
    expect(match("n°4 (bis)", "Rapport n°4 (bis)")).toBe(true);
    expect(match(".*", "rien")).toBe(false);
  });

  it("has nothing to match for an empty query", () => {
    expect(searchMatcher("   ")).toBeNull();
    expect(searchMatcher(undefined)).toBeNull();
  });

  it("folds text to lower case without accents", () => {
    expect(foldText("Œuvre À L’Île")).toBe("oeuvre a l'ile");
  });
});
