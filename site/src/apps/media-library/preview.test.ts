import { describe, expect, it } from "vitest";
import { previewOf } from "./preview";

describe("media library previews", () => {
  it("shows a thumbnail with its responsive variants", () => {
    expect(previewOf({ type: "video", thumbnail: "abc.jpg", path: "/uploads/media/abc.mp4" })).toEqual({
      kind: "picture",
      src: "/uploads/media_thumbnails/abc.jpg",
      srcSet: "/uploads/media_thumbnails/abc-240.webp 240w, /uploads/media_thumbnails/abc-480.webp 480w",
    });
  });

  it("shows an image media's own file when it has no thumbnail", () => {
    expect(previewOf({ type: "image", thumbnail: null, path: "/uploads/media/p.png" })).toMatchObject({ kind: "picture", src: "/uploads/media/p.png" });
  });

  it("shows the type's icon for audio, documents and links", () => {
    expect(previewOf({ type: "audio", thumbnail: null, path: "/uploads/media/a.mp3" })).toEqual({ kind: "icon", icon: "audio" });
    expect(previewOf({ type: "pdf", path: "/uploads/media/a.pdf" })).toEqual({ kind: "icon", icon: "document" });
    expect(previewOf({ type: "external" })).toEqual({ kind: "icon", icon: "external" });
  });
});
