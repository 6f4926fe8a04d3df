import { describe, expect, it } from "vitest";
import type { Event } from "../../../../api/contract";
import { CAPACITY_ERROR, CLOSES_AFTER_START, END_BEFORE_START, eventBody, eventDraftOf, eventErrors, periodText, toLocalInput } from "./event-form";

const stored: Event = {
  _id: "e1",
  title: "Colloque",
  url: "colloque",
  location: "Gorée",
  startDate: "2025-03-12T18:00:00.000Z",
  endDate: "2025-03-14T00:00:00.000Z",
  txt_content: "Texte",
  html_content: "<p>Texte</p>",
  keywords: ["mer", "pêche"],
  organizers: [{ _id: "u1", firstname: "Awa", name: "Diop", nickname: "awa", profilePic: null }],
  themes: [{ _id: "t1", name: "Océan", url: "ocean" }],
  online: true,
  createdAt: "2025-01-01T00:00:00.000Z",
  registration: { open: false, audience: "everyone", capacity: null, closesAt: null, question: "" },
};

describe("event form", () => {
  it("requires title, place and both dates", () => {
    expect(Object.keys(eventErrors(eventDraftOf(null))).sort()).toEqual(["endDate", "location", "startDate", "title"]);
  });

  it("refuses an end before the start with the server's French message, and accepts the same moment", () => {
    const d = { ...eventDraftOf(stored), startDate: "2025-03-12T18:00", endDate: "2025-03-12T17:59" };
    expect(eventErrors(d)).toEqual({ endDate: END_BEFORE_START });
    expect(eventErrors({ ...d, endDate: "2025-03-12T18:00" })).toEqual({});
  });

  it("shows stored instants in Dakar time in the date fields", () => {
    expect(toLocalInput("2025-03-12T18:00:00.000Z")).toBe("2025-03-12T18:00");
    expect(eventDraftOf(stored).organizers).toEqual(["u1"]);
  });

  it("new events start online", () => {
    expect(eventDraftOf(null).online).toBe(true);
  });

  it("keeps the rich text while the plain text is unchanged and drops it once edited", () => {
    const draft = eventDraftOf(stored);
    expect(eventBody(draft, stored).html_content).toBe("<p>Texte</p>");
    expect(eventBody({ ...draft, description: "Nouveau texte" }, stored).html_content).toBe("");
  });

  it("sends keywords trimmed without empties, and the chosen organizers and themes", () => {
    const body = eventBody({ ...eventDraftOf(stored), keywords: " mer, ,pêche , " }, stored);
    expect(body.keywords).toEqual(["mer", "pêche"]);
    expect(body.organizers).toEqual(["u1"]);
    expect(body.themes).toEqual(["t1"]);
  });

  it("writes periods as start → end, with hours when there are some", () => {
    expect(periodText(stored.startDate, stored.endDate)).toBe("12/03/2025 18\u00a0h\u00a000 → 14/03/2025");
  });

  it("checks the registration settings as the server does: capacity of at least 1 or empty, closing before the start", () => {
    const draft = { ...eventDraftOf(stored), registrationOpen: true };
    for (const bad of ["0", "-2", "1.5", "abc"]) expect(eventErrors({ ...draft, registrationCapacity: bad }).registrationCapacity).toBe(CAPACITY_ERROR);
    expect(eventErrors({ ...draft, registrationCapacity: "" }).registrationCapacity).toBeUndefined();
    expect(eventErrors({ ...draft, registrationClosesAt: "2025-03-13T09:00" }).registrationClosesAt).toBe(CLOSES_AFTER_START);
    expect(eventBody({ ...draft, registrationCapacity: " 40 ", registrationClosesAt: "2025-03-11T12:00" }, stored)).toMatchObject({
      registrationOpen: true,
      registrationCapacity: "40",
      registrationClosesAt: "2025-03-11T12:00",
    });
  });
});
