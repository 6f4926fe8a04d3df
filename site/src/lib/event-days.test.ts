import { describe, expect, it } from "vitest";
import { coversDay, eventDaySpan, spanDays } from "./event-days";

describe("eventDaySpan", () => {
  it("runs from the start day to the end day", () => {
    expect(eventDaySpan("2026-11-21T09:00:00.000Z", "2026-11-23T18:00:00.000Z")).toEqual({ from: "2026-11-21", to: "2026-11-23" });
  });

  it("treats an end at midnight as exclusive, like the calendar", () => {
    expect(eventDaySpan("2026-12-05T10:00:00.000Z", "2026-12-06T00:00:00.000Z")).toEqual({ from: "2026-12-05", to: "2026-12-05" });
  });

  it("makes a one-day event of a missing or earlier end, and ignores invalid starts", () => {
    expect(eventDaySpan("2026-12-06T10:00:00.000Z", "")).toEqual({ from: "2026-12-06", to: "2026-12-06" });
    expect(eventDaySpan("2026-12-06T10:00:00.000Z", "2026-12-01T10:00:00.000Z")).toEqual({ from: "2026-12-06", to: "2026-12-06" });
    expect(eventDaySpan("", "2026-12-01")).toBeNull();
  });
});

describe("coversDay and spanDays", () => {
  const span = { from: "2026-11-30", to: "2026-12-02" };

  it("includes both ends of the span", () => {
    expect(coversDay(span, "2026-11-30")).toBe(true);
    expect(coversDay(span, "2026-12-02")).toBe(true);
    expect(coversDay(span, "2026-12-03")).toBe(false);
    expect(coversDay(span, "2026-11-29")).toBe(false);
  });

  it("lists every day across a month boundary, with a cap", () => {
    expect(spanDays(span)).toEqual(["2026-11-30", "2026-12-01", "2026-12-02"]);
    expect(spanDays({ from: "2026-01-01", to: "2099-01-01" }, 10)).toHaveLength(10);
  });
});
