/**
 * From the event form to clean values: dates read as instants, the end not before the start, HTML cleaned, lists
 * trimmed. Pure: no database, no HTTP.
 */
import { BadRequestError } from "../../lib/errors";
import { htmlToText, sanitizeHtml } from "../../../shared/html";
import type { EventBody } from "./model";
import { parseEventDate, readPublishAt } from "../schedule/publish-at";

const unique = (list: string[] | undefined) => [...new Set((list ?? []).map((v) => v.trim()).filter(Boolean))];

export type EventInput = {
  title: string;
  location: string;
  startDate: Date;
  endDate: Date;
  txtContent: string;
  htmlContent: string;
  keywords: string[];
  online: boolean | undefined;
  /** « Mettre en ligne le »: a date, null to cancel, undefined when not sent. */
  publishAt: Date | null | undefined;
  organizers: string[];
  themes: string[];
  /** Only the registration settings the form sent (an update keeps the others). */
  registration: RegistrationSettingsInput;
};

export type RegistrationSettingsInput = {
  open?: boolean;
  audience?: "everyone" | "members";
  capacity?: number | null;
  closesAt?: Date | null;
  question?: string;
};

const CAPACITY_MESSAGE = "La capacité doit être un nombre entier d'au moins 1, ou vide.";

function readCapacity(value: number | string | null): number | null {
  if (value === null || (typeof value === "string" && value.trim() === "")) return null;
  const n = typeof value === "number" ? value : /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new BadRequestError(CAPACITY_MESSAGE);
  return n;
}

function readRegistration(body: EventBody): RegistrationSettingsInput {
  const out: RegistrationSettingsInput = {};
  if (body.registrationOpen !== undefined) out.open = body.registrationOpen;
  if (body.registrationAudience !== undefined) out.audience = body.registrationAudience;
  if (body.registrationCapacity !== undefined) out.capacity = readCapacity(body.registrationCapacity);
  if (body.registrationClosesAt !== undefined) {
    const text = body.registrationClosesAt?.trim() ?? "";
    out.closesAt = text ? parseEventDate(text, "La date de clôture des inscriptions n'est pas valide.") : null;
  }
  if (body.registrationQuestion !== undefined) out.question = body.registrationQuestion.trim();
  return out;
}

/** The closing date must come before the start (checked on the values the event will have after the write). */
export function assertClosesBeforeStart(closesAt: Date | null, startDate: Date) {
  if (closesAt && closesAt.getTime() > startDate.getTime()) {
    throw new BadRequestError("La clôture des inscriptions doit précéder le début de l'événement.");
  }
}

export function readEventInput(body: EventBody): EventInput {
  const startDate = parseEventDate(body.startDate, "La date de début n'est pas valide.");
  const endDate = parseEventDate(body.endDate, "La date de fin n'est pas valide.");
  if (endDate.getTime() < startDate.getTime()) throw new BadRequestError("La date de fin doit être postérieure à la date de début.");
  const htmlContent = body.html_content ? sanitizeHtml(body.html_content) : "";
  return {
    title: body.title.trim(),
    location: body.location.trim(),
    startDate,
    endDate,
    // An event written in the rich editor only still gets a plain text (feeds, calendar, search).
    txtContent: body.txt_content?.trim() || htmlToText(htmlContent),
    htmlContent,
    keywords: unique((body.keywords ?? []).flatMap((k) => k.split(","))),
    online: body.online,
    publishAt: readPublishAt(body.publishAt, "mise en ligne"),
    organizers: unique(body.organizers),
    themes: unique(body.themes),
    registration: readRegistration(body),
  };
}
