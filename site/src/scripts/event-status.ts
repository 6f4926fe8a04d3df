/** Recomputes every event badge for today's date (see EventStatus.astro). */
import { STATUS_LABEL, eventStatus } from "../lib/event-time";

for (const el of document.querySelectorAll<HTMLElement>("[data-event-status]")) {
  const status = eventStatus(el.dataset.start ?? "", el.dataset.end ?? "");
  el.textContent = STATUS_LABEL[status];
  el.className = `badge badge-${status}`;
}
