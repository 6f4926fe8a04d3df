import { describe, expect, it } from "vitest";
import type { Event } from "../api/contract";
import { calendar, escapeText, fold } from "./ics";

const event: Event = {
  _id: "0123456789abcdef01234567",
  title: "Colloque : mer, pêche; avenir",
  url: "colloque-mer",
  location: "Gorée, Sénégal",
  startDate: "2026-12-03T09:00:00.000Z",
  endDate: "2026-12-05T17:30:00.000Z",
  txt_content: "Trois jours d'échanges.\nInscription libre.",
  html_content: "",
  keywords: ["océan", "pêche"],
  organizers: [],
  themes: [],
  online: true,
  createdAt: "2026-10-01T08:00:00.000Z",
  registration: { open: false, audience: "everyone", capacity: null, closesAt: null, question: "" },
};

describe("iCalendar output", () => {
  it("escapes commas, semicolons, backslashes and newlines", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
  });

  it("folds long lines at 75 octets without splitting characters", () => {
    const long = `DESCRIPTION:${"é".repeat(100)}`;
    const folded = fold(long);
    for (const line of folded.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(long);
  });

  it("writes a calendar with a stable UID and Dakar times", () => {
    const ics = calendar([event], "https://institut.example", "Événements");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("UID:0123456789abcdef01234567@institut.example");
    expect(ics).toContain("DTSTART;TZID=Africa/Dakar:20261203T090000");
    expect(ics).toContain("DTEND;TZID=Africa/Dakar:20261205T173000");
    expect(ics).toContain("SUMMARY:Colloque : mer\\, pêche\\; avenir");
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:Africa/Dakar");
    expect(ics.split("\r\n").filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
    expect(ics).not.toMatch(/[^\r]\n/);
  });
});

describe("iCalendar text escaping", () => {
  it("leaves no bare carriage return or other control character in a value", () => {
    const escaped = escapeText("ligne\rsuivante\r\nencore\u0000\u0007fin");
    expect(escaped).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/);
    expect(escaped).toBe("ligne\\nsuivante\\nencorefin");
  });
});
