import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { variantName, writeImageVariants } from "./images";

const dir = mkdtempSync(join(tmpdir(), "images-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("picture variants", () => {
  it("names variants after the original", () => {
    expect(variantName("abc.jpg", 400, "avif")).toBe("abc-400.avif");
  });

  it("writes AVIF and WebP at each width, never enlarging, without metadata", async () => {
    mkdirSync(join(dir, "article_pics"));
    const src = join(dir, "article_pics", "pic.jpg");
    await sharp({ create: { width: 600, height: 300, channels: 3, background: "#0f3b57" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "secret" } } })
      .toFile(src);
    await writeImageVariants(src, "article_pics");
    const small = await sharp(join(dir, "article_pics", "pic-400.avif")).metadata();
    expect(small.width).toBe(400);
    expect(small.format).toBe("heif");
    const large = await sharp(join(dir, "article_pics", "pic-800.webp")).metadata();
    expect(large.width).toBe(600); // the original is narrower than 800: kept at its own width
    expect(large.exif).toBeUndefined();
    expect(existsSync(join(dir, "article_pics", "pic-800.avif"))).toBe(true);
  });
});
