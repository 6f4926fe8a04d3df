import { describe, expect, it } from "vitest";
import { keywordLines, splitKeywords, themeBody, themeReady } from "./theme-form";

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
});
