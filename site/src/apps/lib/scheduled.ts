/** « 26 nov. 2026 à 14 h 30 »: when something scheduled goes live (issue 20 §5), Dakar time, French typography. */
const day = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short", year: "numeric", timeZone: "Africa/Dakar" });
const time = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", timeZone: "Africa/Dakar" });

export function formatScheduled(iso: string): string {
  const at = new Date(iso);
  const parts = time.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${day.format(at)} à ${part("hour")}\u00a0h\u00a0${part("minute")}`;
}

/** An instant as a datetime-local field shows it, in Dakar time (UTC+0 all year). */
export function toDakarInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 16);
}
