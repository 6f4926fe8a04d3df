import { describe, expect, it } from "vitest";
import { frenchCollator, sortFrench } from "./collate";

describe("French alphabetical order", () => {
  it("sorts accented capitals with their letter, not after Z", () => {
    const themes = ["Spiritualité et éthique", "Économie", "Santé", "Éducation", "Agriculture"];
    expect(sortFrench(themes, (t) => t)).toEqual(["Agriculture", "Économie", "Éducation", "Santé", "Spiritualité et éthique"]);
  });

  it("ignores case and compares numbers as numbers", () => {
    expect(["Thème 10", "thème 2", "Thème 1"].sort(frenchCollator.compare)).toEqual(["Thème 1", "thème 2", "Thème 10"]);
  });

  it("keeps the original order of equal keys and leaves the input untouched", () => {
    const people = [{ n: "Diop", i: 1 }, { n: "Ba", i: 2 }, { n: "diop", i: 3 }];
    expect(sortFrench(people, (p) => p.n).map((p) => p.i)).toEqual([2, 1, 3]);
    expect(people.map((p) => p.i)).toEqual([1, 2, 3]);
  });
});
