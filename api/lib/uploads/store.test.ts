import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { HttpError } from "../errors";
import type { TempUpload } from "./form";
import * as sample from "./samples";
import { clampCrop, keepMediaFile, removeMediaFiles, removeUpload, savePicture } from "./store";

let uploadsDir: string;
beforeEach(() => {
  uploadsDir = join(mkdtempSync(join(tmpdir(), "store-test-")), "uploads");
  mkdirSync(join(uploadsDir, ".tmp"), { recursive: true });
});

const ls = (area: string) => (existsSync(join(uploadsDir, area)) ? readdirSync(join(uploadsDir, area)).sort() : []);

/** A temp upload as readUploadForm leaves it. */
function temp(bytes: Uint8Array, ext: string, kind: TempUpload["kind"]): TempUpload {
  const path = join(uploadsDir, ".tmp", `${Math.random().toString(16).slice(2)}.part`);
  writeFileSync(path, bytes);
  return { path, size: bytes.length, ext, mime: "", kind, clientName: `photo.${ext}`, discard: () => rm(path, { force: true }) };
}

/** A JPEG as a phone writes it: stored sideways with an orientation tag, and the place it was taken. */
async function phoneJpeg(width: number, height: number): Promise<Uint8Array> {
  const buf = await sharp(await sample.picture("png", width, height))
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: "Phone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "14/1 40/1 0/1" } })
    .toBuffer();
  const meta = await sharp(buf).metadata();
  if (meta.orientation !== 6 || !meta.exif) throw new Error("the sample lost its EXIF");
  return new Uint8Array(buf);
}

/** A PNG whose header claims 100,000 x 100,000 pixels: a few bytes that would decode to 40 GB. */
function pngBomb(): Uint8Array {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(Buffer.concat([sig, chunk("IHDR", ihdr), chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk("IEND", Buffer.alloc(0))]));
}

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return { status: e.status, message: e.message };
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("keepMediaFile", () => {
  it("moves an audio file to media/ under a generated name with its detected extension", async () => {
    const t = temp(sample.wav(), "wav", "audio");
    const kept = await keepMediaFile(uploadsDir, t);
    expect(kept.path).toMatch(/^\/uploads\/media\/[0-9a-f]{24}\.wav$/);
    expect(kept.thumbnail).toBeNull();
    expect(ls("media")).toEqual([kept.path.split("/").pop()]);
    expect(ls(".tmp")).toEqual([]);
  });

  it("re-encodes an image without its GPS position and writes a thumbnail and the variants of both", async () => {
    const t = temp(await phoneJpeg(640, 480), "jpg", "image");
    const kept = await keepMediaFile(uploadsDir, t);
    const base = kept.path.split("/").pop()!.replace(".jpg", "");
    expect(ls("media")).toEqual([`${base}-1200.avif`, `${base}-1200.webp`, `${base}-640.avif`, `${base}-640.webp`, `${base}.jpg`]);
    expect(kept.thumbnail).toBe(`${base}.jpg`);
    expect(ls("media_thumbnails")).toHaveLength(5);
    const meta = await sharp(join(uploadsDir, "media", `${base}.jpg`)).metadata();
    expect(meta.exif).toBeUndefined();
    // The orientation tag was applied: the sideways 640x480 picture is now upright.
    expect([meta.width, meta.height]).toEqual([480, 640]);
    expect(ls(".tmp")).toEqual([]);
  });

  it("keeps nothing of a script hidden in an image (polyglot): re-encoded, or refused when undecodable", async () => {
    const script = new TextEncoder().encode("<script>alert(document.cookie)</script>");
    const png = await sample.picture("png", 64, 48);
    const kept = await keepMediaFile(uploadsDir, temp(new Uint8Array([...png, ...script]), "png", "image"));
    const stored = Buffer.from(await Bun.file(join(uploadsDir, kept.path.replace("/uploads/", ""))).arrayBuffer());
    expect(stored.includes("<script>")).toBe(false);
    const gifThenHtml = new Uint8Array([...new TextEncoder().encode("GIF89a"), ...script]);
    expect(await refusal(keepMediaFile(uploadsDir, temp(gifThenHtml, "gif", "image")))).toEqual({ status: 400, message: "Image illisible." });
    expect(ls("media").filter((f) => f.endsWith(".gif"))).toEqual([]);
  });

  it("refuses a decompression bomb in French and leaves nothing behind", async () => {
    const t = temp(pngBomb(), "png", "image");
    expect(await refusal(keepMediaFile(uploadsDir, t))).toEqual({ status: 400, message: "Image trop grande (dimensions en pixels)." });
    expect(ls("media")).toEqual([]);
    expect(ls("media_thumbnails")).toEqual([]);
  });
});

