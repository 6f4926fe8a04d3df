import { describe, expect, it } from "vitest";
import { buildMonthGrid, monthOf, type GridEvent } from "./month-grid";

const ev = (title: string, start: string, end: string, place = "Gorée"): GridEvent => ({
  title,
  href: `/event/${title.toLowerCase()}`,
  start,
  end,
  place,
});
const day = (grid: ReturnType<typeof buildMonthGrid>, date: string) => grid.weeks.flatMap((w) => w.days).find((d) => d.date === date)!;

describe("buildMonthGrid: the weeks", () => {
  it("draws whole weeks, Monday first, only those the month touches, with ISO week numbers", () => {
    const grid = buildMonthGrid([], "2026-11");
    expect(grid.title).toBe("novembre 2026");
    expect(grid.weeks).toHaveLength(6);
    expect(grid.weeks[0]!.days[0]!.date).toBe("2026-10-26");
    expect(grid.weeks.at(-1)!.days[6]!.date).toBe("2026-12-06");
    expect(grid.weeks.map((w) => w.number)).toEqual([44, 45, 46, 47, 48, 49]);
    expect(day(grid, "2026-10-31").other).toBe(true);
    expect(day(grid, "2026-11-01")).toMatchObject({ other: false, day: 1, label: "1 novembre 2026", busy: false, more: 0 });
  });

  it("takes four weeks for a February that starts on a Monday, and week 53 where there is one", () => {
    const feb = buildMonthGrid([], "2027-02");
    expect(feb.weeks).toHaveLength(4);
    expect(feb.weeks[0]!.days[0]!.date).toBe("2027-02-01");
    expect(buildMonthGrid([], "2026-12").weeks.at(-1)!.number).toBe(53);
  });

  it("names the month the reader is in from a UTC date", () => {
    expect(monthOf(new Date("2026-11-30T23:59:59Z"))).toBe("2026-11");
    expect(monthOf(new Date("2026-12-01T00:00:00Z"))).toBe("2026-12");
  });
});

describe("buildMonthGrid: the events", () => {
  it("draws a one-day timed event as a dot with its start time, a longer one as bars cut at week ends", () => {
    const grid = buildMonthGrid(
      [ev("Atelier", "2026-11-19T10:00:00Z", "2026-11-19T12:00:00Z"), ev("Expo", "2026-11-13T10:00:00Z", "2026-11-18T18:00:00Z")],
      "2026-11",
    );
    expect(day(grid, "2026-11-19").segments).toEqual([
      expect.objectContaining({ span: 1, listItem: true, isStart: true, isEnd: true, time: "10\u00a0h\u00a000", level: 0 }),
    ]);
    // The 16th is a Monday: the exhibition is one bar from Friday 13th to Sunday 15th, one from the 16th to the 18th.
    expect(day(grid, "2026-11-13").segments).toEqual([expect.objectContaining({ span: 3, isStart: true, isEnd: false, listItem: false })]);
    expect(day(grid, "2026-11-16").segments).toEqual([expect.objectContaining({ span: 3, isStart: false, isEnd: true, listItem: false })]);
    // Marked: the days an event starts (the one-day workshop, the first day of the exhibition), not the days a
    // long event merely covers.
    for (const d of ["2026-11-13", "2026-11-19"]) expect(day(grid, d).busy, d).toBe(true);
    for (const d of ["2026-11-15", "2026-11-18", "2026-11-20"]) expect(day(grid, d).busy, d).toBe(false);
  });

  it("ends an event at midnight on the previous day (the end is exclusive)", () => {
    const grid = buildMonthGrid([ev("Nuit", "2026-11-05T20:00:00Z", "2026-11-06T00:00:00Z")], "2026-11");
    expect(day(grid, "2026-11-05").segments[0]).toMatchObject({ span: 1, listItem: true });
    expect(day(grid, "2026-11-06").busy).toBe(false);
  });

  it("stacks events in FullCalendar's order and shows three a day, the rest behind '+ n de plus'", () => {
    const grid = buildMonthGrid(
      [
        ev("Concert", "2026-12-06T18:30:00Z", "2026-12-06T21:00:00Z"),
        ev("Webinaire", "2026-12-06T15:00:00Z", "2026-12-06T16:30:00Z"),
        ev("Conférence", "2026-12-06T10:00:00Z", "2026-12-06T12:30:00Z"),
        ev("Atelier", "2026-12-06T09:00:00Z", "2026-12-06T12:00:00Z"),
        ev("Expo", "2026-11-10T10:00:00Z", "2026-12-10T18:00:00Z"),
      ],
      "2026-11",
    );
    const sunday = day(grid, "2026-12-06");
    expect(sunday.more).toBe(2);
    expect(sunday.levels).toBe(3);
    expect(sunday.segments.map((s) => [s.event.title, s.level])).toEqual([
      ["Atelier", 1],
      ["Conférence", 2],
    ]);
    // The exhibition started earlier: it keeps the top level, drawn from Monday 30th.
    expect(day(grid, "2026-11-30").segments).toEqual([expect.objectContaining({ level: 0, span: 7 })]);
    expect(day(grid, "2026-12-05")).toMatchObject({ more: 0, levels: 1 });
  });

  it("cuts a long event that finds no room on some days: shown where there is room, counted in the others' more-link", () => {
    const busy = ["A", "B", "C"].map((t, i) => ev(t, `2026-11-04T0${i + 1}:00:00Z`, `2026-11-04T0${i + 2}:00:00Z`));
    const grid = buildMonthGrid([...busy, ev("Salon", "2026-11-04T10:00:00Z", "2026-11-06T18:00:00Z")], "2026-11");
    expect(day(grid, "2026-11-04").more).toBe(1);
    // The remainder starts on Thursday, on a free level, without its start (no rounded start, no time).
    expect(day(grid, "2026-11-05").segments).toEqual([expect.objectContaining({ span: 2, isStart: false, isEnd: true, level: 0 })]);
    expect(day(grid, "2026-11-05").more).toBe(0);
  });
});
