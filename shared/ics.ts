/**
 * iCalendar (RFC 5545) output for the public events: CRLF line ends, lines folded at 75 octets, text escaped,
 * stable UIDs (the event id), times in the Africa/Dakar zone (UTC+0 all year, no daylight saving). Shared by the
 * site's feeds and the registration mail's attachment (api/modules/registrations/), so both say the same.
 */

/** What a calendar entry needs of an event (the API's Event has these fields). Pure: imported by the site and the API. */
export type IcsEvent = {
  _id: string;
  title: string;
  url: string;
  location: string;
  startDate: string;
  endDate: string;
  txt_content: string;
  keywords: string[];
  createdAt: string;
};
type Event = IcsEvent;

const TZID = "Africa/Dakar";

/**
 * Escapes a TEXT value (RFC 5545 §3.3.11). Every line break (CRLF, LF or a lone CR) becomes "\\n", and the
 * other control characters, which TEXT does not allow, are dropped: a bare CR would end the content line in some
 * readers and let the rest of a title pass for a property of its own.
 */
export function escapeText(s: string): string {
  return s
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, "");
}

/** Folds a content line to at most 75 octets per line, continuation lines starting with a space. */
export function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines spend one octet on the leading space
    if (size + n > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** Local Dakar time (= UTC) as YYYYMMDDTHHMMSS. */
export function dakarDateTime(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "");
}

const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TZID}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "END:STANDARD",
  "END:VTIMEZONE",
];

export function eventToVevent(e: Event, origin: string, now = new Date()): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${e._id}@${new URL(origin).host}`,
    `DTSTAMP:${dakarDateTime(now.toISOString())}Z`,
    `DTSTART;TZID=${TZID}:${dakarDateTime(e.startDate)}`,
    `DTEND;TZID=${TZID}:${dakarDateTime(e.endDate > e.startDate ? e.endDate : e.startDate)}`,
    `SUMMARY:${escapeText(e.title)}`,
    `URL:${origin}/event/${encodeURIComponent(e.url)}`,
    `CREATED:${dakarDateTime(e.createdAt)}Z`,
  ];
  if (e.location) lines.push(`LOCATION:${escapeText(e.location)}`);
  if (e.txt_content) lines.push(`DESCRIPTION:${escapeText(e.txt_content)}`);
  if (e.keywords.length) lines.push(`CATEGORIES:${e.keywords.map(escapeText).join(",")}`);
  lines.push("END:VEVENT");
  return lines;
}

/** A whole calendar. `name` is shown by calendar apps for a subscribed feed. */
export function calendar(events: Event[], origin: string, name: string, now = new Date()): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//L'Institut//Evenements//FR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${TZID}`,
    ...VTIMEZONE,
    ...events.flatMap((e) => eventToVevent(e, origin, now)),
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}
