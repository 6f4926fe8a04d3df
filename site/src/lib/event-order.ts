/**
 * The events table's « Par date » order: events to come (and those under way) first, soonest first, then past
 * events, most recent first, under their own heading. One sortable key per row, computed at build time and again
 * in the browser on the day the page is read (scripts/events-when.ts), like the status badges.
 */
import { eventStatus } from "./event-time";

/** Rows whose key starts with this are past events (the table's divider row names it). */
export const PAST_PREFIX = "B";

// Far enough in the future that every inverted date stays positive and 16 digits long.
const INVERT_FROM = 9_000_000_000_000_000;

/** Sort key of an event for « Par date »: "A" + ISO start for events to come, "B" + inverted start for past ones. */
export function dateOrderKey(start: string, end: string, now?: Date): string {
  if (eventStatus(start, end, now) !== "past") return `A${new Date(start).toISOString()}`;
  return PAST_PREFIX + String(INVERT_FROM - new Date(start).getTime()).padStart(16, "0");
}
