/**
 * French words of « Audience »: the chart's points (days, months), the periods and the devices. Pure, so the
 * screen and its tests read the same labels.
 */
import type { AudiencePeriod } from "../../../../api/contract";
import { dakarDate } from "../../../../shared/dakar-time";
import { pluralWord } from "../../lib/format";

const MONTHS = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."];
/** « novembre 2026 »: a month of the 12-month view (days go through the site's own dakarDate). */
const monthYear = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" });

export const PERIODS: { value: AudiencePeriod; label: string }[] = [
  { value: "7d", label: "7 jours" },
  { value: "30d", label: "30 jours" },
  { value: "12m", label: "12 mois" },
];

/**
 * The key as the server wrote it. Eden's client turns a date-shaped string (YYYY-MM-DD) into a Date at UTC
 * midnight, so a day may arrive as one; a month (YYYY-MM) stays a string.
 */
export function keyText(key: string | Date): string {
  return typeof key === "string" ? key : key.toISOString().slice(0, 10);
}

/** A point's short label under the chart: "28 nov." for a day (YYYY-MM-DD), "nov. 2026" for a month (YYYY-MM). */
export function pointLabel(key: string | Date): string {
  const [y, m, d] = keyText(key).split("-").map(Number) as [number, number, number | undefined];
  const month = MONTHS[m - 1] ?? "";
  return d === undefined ? `${month} ${y}` : `${d === 1 ? "1er" : d} ${month}`;
}

/** The same point written out for the data table and screen readers: "28 novembre 2026", "novembre 2026". */
export function pointLabelLong(key: string | Date): string {
  const text = keyText(key);
  // A day at UTC midnight is the same day in Dakar (UTC all year), so the site's formatter writes it.
  return text.length === 7 ? monthYear.format(new Date(`${text}-01T00:00:00Z`)) : dakarDate(new Date(`${text}T00:00:00Z`));
}

/** "1 234" with the French thin grouping space, as everywhere a count is shown. */
export const count = (n: number): string => n.toLocaleString("fr-FR");

/** « 0 page vue », « 1 234 pages vues »: the figure and its noun agreed the French way (format.ts pluralWord). */
export const counted = (n: number, singular: string, pluralForm = `${singular}s`): string => `${count(n)} ${pluralWord(n, singular, pluralForm)}`;
