/** Today's date as the admin dashboard shows it (spec §2: French long form), in the seat's time zone. */
const longDay = new Intl.DateTimeFormat("fr-FR", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Dakar" });

/** "Lundi 1er décembre 2025". */
export function todayLong(now: Date = new Date()): string {
  const text = longDay.format(now).replace(/ 1 /, " 1er ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
