import { describe, expect, it } from "vitest";
import { dakarClock, dakarDate, dakarMoment } from "./dakar-time";

describe("the Dakar clock in words", () => {
  it("writes hours without a leading zero and minutes with one, around non-breaking spaces", () => {
    expect(dakarClock(new Date("2026-11-26T14:32:10Z"))).toBe("14\u00a0h\u00a032");
    expect(dakarClock(new Date("2026-11-26T09:05:00Z"))).toBe("9\u00a0h\u00a005");
    expect(dakarClock(new Date("2026-11-26T00:00:00Z"))).toBe("0\u00a0h\u00a000");
  });

  it("names the day with the month in full or short, or with its weekday", () => {
    expect(dakarMoment(new Date("2026-11-26T14:30:00Z"))).toBe("26 novembre 2026 à 14\u00a0h\u00a030");
    expect(dakarMoment(new Date("2026-11-26T09:05:00Z"), "short")).toBe("26 nov. 2026 à 9\u00a0h\u00a005");
    expect(dakarMoment(new Date("2026-12-12T18:00:00Z"), "full")).toBe("samedi 12 décembre 2026 à 18\u00a0h\u00a000");
  });

  it("writes the day with its month in full, the first of a month as « 1er », with or without the year", () => {
    expect(dakarDate(new Date("2026-03-12T23:30:00Z"))).toBe("12 mars 2026");
    expect(dakarDate(new Date("2026-03-01T10:00:00Z"))).toBe("1er mars 2026");
    expect(dakarDate(new Date("2026-03-01T10:00:00Z"), false)).toBe("1er mars");
    expect(dakarDate(new Date("2026-03-11T10:00:00Z"), false)).toBe("11 mars");
  });
});
