import { describe, expect, it } from "vitest";
import { registeredText } from "../apps/events/EventsScreen";
import { placesText } from "./EventRegistration";

describe("registration wording", () => {
  it("tells the places left on the event page, or that the event is full with a waiting list", () => {
    expect(placesText({ remaining: null })).toBeNull();
    expect(placesText({ remaining: 12 })).toBe("12 places restantes");
    expect(placesText({ remaining: 1 })).toBe("1 place restante");
    expect(placesText({ remaining: 0 })).toBe("Complet — liste d'attente");
  });

  it("gives the back office's registered and waiting counts per event", () => {
    expect(registeredText(undefined)).toBe("Inscrits");
    expect(registeredText({ confirmed: 12, waiting: 0 })).toBe("Inscrits\u00a0: 12");
    expect(registeredText({ confirmed: 50, waiting: 3 })).toBe("Inscrits\u00a0: 50 + 3 en attente");
  });
});
