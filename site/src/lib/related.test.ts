import { describe, expect, it } from "vitest";
import { relatedArticles } from "./related";

const art = (id: string, createdAt: string, ...themes: string[]) => ({ _id: id, createdAt, themes: themes.map((url) => ({ url })) });

describe("related articles", () => {
  const current = art("a", "2025-05-01", "economie", "gouvernance");
  const all = [
    current,
    art("old-both", "2024-01-01", "gouvernance", "economie"),
    art("new-one", "2025-04-01", "economie"),
    art("older-one", "2025-01-01", "gouvernance"),
    art("newest-one", "2025-06-01", "gouvernance", "sante"),
    art("unrelated", "2025-07-01", "sante"),
  ];

  it("puts articles sharing more themes first, then the most recent, never the article itself", () => {
    expect(relatedArticles(current, all).map((a) => a._id)).toEqual(["old-both", "newest-one", "new-one"]);
  });

  it("leaves out articles with no theme in common, and returns nothing for an article without themes", () => {
    expect(relatedArticles(current, all, 10).map((a) => a._id)).not.toContain("unrelated");
    expect(relatedArticles(art("x", "2025-01-01"), all)).toEqual([]);
  });
});
