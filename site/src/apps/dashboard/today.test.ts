import { describe, expect, it } from "vitest";
import { todayLong } from "./today";

describe("todayLong", () => {
  it("writes the day in French long form with a capital and the seat's date", () => {
    // 23:30 UTC is still the same day in Dakar (UTC+0 all year).
    expect(todayLong(new Date("2026-11-23T23:30:00Z"))).toBe("Lundi 23 novembre 2026");
  });

  it("writes the first of the month as an ordinal", () => {
    expect(todayLong(new Date("2025-12-01T10:00:00Z"))).toBe("Lundi 1er décembre 2025");
  });
});
