import { describe, expect, it } from "vitest";
import { inNavSection } from "./nav";

describe("the navigation entry a page belongs to", () => {
  it("puts detail pages under their list's entry", () => {
    expect(inNavSection("/articles", "/article/budgets-participatifs")).toBe(true);
    expect(inNavSection("/articles", "/articles/economie")).toBe(true);
    expect(inNavSection("/events", "/event/forum-des-jeunes")).toBe(true);
    expect(inNavSection("/mediatheque", "/media/jingle")).toBe(true);
    expect(inNavSection("/mediatheque", "/mediatheque/video/court-metrage")).toBe(true);
  });

  it("does not mistake a longer word for a section, nor every page for the home page", () => {
    expect(inNavSection("/events", "/eventail")).toBe(false);
    expect(inNavSection("/articles", "/articlesque")).toBe(false);
    expect(inNavSection("/", "/articles")).toBe(false);
    expect(inNavSection("/", "/")).toBe(true);
    expect(inNavSection("/contact", "/contact")).toBe(true);
  });
});
