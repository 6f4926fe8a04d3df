/**
 * « Publier le » (articles) and « Mettre en ligne le » (events), issue 20 §5: one reading of the date an admin
 * sends and one check that it is to come, so both forms accept and refuse the same values with the same words.
 */
import { BadRequestError } from "../../lib/errors";

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

/** What the messages call the date. */
export type ScheduleWord = "publication" | "mise en ligne";

/** A Dakar date-time (datetime-local, UTC+0 all year), or null / "" for none; undefined when not sent. */
export function readPublishAt(value: string | null | undefined, word: ScheduleWord): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value.trim() === "") return null;
  return parseEventDate(value, `La date de ${word} n'est pas valide.`);
}

/** The date itself when it is a minute to come; else a 400 that changes nothing. */
export function inFuture(at: Date, word: ScheduleWord, now = new Date()): Date {
  if (at.getTime() <= now.getTime()) throw new BadRequestError(`La date de ${word} doit être dans le futur.`);
  return at;
}
