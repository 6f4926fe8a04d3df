import { describe, expect, it } from "vitest";
import { savedAtText, statusText } from "./autosave";

describe("the autosave status line", () => {
  it("tells the time in Dakar with French typography", () => {
    // 14:32 UTC is 14 h 32 in Dakar (UTC+0 all year).
    expect(savedAtText(new Date("2026-11-26T14:32:10Z"))).toBe("Enregistré à 14\u00a0h\u00a032");
    expect(savedAtText(new Date("2026-11-26T09:05:00Z"))).toBe("Enregistré à 9\u00a0h\u00a005");
  });

  it("words each state", () => {
    expect(statusText({ state: "saving" })).toBe("Enregistrement…");
    expect(statusText({ state: "local" })).toBe("Hors connexion\u00a0: enregistré sur cet appareil");
    expect(statusText({ state: "idle" })).toBe("");
  });
});
