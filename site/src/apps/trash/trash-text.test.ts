import { describe, expect, it } from "vitest";
import { daysLeftText, purgeQuestion, TRASH_ARTICLE_QUESTION, TRASH_MEDIA_QUESTION, trashCountLabel } from "./trash-text";

describe("trash wording", () => {
  it("keeps the spec's deletion questions first and adds the 30 days of the trash", () => {
    expect(TRASH_ARTICLE_QUESTION.startsWith("Supprimer cet article\u00a0?")).toBe(true);
    expect(TRASH_MEDIA_QUESTION.startsWith("Supprimer ce média\u00a0?")).toBe(true);
    expect(TRASH_ARTICLE_QUESTION).toContain("corbeille");
    expect(TRASH_ARTICLE_QUESTION).toContain("30\u00a0jours");
  });

  it("counts the days left before the purge, down to « Aujourd'hui »", () => {
    const now = Date.parse("2026-11-26T12:00:00Z");
    expect(daysLeftText("2026-12-26T12:00:00Z", now)).toBe("30\u00a0jours");
    expect(daysLeftText("2026-11-27T11:00:00Z", now)).toBe("1\u00a0jour");
    expect(daysLeftText("2026-11-26T11:00:00Z", now)).toBe("Aujourd'hui");
  });

  it("names the item in the purge question, with French spacing", () => {
    expect(purgeQuestion({ kind: "media", title: "Carte" })).toBe("Supprimer définitivement le média «\u00a0Carte\u00a0»\u00a0? Cette action est irréversible.");
    expect(trashCountLabel(0)).toBe("Aucun élément");
    expect(trashCountLabel(2)).toBe("2 éléments");
  });
});
