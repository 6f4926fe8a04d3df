import { describe, expect, it } from "vitest";
import { mediaDetailHref, pagePath, userHref } from "./paths";

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
