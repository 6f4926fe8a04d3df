import { describe, expect, it } from "vitest";
import { entryCount, entryParts } from "./audit-list";
import { ACTION_CHOICES, KIND_CHOICES } from "./site-text";

describe("the journal's list", () => {
  it("counts entries in French", () => {
    expect(entryCount(0)).toBe("Aucune entrée");
    expect(entryCount(1)).toBe("1 entrée");
    expect(entryCount(1234)).toBe("1\u202f234 entrées");
  });

  it("shows the kept title apart from what became of the item", () => {
    expect(entryParts({ title: "Un article", summary: "Un article — approuvé" })).toEqual({ name: "Un article", detail: "approuvé" });
    expect(entryParts({ title: "Un article", summary: "Un article" })).toEqual({ name: "Un article", detail: "" });
    // Written before titles were kept: the summary alone.
    expect(entryParts({ title: "", summary: "Ancien — mis en ligne" })).toEqual({ name: "", detail: "Ancien — mis en ligne" });
  });

  it("offers every action and item kind in French", () => {
    expect(ACTION_CHOICES).toContainEqual(["delete", "Suppression"]);
    expect(KIND_CHOICES).toContainEqual(["article", "Article"]);
  });
});
