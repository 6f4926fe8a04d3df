/**
 * Filters the prerendered events table to the day picked on the calendar ($eventsDay): rows whose days do not
 * cover it get `data-excluded`, and table-tools re-applies sort, count and visibility. The heading says
 * "n événement(s) le {date}" and a button brings every event back.
 */
import { coversDay } from "../lib/event-days";
import { formatDateLong } from "../lib/format";
import { $eventsDay, showAllDays } from "../stores/events-day";

const table = document.getElementById("events-table") as HTMLTableElement | null;
const tools = document.querySelector<HTMLElement>('[data-table-tools="events-table"]');
const heading = document.querySelector<HTMLElement>("[data-events-heading]");
const allButton = document.querySelector<HTMLButtonElement>("[data-events-all]");

if (table?.tBodies[0] && tools && heading) {
  const rows = [...table.tBodies[0].rows];
  const defaultHeading = heading.textContent ?? "";
  allButton?.addEventListener("click", () => {
    showAllDays();
    // The button hides itself: keep keyboard focus in the same place rather than losing it to <body>.
    heading.focus();
  });

  $eventsDay.subscribe((day) => {
    let count = 0;
    for (const row of rows) {
      const { from = "", to = "" } = row.dataset;
      const keep = day === null || (from !== "" && coversDay({ from, to }, day));
      row.toggleAttribute("data-excluded", !keep);
      if (keep) count++;
    }
    tools.dispatchEvent(new Event("tabletools:apply"));
    heading.textContent = day === null ? defaultHeading : `${count} événement(s) le ${formatDateLong(`${day}T12:00:00Z`)}`;
    if (allButton) allButton.hidden = day === null;
  });
}
