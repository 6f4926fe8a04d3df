/**
 * Filters the prerendered events table to the day picked on the calendar ($eventsDay): rows whose days do not
 * cover it get `data-excluded`, and table-tools re-applies sort, count and visibility. The heading says
 * "n événements le {date}" (French plural) and a button brings every event back.
 */
import { coversDay } from "../lib/event-days";
import { $eventsDay, showAllDays } from "../stores/events-day";

// The date formatter is loaded with the first pick: the browser's first Intl.DateTimeFormat costs tens of
// milliseconds of main thread, which the page's load should not pay for a heading that may never change.
const loadFormat = () => import("../lib/format");

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

  // Changes only: the prerendered table already shows every event (no work on load).
  $eventsDay.listen((day) => {
    let count = 0;
    for (const row of rows) {
      const { from = "", to = "" } = row.dataset;
      const keep = day === null || (from !== "" && coversDay({ from, to }, day));
      row.toggleAttribute("data-excluded", !keep);
      if (keep) count++;
    }
    tools.dispatchEvent(new Event("tabletools:apply"));
    if (allButton) allButton.hidden = day === null;
    if (day === null) {
      heading.textContent = defaultHeading;
      return;
    }
    void loadFormat().then(({ formatDateLong, plural }) => {
      // Another pick may have come in meanwhile: the latest one writes the heading.
      if ($eventsDay.get() === day) heading.textContent = `${plural(count, "événement")} le ${formatDateLong(`${day}T12:00:00Z`)}`;
    });
  });
}
