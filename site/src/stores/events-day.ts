/**
 * The day picked on the events calendar (YYYY-MM-DD, Dakar), or null to list every event. The calendar island
 * writes it; the script driving the prerendered table reads it.
 */
import { atom } from "nanostores";

export const $eventsDay = atom<string | null>(null);

export function pickDay(day: string): void {
  $eventsDay.set(day);
}

export function showAllDays(): void {
  $eventsDay.set(null);
}
