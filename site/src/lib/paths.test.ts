import { describe, expect, it, vi } from "vitest";
import { buildable, isSafeSegment, mediaDetailHref, pagePath, userHref } from "./paths";

describe("pagePath", () => {
  it("maps the files of build.format file back to public paths", () => {
    expect(pagePath("/index.html")).toBe("/");
    expect(pagePath("/articles.html")).toBe("/articles");
    expect(pagePath("/cercle-impulsion/members.html")).toBe("/cercle-impulsion/members");
    expect(pagePath("/about")).toBe("/about");
    expect(pagePath("/")).toBe("/");
  });
});

describe("links", () => {
  it("sends audio and video to their typed pages, the rest to /media", () => {
    expect(mediaDetailHref({ type: "audio", url: "a" })).toBe("/mediatheque/audio/a");
    expect(mediaDetailHref({ type: "pdf", url: "b" })).toBe("/media/b");
  });

  it("percent-encodes path segments", () => {
    expect(userHref("aïssa ndiaye")).toBe("/user/a%C3%AFssa%20ndiaye");
  });
});

describe("buildable pages", () => {
  it("refuses segments that would break a page address or walk folders", () => {
    for (const bad of ["Nd/iaye", "a?b", "a#b", "100%", "..", ".", "", "tab\there", "back\\slash", "x".repeat(201)]) {
      expect(isSafeSegment(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const good of ["Awa_Ndiaye", "Ousmane_Bâ", "Rose_🌹", "Marie-Claire"]) expect(isSafeSegment(good)).toBe(true);
  });

  it("skips the bad items and names them in the build log instead of failing", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const kept = buildable([{ s: "Awa_Ndiaye" }, { s: "Nd/iaye" }], (i) => i.s, "member");
      expect(kept).toEqual([{ s: "Awa_Ndiaye" }]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('[build] page skipped: member "Nd/iaye"'));
    } finally {
      warn.mockRestore();
    }
  });
});
