import { describe, expect, it } from "vitest";
import { missingItems, moveItem, previewDocument, progressText } from "./issue-edit";

const item = (id: string) => ({ kind: "article" as const, id, title: id, excerpt: "", href: `/article/${id}`, picture: null, date: null });

describe("issues screen helpers", () => {
  it("moves an item up or down, and not past either end", () => {
    expect(moveItem(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 1, 1)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b"], 0, -1)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], 1, 1)).toEqual(["a", "b"]);
  });
  it("offers back what the admin removed", () => {
    expect(missingItems([item("a"), item("b")], [item("b")]).map((i) => i.id)).toEqual(["a"]);
  });
  it("says the progress in French", () => {
    expect(progressText({ total: 1200, sent: 1000, failed: 1, remaining: 199 })).toBe("1\u202f000\u00a0envoyés · 1\u00a0échec · 199\u00a0restants sur 1\u202f200");
  });
  it("puts a CSP that forbids every load in the previewed document", () => {
    expect(previewDocument("<!DOCTYPE html><html><head><title>x</title></head></html>")).toContain("<head><meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'");
  });
});
