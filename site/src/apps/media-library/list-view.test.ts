import { describe, expect, it } from "vitest";
import { readView, writeView } from "./list-view";

describe("media list view in the address", () => {
  it("reads the grid from view=grid and anything else as the table", () => {
    expect(readView("?status=pending&view=grid")).toBe("grid");
    expect(readView("?view=cards")).toBe("table");
    expect(readView("")).toBe("table");
  });

  it("writes the grid beside the list's parameters and leaves a plain address for the table", () => {
    expect(writeView("?status=pending&page=2", "grid")).toBe("?status=pending&page=2&view=grid");
    expect(writeView("?view=grid&q=ecole", "table")).toBe("?q=ecole");
    expect(writeView("?view=grid", "table")).toBe("");
    expect(writeView("?new", "grid")).toBe("?new&view=grid");
  });
});
