import { describe, expect, it } from "vitest";
import { VARIANT_WIDTHS as SERVER_WIDTHS, variantName } from "../../../api/lib/images";
import { VARIANT_WIDTHS, variantSrcset } from "./picture";

describe("variantSrcset", () => {
  it("lists the AVIF or WebP variants of an uploaded picture with their widths", () => {
    expect(variantSrcset("/uploads/article_pics/abc.jpg", "article_pics", "avif")).toBe(
      "/uploads/article_pics/abc-400.avif 400w, /uploads/article_pics/abc-800.avif 800w",
    );
    expect(variantSrcset("/uploads/profile_pics/a%C3%AFssa.png", "profile_pics", "webp")).toBe(
      "/uploads/profile_pics/a%C3%AFssa-96.webp 96w, /uploads/profile_pics/a%C3%AFssa-192.webp 192w, /uploads/profile_pics/a%C3%AFssa-300.webp 300w",
    );
  });

  it("gives nothing for files the server does not derive variants from", () => {
    expect(variantSrcset("/uploads/media/logo.svg", "media", "avif")).toBeNull();
    expect(variantSrcset("/uploads/media/doc.pdf", "media", "webp")).toBeNull();
    expect(variantSrcset("https://example.org/a.jpg", "media", "webp")).toBeNull();
  });

  it("uses the same widths and names as the server that writes the files", () => {
    expect(VARIANT_WIDTHS).toEqual(SERVER_WIDTHS);
    const listed = variantSrcset("/uploads/media/photo.jpeg", "media", "avif")!.split(", ")[0]!.split(" ")[0];
    expect(listed).toBe(`/uploads/media/${variantName("photo.jpeg", 640, "avif")}`);
  });
});
