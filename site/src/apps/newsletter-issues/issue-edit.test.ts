import { describe, expect, it } from "vitest";
import { chosenInOrder, previewDocument, progressText, sectionItems } from "./issue-edit";

const item = (id: string, kind: "article" | "event" | "media" = "article") => ({ kind, id, title: id, excerpt: "", href: `/${kind}/${id}`, picture: null, date: null });

describe("issues screen helpers", () => {
  it("offers in a section the proposal's items of its kind, after the older picks of the saved issue", () => {
    const proposal = [item("a"), item("e", "event"), item("b")];
    expect(sectionItems("article", proposal, [item("old"), item("b")]).map((i) => i.id)).toEqual(["old", "a", "b"]);
    expect(sectionItems("event", proposal, []).map((i) => i.id)).toEqual(["e"]);
  });
  it("saves the ticked items section after section: articles, events, then media", () => {
    const proposal = [item("a"), item("b"), item("e", "event"), item("m", "media")];
    expect(chosenInOrder(proposal, [item("m", "media"), item("e", "event"), item("b")]).map((i) => i.id)).toEqual(["b", "e", "m"]);
  });
  it("says the progress in French", () => {
    expect(progressText({ total: 1200, sent: 1000, failed: 1, remaining: 199 })).toBe("1\u202f000\u00a0envoyés · 1\u00a0échec · 199\u00a0restants sur 1\u202f200");
  });
  it("puts a CSP that forbids every load in the previewed document", () => {
    expect(previewDocument("<!DOCTYPE html><html><head><title>x</title></head></html>")).toContain("<head><meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'");
  });
});
