/**
 * The events table's « Par date » keys for the day the page is read (the build computed them for its own day):
 * an event that has ended since goes to the past ones. The table is reordered only when a key changed.
 */
import { dateOrderKey } from "../lib/event-order";

const table = document.getElementById("events-table") as HTMLTableElement | null;
const tools = document.querySelector<HTMLElement>('[data-table-tools="events-table"]');
let changed = false;
for (const row of table?.tBodies[0]?.rows ?? []) {
  const { start, end, when } = row.dataset;
  if (!start || when === undefined) continue;
  const now = dateOrderKey(start, end ?? start);
  if (now !== when) {
    row.dataset.when = now;
    changed = true;
  }
}
// After every module script of the page has run (table-tools listens for this event).
const apply = () => tools?.dispatchEvent(new Event("tabletools:apply"));
if (changed) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", apply, { once: true });
  else apply();
}
