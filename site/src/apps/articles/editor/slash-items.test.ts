import { describe, expect, it } from "vitest";
import { BLOCKS, filterBlocks, slashQuery } from "./slash-items";

describe("the « / » menu's filter", () => {
  it("lists every block for an empty query, and narrows as the person types, without minding accents or case", () => {
    expect(filterBlocks("").map((b) => b.key)).toEqual(BLOCKS.map((b) => b.key));
    expect(filterBlocks("ta").map((b) => b.key)).toEqual(["table"]);
    expect(filterBlocks("ENCADRE").map((b) => b.key)).toEqual(["callout"]);
    expect(filterBlocks("encadré").map((b) => b.key)).toEqual(["callout"]);
    expect(filterBlocks("titre 3").map((b) => b.key)).toEqual(["h3"]);
    expect(filterBlocks("image").map((b) => b.key)).toEqual(["picture", "library"]);
    expect(filterBlocks("youtube").map((b) => b.key)).toEqual(["embed"]);
    expect(filterBlocks("pdf").map((b) => b.key)).toEqual(["file"]);
    expect(filterBlocks("zzz")).toEqual([]);
  });

  it("opens only on a paragraph whose whole text is « / » and a few words", () => {
    expect(slashQuery("/")).toBe("");
    expect(slashQuery("/tab")).toBe("tab");
    expect(slashQuery("/titre 2")).toBe("titre 2");
    expect(slashQuery("a/b")).toBeNull();
    expect(slashQuery("/usr/bin")).toBeNull();
    expect(slashQuery("")).toBeNull();
  });
});
