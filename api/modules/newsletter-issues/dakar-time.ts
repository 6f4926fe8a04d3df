/**
 * Admins choose a sending time on Dakar's clock (the institute's time zone). Africa/Dakar has been UTC+0 without
 * summer time since 1941, but the offset is read from the time-zone database rather than assumed.
 */
const DAKAR = "Africa/Dakar";

const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: DAKAR,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

function wallClockMs(instant: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
}

/** « 2026-12-01T09:00 » on Dakar's clock to the instant, or null when it is not a real minute. */
export function dakarMinuteToDate(local: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(guess);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(guess - (wallClockMs(guess) - guess));
}
