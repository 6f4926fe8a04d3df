/**
 * The site's clock in words (Africa/Dakar, the institute's time zone), French typography: « 9 h 05 » (hour without
 * a leading zero, non-breaking spaces around « h »), « 26 novembre 2026 à 9 h 05 ». One formatter for the server's
 * messages and the apps' badges and status lines, so they never disagree.
 */
const TIME_ZONE = "Africa/Dakar";
const clock = new Intl.DateTimeFormat("fr-FR", { hour: "numeric", minute: "2-digit", hourCycle: "h23", timeZone: TIME_ZONE });
const days = {
  full: new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE }),
  long: new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE }),
  short: new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short", year: "numeric", timeZone: TIME_ZONE }),
};
const dayMonth = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", timeZone: TIME_ZONE });

/**
 * The day in Dakar, month in full: « 12 mars 2026 », or « 12 mars » without the year. French writes the first of
 * a month as an ordinal: « 1er mars 2026 ».
 */
export function dakarDate(at: Date, withYear = true): string {
  return (withYear ? days.long : dayMonth).format(at).replace(/^1 /, "1er ");
}

/** « 14 h 32 », « 9 h 05 ». */
export function dakarClock(at: Date): string {
  const parts = clock.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${Number(part("hour"))}\u00a0h\u00a0${part("minute")}`;
}

/**
 * « 26 novembre 2026 à 14 h 32 »; `short`: « 26 nov. 2026 à 14 h 32 » (lists, badges); `full`: « jeudi 26 novembre
 * 2026 à 14 h 32 » (the mails that announce an event).
 */
export function dakarMoment(at: Date, style: keyof typeof days = "long"): string {
  return `${days[style].format(at)} à ${dakarClock(at)}`;
}
