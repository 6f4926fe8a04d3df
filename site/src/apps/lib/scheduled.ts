import { dakarMoment } from "../../../../shared/dakar-time";

/** « 26 nov. 2026 à 14 h 30 »: when something scheduled goes live (issue 20 §5), Dakar time, French typography. */
export function formatScheduled(iso: string): string {
  return dakarMoment(new Date(iso), "short");
}

/** An instant as a datetime-local field shows it, in Dakar time (UTC+0 all year). */
export function toDakarInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 16);
}
