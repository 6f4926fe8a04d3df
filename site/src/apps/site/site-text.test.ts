import { describe, expect, it } from "vitest";
import { actionText, changesText, durationText, recoveryText } from "./site-text";

describe("site screen words", () => {
  it("counts a build's changes by kind, in French", () => {
    expect(changesText([{ kind: "article", id: "a" }, { kind: "article", id: "b" }, { kind: "theme", id: "t" }])).toBe(
      "2 articles modifiés, 1 thème modifié",
    );
    expect(changesText([{ kind: "site" }])).toBe("Reconstruction demandée");
    expect(changesText([{ kind: "media", id: "m" }, { kind: "site" }])).toBe("1 média modifié, reconstruction demandée");
    expect(changesText([])).toBe("Construction au démarrage du serveur");
  });

  it("says what the builder did by itself after a failed build", () => {
    const at = "2026-11-23T14:05:00.000Z";
    expect(recoveryText({ retries: 1, recovered: true, recoveredAt: at, nextRetryAt: null })).toMatch(
      /^Reprise automatique réussie le 23 novembre 2026 à \d{1,2}\u00a0h\u00a005, après 1 nouvel essai\u00a0: le site en ligne est à jour\.$/,
    );
    expect(recoveryText({ retries: 0, recovered: false, recoveredAt: null, nextRetryAt: at })).toMatch(/^Prochain essai automatique le 23 novembre 2026 à/);
    expect(recoveryText({ retries: 2, recovered: false, recoveredAt: null, nextRetryAt: at })).toMatch(
      /^2 nouveaux essais sans succès pour l'instant\u00a0; prochain essai automatique le /,
    );
    expect(recoveryText({ retries: 0, recovered: false, recoveredAt: null, nextRetryAt: null })).toBe(
      "Aucun autre essai automatique n'est prévu\u00a0: utilisez «\u00a0Reconstruire le site\u00a0».",
    );
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
