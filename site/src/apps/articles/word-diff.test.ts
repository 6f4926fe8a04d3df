import { describe, expect, it } from "vitest";
import { wordDiff } from "./word-diff";

const show = (before: string, after: string) =>
  wordDiff(before, after)
    .map((p) => (p.kind === "same" ? p.text : p.kind === "added" ? `{+${p.text}+}` : `[-${p.text}-]`))
    .join("");

describe("word-level difference", () => {
  it("marks changed words only, keeping the rest as it is", () => {
    expect(show("Le port de Dakar est grand.", "Le port de Dakar est immense.")).toBe("Le port de Dakar est [-grand.-]{+immense.+}");
    expect(show("Un deux trois", "Un trois")).toBe("Un [-deux -]trois");
    expect(show("Un trois", "Un deux trois")).toBe("Un {+deux +}trois");
  });

  it("handles empty and identical texts", () => {
    expect(wordDiff("", "")).toEqual([]);
    expect(show("", "Nouveau texte")).toBe("{+Nouveau texte+}");
    expect(show("Ancien", "")).toBe("[-Ancien-]");
    expect(wordDiff("Même texte", "Même texte")).toEqual([{ kind: "same", text: "Même texte" }]);
  });

  it("rebuilds both texts from its parts, on a long text with scattered changes", () => {
    const words = Array.from({ length: 3000 }, (_, i) => `mot${i % 97}`);
    const before = words.join(" ");
    const changed = words.map((w, i) => (i % 400 === 0 ? `${w}bis` : w));
    changed.splice(1500, 3);
    const after = changed.join(" ");
    const parts = wordDiff(before, after);
    expect(parts.filter((p) => p.kind !== "added").map((p) => p.text).join("")).toBe(before);
    expect(parts.filter((p) => p.kind !== "removed").map((p) => p.text).join("")).toBe(after);
    expect(parts.filter((p) => p.kind === "added").length).toBeLessThanOrEqual(8);
  });
});
