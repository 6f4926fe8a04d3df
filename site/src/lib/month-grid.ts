/**
 * The month the events calendar shows before FullCalendar is loaded, computed at build time so the page can draw
 * it without JavaScript (components/EventsMonthGrid.astro). It follows FullCalendar's own month view as the island
 * configures it: French, Monday first, only the weeks the month touches, at most `maxPerDay` events a day then a
 * "+ n de plus" link, events that stay within one day drawn as a dot and a line, longer ones as bars across the days
 * they cover, stacked in the same order and on the same levels as FullCalendar stacks them.
 * Days are UTC dates: Dakar is UTC all year round (see event-days.ts).
 */
import { dakarClock } from "../../../shared/dakar-time";
import { eventDaySpan } from "./event-days";

export interface GridEvent {
  title: string;
  href: string;
  start: string;
  end: string;
  place: string;
}

/** One event's piece within a week: columns `col` to `col + span - 1`, drawn on level `level` (0 = top). */
export interface GridSegment {
  event: GridEvent;
  col: number;
  span: number;
  level: number;
  /** The event starts / ends within this piece (rounded corners, start time). */
  isStart: boolean;
  isEnd: boolean;
  /** A timed event within one day: a dot and a line rather than a bar (FullCalendar's "auto" display). */
  listItem: boolean;
  /** Start time « 18 h 30 », shown where the event starts. */
  time: string;
}

export interface GridDay {
  /** YYYY-MM-DD */
  date: string;
  day: number;
  /** Outside the month (the weeks are complete). */
  other: boolean;
  /**
   * An event starts this day (a one-day event included). Days merely covered by a long event are not marked: a
   * month-long event would otherwise mark every day and the mark would mean nothing.
   */
  busy: boolean;
  /** Events of this day behind the more-link. */
  more: number;
  /** Levels this day's events take (the height FullCalendar gives the day's event list). */
  levels: number;
  /** Pieces starting on this day. */
  segments: GridSegment[];
  /** "26 octobre 2026", as FullCalendar names the day in its links. */
  label: string;
}

export interface GridWeek {
  /** ISO week number. */
  number: number;
  days: GridDay[];
}

