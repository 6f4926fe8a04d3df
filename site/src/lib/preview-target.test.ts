import { describe, expect, it } from "vitest";
import { previewEndpoint, previewTarget } from "./preview-target";

describe("previewTarget", () => {
  it("recognises the four item pages and decodes the url", () => {
    expect(previewTarget("/article/mon-article")).toEqual({ kind: "article", url: "mon-article" });
    expect(previewTarget("/media/un-m%C3%A9dia")).toEqual({ kind: "media", url: "un-média" });
    expect(previewTarget("/mediatheque/audio/jingle")).toEqual({ kind: "audio", url: "jingle" });
    expect(previewTarget("/mediatheque/video/film/")).toEqual({ kind: "video", url: "film" });
  });

  it("ignores every other path", () => {
    expect(previewTarget("/articles/economie")).toBeNull();
    expect(previewTarget("/mediatheque/pdf/doc")).toBeNull();
    expect(previewTarget("/article/a/b")).toBeNull();
    expect(previewTarget("/event/x")).toBeNull();
    expect(previewTarget("/article/%E0%A4%A")).toBeNull();
  });
});

describe("previewEndpoint", () => {
  it("asks the admin endpoint for admins and the user endpoint for members", () => {
    expect(previewEndpoint("article", "a b", "admin")).toBe("/api/admin/articles/a%20b");
    expect(previewEndpoint("article", "x", "user")).toBe("/api/user/articles/x");
    expect(previewEndpoint("audio", "x", "user")).toBe("/api/user/media/x");
    expect(previewEndpoint("media", "x", "admin")).toBe("/api/admin/media/x");
  });
});
