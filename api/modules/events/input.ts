/**
 * From the event form to clean values: dates read as instants, the end not before the start, HTML cleaned, lists
 * trimmed. Pure: no database, no HTTP.
 */
import { BadRequestError } from "../../lib/errors";
import { htmlToText, sanitizeHtml } from "../../../shared/html";
import type { EventBody } from "./model";

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * An ISO 8601 date or date-time. Without a zone it is taken as UTC: the institute's events happen in Senegal,
 * on GMT all year (no summer time), and the browser's datetime-local field sends no zone.
 */
export function parseEventDate(text: string, message: string): Date {
  const m = ISO.exec(text.trim());
  if (!m) throw new BadRequestError(message);
  const [, y, mo, d, h = "00", mi = "00", s = "00", zone] = m;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${zone ?? "Z"}`);
  // Date rolls 2025-02-30 over to March: compare back to refuse it.
  if (Number.isNaN(date.getTime()) || (!zone && date.getUTCDate() !== Number(d))) throw new BadRequestError(message);
  return date;
}

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
  organizers: string[];
  themes: string[];
};

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
    organizers: unique(body.organizers),
    themes: unique(body.themes),
  };
}