export interface MonthGrid {
  /** YYYY-MM */
  month: string;
  /** "novembre 2026" (capitalised by CSS, as FullCalendar's title). */
  title: string;
  weeks: GridWeek[];
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const titleFormat = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" });
const dayFormat = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** YYYY-MM of a date, in UTC (= Dakar). */
export function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

function isoWeek(mondayMs: number): number {
  const thursday = new Date(mondayMs + 3 * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return Math.floor((thursday.getTime() - yearStart) / DAY_MS / 7) + 1;
}

/** « 18 h 30 », as the site writes every time (issue 33 §4). */
function startTime(iso: string): string {
  return dakarClock(new Date(iso));
}

interface Span {
  start: number;
  end: number; // exclusive column
}

const intersects = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** FullCalendar's default event order: start, longer first, then title. */
function compareEvents(a: GridEvent, b: GridEvent): number {
  const sa = Date.parse(a.start);
  const sb = Date.parse(b.start);
  if (sa !== sb) return sa - sb;
  const da = Date.parse(a.end) - sa;
  const db = Date.parse(b.end) - sb;
  if (da !== db) return db - da;
  return a.title.localeCompare(b.title);
}

/** Parts of `span` left free by `taken` (sorted runs). */
function freeRuns(span: Span, taken: Span[]): Span[] {
  const runs: Span[] = [];
  let from = span.start;
  for (const t of taken.filter((t) => intersects(t, span)).sort((a, b) => a.start - b.start)) {
    if (t.start > from) runs.push({ start: from, end: t.start });
    from = Math.max(from, t.end);
  }
  if (from < span.end) runs.push({ start: from, end: span.end });
  return runs;
}

interface Piece extends Span {
  event: GridEvent;
  isStart: boolean;
  isEnd: boolean;
}

/**
 * Lays one week out as FullCalendar does with a numeric `dayMaxEvents`: each piece, in event order, takes the
 * shallowest level free over all its days; a piece that would need a level beyond the limit is cut to the free
 * days of the level that shows most of it, and the rest goes behind the days' more-links.
 */
function layoutWeek(pieces: Piece[], maxLevels: number): { placed: (Piece & { level: number })[]; hidden: Piece[] } {
  const levels: Piece[][] = [];
  const placed: (Piece & { level: number })[] = [];
  const excluded: Piece[] = [];
  for (const piece of pieces) {
    let level = 0;
    while (level < levels.length && levels[level]!.some((p) => intersects(p, piece))) level++;
    if (level >= maxLevels) {
      excluded.push(piece);
      continue;
    }
    (levels[level] ??= []).push(piece);
    placed.push({ ...piece, level });
  }
  const hidden: Piece[] = [];
  for (const piece of excluded) {
    let best: { level: number; runs: Span[]; shown: number } | null = null;
    levels.forEach((taken, level) => {
      const runs = freeRuns(piece, taken);
      const shown = runs.reduce((n, r) => n + r.end - r.start, 0);
      if (shown > 0 && (!best || shown > best.shown || (shown === best.shown && runs.length < best.runs.length))) {
        best = { level, runs, shown };
      }
    });
    const plan = best as { level: number; runs: Span[]; shown: number } | null;
    const cut = (s: Span): Piece => ({
      event: piece.event,
      start: s.start,
      end: s.end,
      isStart: piece.isStart && s.start === piece.start,
      isEnd: piece.isEnd && s.end === piece.end,
    });
    if (plan) {
      for (const run of plan.runs) {
        const part = cut(run);
        levels[plan.level]!.push(part);
        placed.push({ ...part, level: plan.level });
      }
    }
    for (const rest of freeRuns(piece, plan ? plan.runs : [])) hidden.push(cut(rest));
  }
  return { placed, hidden };
}

/** The month `month` (YYYY-MM) with its events, as FullCalendar's month view draws it. */
export function buildMonthGrid(events: GridEvent[], month: string, maxPerDay = 3): MonthGrid {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const first = Date.UTC(y, m - 1, 1);
  const last = Date.UTC(y, m, 0);
  // Monday first: back to the Monday on or before the 1st, on to the Sunday on or after the last day.
  const gridStart = first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS;
  const gridEnd = last + (6 - ((new Date(last).getUTCDay() + 6) % 7)) * DAY_MS;

  const spans = events
    .map((event) => ({ event, span: eventDaySpan(event.start, event.end) }))
    .filter((e): e is { event: GridEvent; span: NonNullable<typeof e.span> } => e.span !== null)
    .sort((a, b) => compareEvents(a.event, b.event));

  const weeks: GridWeek[] = [];
  for (let monday = gridStart; monday <= gridEnd; monday += 7 * DAY_MS) {
    const dates = Array.from({ length: 7 }, (_, i) => dayOf(monday + i * DAY_MS));
    const pieces: Piece[] = [];
    for (const { event, span } of spans) {
      if (span.to < dates[0]! || span.from > dates[6]!) continue;
      const start = span.from < dates[0]! ? 0 : dates.indexOf(span.from);
      const end = span.to > dates[6]! ? 7 : dates.indexOf(span.to) + 1;
      pieces.push({ event, start, end, isStart: span.from >= dates[0]!, isEnd: span.to <= dates[6]! });
    }
    const { placed, hidden } = layoutWeek(pieces, maxPerDay);
    const days: GridDay[] = dates.map((date, col) => {
      const covering = placed.filter((p) => p.start <= col && col < p.end);
      return {
        date,
        day: Number(date.slice(8, 10)),
        other: date.slice(0, 7) !== month,
        busy: spans.some(({ span }) => span.from === date),
        more: hidden.filter((p) => p.start <= col && col < p.end).length,
        levels: covering.length ? Math.max(...covering.map((p) => p.level)) + 1 : 0,
        segments: placed
          .filter((p) => p.start === col)
          .sort((a, b) => a.level - b.level)
          .map((p) => ({
            event: p.event,
            col,
            span: p.end - p.start,
            level: p.level,
            isStart: p.isStart,
            isEnd: p.isEnd,
            listItem: p.isStart && p.isEnd && p.end - p.start === 1,
            time: startTime(p.event.start),
          })),
        label: dayFormat.format(new Date(`${date}T12:00:00Z`)),
      };
    });
    weeks.push({ number: isoWeek(monday), days });
  }
  return { month, title: titleFormat.format(new Date(first)), weeks };
}
