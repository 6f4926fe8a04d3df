import { describe, expect, it } from "vitest";
import { keywordLines, splitKeywords, themeBody, themeErrors, themeReady, URL_INVALID } from "./theme-form";

describe("theme form", () => {
  it("stays not ready until both name and url hold more than spaces", () => {
    expect(themeReady({ name: "Économie", url: "", keywords: "" })).toBe(false);
    expect(themeReady({ name: "  ", url: "eco", keywords: "" })).toBe(false);
    expect(themeReady({ name: "Économie", url: "eco", keywords: "" })).toBe(true);
  });

  it("sends trimmed name and url and comma separated keywords without empties or repeats", () => {
    expect(themeBody({ name: " Économie ", url: " eco ", keywords: "pêche, , littoral ,pêche," })).toEqual({
      name: "Économie",
      url: "eco",
      keywords: ["pêche", "littoral"],
    });
    expect(splitKeywords("")).toEqual([]);
  });

  it("cuts keywords into lines of three", () => {
    expect(keywordLines(["a", "b", "c", "d", "e", "f", "g"])).toEqual([["a", "b", "c"], ["d", "e", "f"], ["g"]]);
    expect(keywordLines([])).toEqual([]);
  });

  it("says what is wrong with a filled but invalid url instead of calling it missing", () => {
    for (const url of ["économie", "mer et pêche", "a/b", "x?y"]) {
      expect(themeErrors({ name: "Économie", url, keywords: "" }).url, url).toBe(URL_INVALID);
    }
    expect(URL_INVALID).not.toMatch(/obligatoire/);
    expect(themeErrors({ name: "Économie", url: " economie_bleue ", keywords: "" })).toEqual({});
    expect(themeErrors({ name: "Économie", url: "", keywords: "" })).toEqual({});
  });
});
