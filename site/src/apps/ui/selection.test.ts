import { describe, expect, it } from "vitest";
import { clickRow, keepShown, NONE, type Selection } from "./selection";

const order = ["a", "b", "c", "d", "e", "f"];
const ids = (s: Selection) => [...s.ids].sort();

describe("clicking the rows of a list", () => {
  it("flips one row on a plain click", () => {
    const one = clickRow(NONE, "b", order, null, false);
    expect(ids(one)).toEqual(["b"]);
    expect(ids(clickRow(one, "b", order, "b", false))).toEqual([]);
  });

  it("ticks every row between the last clicked one and a Shift-clicked one, in either direction", () => {
    const first = clickRow(NONE, "b", order, null, false);
    expect(ids(clickRow(first, "e", order, "b", true))).toEqual(["b", "c", "d", "e"]);
    const last = clickRow(NONE, "e", order, null, false);
    expect(ids(clickRow(last, "a", order, "e", true))).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("unticks the range when the Shift-clicked row was ticked", () => {
    const all = { ids: new Set(order), all: false };
    expect(ids(clickRow(all, "e", order, "b", true))).toEqual(["a", "f"]);
  });

  it("flips only the clicked row on a Shift-click with no earlier click on this page", () => {
    expect(ids(clickRow(NONE, "d", order, null, true))).toEqual(["d"]);
    expect(ids(clickRow(NONE, "d", order, "gone", true))).toEqual(["d"]);
  });
});

describe("the selection after an action", () => {
  it("keeps the rows still shown and drops the ones the list no longer shows", () => {
    const before = { ids: new Set(["a", "b", "c"]), all: false };
    expect(ids(keepShown(before, ["a", "c", "d"]))).toEqual(["a", "c"]);
    expect(keepShown(before, order)).toBe(before);
  });

  it("keeps a selection of every matching row as it is", () => {
    const all = { ids: new Set<string>(), all: true };
    expect(keepShown(all, [])).toBe(all);
  });
});
