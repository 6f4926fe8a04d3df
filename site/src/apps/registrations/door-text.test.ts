import { describe, expect, it } from "vitest";
import { placesText, presentText } from "./door-text";

const counts = (confirmed: number, checkedIn: number, waiting = 0, held = 0) => ({ confirmed, checkedIn, waiting, cancelled: 0, held });

describe("the counts at the door", () => {
  it("says how many are present out of the people with a place, in the singular below two", () => {
    expect(presentText(counts(40, 23))).toBe("23 présents sur 40");
    expect(presentText(counts(40, 1))).toBe("1 présent sur 40");
    expect(presentText(counts(0, 0))).toBe("0 présent sur 0");
  });

  it("says the places left, full, or no limit, and the waiting list when there is one", () => {
    expect(placesText(counts(38, 0), 40)).toBe("2 places libres sur 40");
    expect(placesText(counts(39, 0), 40)).toBe("1 place libre sur 40");
    expect(placesText(counts(40, 0, 3), 40)).toBe("Complet (40 places), 3 en attente");
    expect(placesText(counts(12, 0), null)).toBe("Sans limite de places");
  });

  it("counts the places held for visitors confirming by mail as taken, as the server does for a walk-in", () => {
    expect(placesText(counts(36, 0, 0, 1), 40)).toBe("3 places libres sur 40, 1 réservée (courriel à confirmer)");
    expect(placesText(counts(38, 0, 1, 2), 40)).toBe("Complet (40 places), 2 réservées (courriel à confirmer), 1 en attente");
    expect(placesText(counts(12, 0, 0, 4), null)).toBe("Sans limite de places");
  });
});
