import { describe, expect, it } from "vitest";
import { editSearch, readEditTarget } from "./edit-address";

describe("edit modal address", () => {
  it("reads the modal to open from the query string", () => {
    expect(readEditTarget("?edit=abc123")).toEqual({ id: "abc123" });
    expect(readEditTarget("?new")).toEqual({ id: null });
    expect(readEditTarget("")).toBeNull();
    expect(readEditTarget("?edit=")).toBeNull();
  });

  it("writes the modal into the query string and keeps the other parameters", () => {
    expect(editSearch("", { id: "abc" })).toBe("?edit=abc");
    expect(editSearch("?q=eau", { id: null })).toBe("?q=eau&new");
    expect(editSearch("?q=eau&edit=abc", null)).toBe("?q=eau");
    expect(editSearch("?new", null)).toBe("");
    expect(readEditTarget(editSearch("", { id: "a&b" }))).toEqual({ id: "a&b" });
  });
});
