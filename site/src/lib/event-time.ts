/**
 * Event timing shared by the build and the browser: the badge is computed at build time and computed again by a
 * tiny script on the day the page is read, so both must use the same rule.
 */
import { holdsUntil } from "./clock";

/** Older records name the dates differently; the end falls back to the start (spec). */
export interface EventDates {
  startDate?: string;
  endDate?: string;
  date_evenement?: string;
  dateEvenement?: string;
  date_fin_evenement?: string;
  dateFinEvenement?: string;
}

export function eventDates(e: EventDates): { start: string; end: string } {
  const start = e.startDate || e.date_evenement || e.dateEvenement || "";
  const end = e.endDate || e.date_fin_evenement || e.dateFinEvenement || start;
  return { start, end };
}

export type EventStatus = "past" | "ongoing" | "upcoming";

export const STATUS_LABEL: Record<EventStatus, string> = {
  past: "Événement passé",
  ongoing: "En cours",
  upcoming: "À venir",
};

/**
 * Past if the end is before now, in progress if the start is not after now, otherwise upcoming (spec). Without
 * `now`, the clock is read, and the status noted as holding until it can next change (lib/clock.ts): an event to
 * come until it starts, one under way until it ends; a past event stays past.
 */
export function eventStatus(start: string, end: string, now?: Date): EventStatus {
  const t = (now ?? new Date()).getTime();
  const s = new Date(start).getTime();
  const e = new Date(end || start).getTime();
  const [status, until]: [EventStatus, number] = e < t ? ["past", Infinity] : !(s > t) ? ["ongoing", e + 1] : ["upcoming", s];
  if (!now) holdsUntil(until);
  return status;
}

/** What an event's page computes from the clock (its badge): the key a partial build compares (ITEM_ROUTES). */
export function eventClock(e: EventDates): EventStatus {
  const { start, end } = eventDates(e);
  return eventStatus(start, end);
}
