import { describe, expect, it } from "vitest";
import { counted, pointLabel, pointLabelLong } from "./labels";

describe("audience labels", () => {
  it("writes days and months the French way, with « 1er » for the first", () => {
    expect(pointLabel("2026-11-28")).toBe("28 nov.");
    expect(pointLabel("2026-03-01")).toBe("1er mars");
    expect(pointLabel("2026-08")).toBe("août 2026");
    expect(pointLabelLong("2026-02-01")).toBe("1er février 2026");
    expect(pointLabelLong("2025-12")).toBe("décembre 2025");
    // As Eden's client hands a day over: a Date at UTC midnight.
    expect(pointLabelLong(new Date("2026-11-28"))).toBe("28 novembre 2026");
  });

  it("agrees a figure's noun the French way (0 and 1 singular)", () => {
    expect(counted(0, "page vue", "pages vues")).toBe("0 page vue");
    expect(counted(1, "visite")).toBe("1 visite");
    expect(counted(1234, "visite")).toBe(`${(1234).toLocaleString("fr-FR")} visites`);
  });
});
