/**
 * The event form's rules (spec §5), apart from the UI: required fields, the end not before the start (the
 * server says the same), keywords split by commas, and the body of POST/PUT /api/admin/events.
 * Dates travel without a zone: the server reads them as Dakar time (UTC+0 all year), which is also what the
 * datetime-local fields show.
 */
import type { Event, EventBody } from "../../../../api/contract";
import { formatDateShort, formatTime } from "../../lib/format";
import { splitKeywords } from "../themes/theme-form";

export const END_BEFORE_START = "La date de fin doit être postérieure à la date de début.";

export type EventDraft = {
  title: string;
  location: string;
  /** "YYYY-MM-DDTHH:mm", Dakar time (the datetime-local field's value). */
  startDate: string;
  endDate: string;
  description: string;
  keywords: string;
  organizers: string[];
  themes: string[];
  online: boolean;
  /** « Mettre en ligne le » (issue 20 §5): "YYYY-MM-DDTHH:mm" Dakar time, or empty. */
  publishAt: string;
  /** Registration (issue 22). */
  registrationOpen: boolean;
  registrationAudience: "everyone" | "members";
  /** Empty: no limit. */
  registrationCapacity: string;
  /** "YYYY-MM-DDTHH:mm" or empty: until the start. */
  registrationClosesAt: string;
  registrationQuestion: string;
};

export type EventErrors = Partial<Record<"title" | "location" | "startDate" | "endDate" | "registrationCapacity" | "registrationClosesAt", string>>;

export const CAPACITY_ERROR = "La capacité doit être un nombre entier d'au moins 1, ou vide.";
export const CLOSES_AFTER_START = "La clôture des inscriptions doit précéder le début de l'événement.";
const NO_REGISTRATION = { registrationOpen: false, registrationAudience: "everyone" as const, registrationCapacity: "", registrationClosesAt: "", registrationQuestion: "" };

/** An instant as the datetime-local field shows it, in Dakar time (= UTC). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().slice(0, 16);
}

export function eventDraftOf(event: Event | null): EventDraft {
  if (!event) {
    return { title: "", location: "", startDate: "", endDate: "", description: "", keywords: "", organizers: [], themes: [], online: true, publishAt: "", ...NO_REGISTRATION };
  }
  return {
    title: event.title,
    location: event.location,
    startDate: toLocalInput(event.startDate),
    endDate: toLocalInput(event.endDate),
    description: event.txt_content,
    keywords: event.keywords.join(", "),
    organizers: event.organizers.map((o) => o._id),
    themes: event.themes.map((t) => t._id),
    online: event.online,
    publishAt: event.publishAt ? toLocalInput(event.publishAt) : "",
    registrationOpen: event.registration.open,
    registrationAudience: event.registration.audience,
    registrationCapacity: event.registration.capacity === null ? "" : String(event.registration.capacity),
    registrationClosesAt: event.registration.closesAt ? toLocalInput(event.registration.closesAt) : "",
    registrationQuestion: event.registration.question,
  };
}

/** The French message of each field in trouble (empty object: the form may be sent). */
export function eventErrors(d: EventDraft): EventErrors {
  const errors: EventErrors = {};
  if (!d.title.trim()) errors.title = "Le titre est obligatoire.";
  if (!d.location.trim()) errors.location = "Le lieu est obligatoire.";
  if (!d.startDate) errors.startDate = "La date de début est obligatoire.";
  if (!d.endDate) errors.endDate = "La date de fin est obligatoire.";
  // Same format on both sides: text order is time order.
  else if (d.startDate && d.endDate < d.startDate) errors.endDate = END_BEFORE_START;
  const capacity = d.registrationCapacity.trim();
  if (capacity && (!/^\d+$/.test(capacity) || Number(capacity) < 1)) errors.registrationCapacity = CAPACITY_ERROR;
  if (d.registrationClosesAt && d.startDate && d.registrationClosesAt > d.startDate) errors.registrationClosesAt = CLOSES_AFTER_START;
  return errors;
}

/**
 * The body sent for `d`. The form edits plain text only: an event's rich version is sent back untouched while
 * its text is unchanged (leaving it out would erase it), and dropped when the text changes, or the public page
 * would keep the old formatted text.
 */
export function eventBody(d: EventDraft, stored: Event | null): EventBody {
  const text = d.description.trim();
  const keepHtml = stored !== null && stored.html_content !== "" && text === stored.txt_content.trim();
  return {
    title: d.title.trim(),
    location: d.location.trim(),
    startDate: d.startDate,
    endDate: d.endDate,
    txt_content: text,
    html_content: keepHtml ? stored.html_content : "",
    online: d.online,
    keywords: splitKeywords(d.keywords),
    organizers: d.organizers,
    themes: d.themes,
    registrationOpen: d.registrationOpen,
    registrationAudience: d.registrationAudience,
    registrationCapacity: d.registrationCapacity.trim(),
    registrationClosesAt: d.registrationClosesAt,
    registrationQuestion: d.registrationQuestion.trim(),
    // Sent only when changed: a schedule the server has run meanwhile is not sent back (it would be past).
    ...(d.publishAt !== (stored?.publishAt ? toLocalInput(stored.publishAt) : "") ? { publishAt: d.publishAt || null } : {}),
  };
}

function moment(iso: string): string {
  const time = formatTime(iso);
  return time ? `${formatDateShort(iso)} ${time}` : formatDateShort(iso);
}

/** "12/03/2025 18:00 → 14/03/2025" (spec §2: start → end). */
export function periodText(start: string, end: string): string {
  return `${moment(start)} → ${moment(end)}`;
}
