/**
 * The calendar days an event covers, shared by the events calendar (highlighted cells) and the table filter
 * ("n événements le …"), so both agree. Days are YYYY-MM-DD in Dakar, which is UTC all year round.
 */

export interface DaySpan {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * First and last day of an event. The end is exclusive, as the calendar draws it: an event ending exactly at
 * midnight does not cover the day that midnight starts. A missing or earlier end means a one-day event.
 */
export function eventDaySpan(start: string, end: string): DaySpan | null {
  const s = Date.parse(start);
  if (Number.isNaN(s)) return null;
  const e = Date.parse(end);
  const last = Number.isNaN(e) || e <= s ? s : e - 1;
  return { from: dayOf(s), to: dayOf(last) };
}

/** True when `day` (YYYY-MM-DD) lies within the span; ISO days compare as plain strings. */
export function coversDay(span: DaySpan, day: string): boolean {
  return span.from <= day && day <= span.to;
}

/** Every day of the span, at most `max` of them (a mistyped year must not freeze the page). */
export function spanDays(span: DaySpan, max = 400): string[] {
  const days: string[] = [];
  for (let t = Date.parse(span.from); days.length < max; t += DAY_MS) {
    const day = dayOf(t);
    if (day > span.to) break;
    days.push(day);
  }
  return days;
}