describe("savePicture", () => {
  it("makes an upright 300 px profile JPEG without EXIF, with its variants, under a new name each time", async () => {
    const t = temp(await phoneJpeg(1000, 600), "jpg", "picture");
    const first = await savePicture(uploadsDir, "profile_pics", t);
    const second = await savePicture(uploadsDir, "profile_pics", t);
    expect(first).toMatch(/^[0-9a-f]{24}\.jpg$/);
    expect(second).not.toBe(first);
    const meta = await sharp(join(uploadsDir, "profile_pics", first)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 180, 300, undefined]);
    const base = first.replace(".jpg", "");
    for (const w of [96, 192, 300]) {
      expect(existsSync(join(uploadsDir, "profile_pics", `${base}-${w}.avif`))).toBe(true);
      expect(existsSync(join(uploadsDir, "profile_pics", `${base}-${w}.webp`))).toBe(true);
    }
  });

  it("crops in the upright picture's pixels, then fits article pictures to 800 px wide", async () => {
    const bytes = await sample.picture("png", 2000, 1000);
    const name = await savePicture(uploadsDir, "article_pics", bytes, { crop: { x: 1000, y: 0, width: 1600, height: 900 } });
    // The box is clamped to the picture (1000 px wide from x=1000), then scaled to 800 px wide.
    const meta = await sharp(join(uploadsDir, "article_pics", name)).metadata();
    expect([meta.width, meta.height]).toEqual([800, 720]);
    // The right half of the gradient was kept: its left edge is already red-ish.
    const { data } = await sharp(join(uploadsDir, "article_pics", name)).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(100);
  });

  it("refuses bombs, unreadable data and crops outside the picture in French, writing nothing", async () => {
    expect(await refusal(savePicture(uploadsDir, "profile_pics", pngBomb()))).toEqual({ status: 400, message: "Image trop grande (dimensions en pixels)." });
    expect(await refusal(savePicture(uploadsDir, "profile_pics", sample.html()))).toEqual({ status: 400, message: "Image illisible." });
    const png = await sample.picture("png");
    expect(await refusal(savePicture(uploadsDir, "profile_pics", png, { crop: { x: 500, y: 500, width: 10, height: 10 } }))).toEqual({
      status: 400,
      message: "Recadrage invalide.",
    });
    expect(ls("profile_pics")).toEqual([]);
  });
});

describe("removeUpload", () => {
  it("deletes a picture and its variants, by name or public path", async () => {
    const a = await savePicture(uploadsDir, "article_pics", await sample.picture("png", 900, 500));
    const b = await savePicture(uploadsDir, "article_pics", await sample.picture("png", 900, 500));
    await removeUpload(uploadsDir, "article_pics", a);
    await removeUpload(uploadsDir, "article_pics", `/uploads/article_pics/${b}`);
    expect(ls("article_pics")).toEqual([]);
  });

  it("deletes a media file with its thumbnail", async () => {
    const kept = await keepMediaFile(uploadsDir, temp(await sample.picture("webp", 500, 300), "webp", "image"));
    await removeMediaFiles(uploadsDir, kept);
    expect(ls("media")).toEqual([]);
    expect(ls("media_thumbnails")).toEqual([]);
  });

  it("ignores names that leave the area", async () => {
    writeFileSync(join(uploadsDir, "keep.txt"), "x");
    await removeUpload(uploadsDir, "media", "../keep.txt");
    await removeUpload(uploadsDir, "media", "/uploads/profile_pics/../keep.txt");
    expect(existsSync(join(uploadsDir, "keep.txt"))).toBe(true);
  });
});

describe("clampCrop", () => {
  it("rounds and clamps a crop box to the picture", () => {
    expect(clampCrop({ x: -3.4, y: 2.6, width: 50.2, height: 500 }, 40, 30)).toEqual({ left: 0, top: 3, width: 40, height: 27 });
    expect(() => clampCrop({ x: Number.NaN, y: 0, width: 1, height: 1 }, 10, 10)).toThrow(HttpError);
  });
});
