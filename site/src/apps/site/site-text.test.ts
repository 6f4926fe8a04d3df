import { describe, expect, it } from "vitest";
import { actionText, changesText, durationText } from "./site-text";

describe("site screen words", () => {
  it("counts a build's changes by kind, in French", () => {
    expect(changesText([{ kind: "article", id: "a" }, { kind: "article", id: "b" }, { kind: "theme", id: "t" }])).toBe(
      "2 articles modifiés, 1 thème modifié",
    );
    expect(changesText([{ kind: "site" }])).toBe("Reconstruction demandée");
    expect(changesText([{ kind: "media", id: "m" }, { kind: "site" }])).toBe("1 média modifié, reconstruction demandée");
    expect(changesText([])).toBe("Construction au démarrage du serveur");
  });

  it("writes durations in seconds, then minutes", () => {
    expect(durationText(3400)).toBe("3,4 s");
    expect(durationText(72_000)).toBe("1 min 12 s");
  });

  it("names audit actions in French and keeps unknown ones", () => {
    expect(actionText("delete")).toBe("Suppression");
    expect(actionText("archive")).toBe("archive");
  });
});
