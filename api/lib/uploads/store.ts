/**
 * The only code that keeps uploads (the demo seed aside), through the process's storage (api/lib/storage/: the
 * UPLOADS_DIR folder, or a bucket): files are made in a staging folder, then kept together. Every kept file gets a NEW generated name:
 * uploads are cached by browsers and the static workers, so a replaced picture must change address. Pictures and
 * image media are re-encoded by sharp (EXIF and GPS dropped, orientation applied, polyglot payloads gone) with a
 * pixel limit against decompression bombs; other media are moved from `.tmp/` as they are.
 */
import { randomBytes } from "node:crypto";
import { basename, join } from "node:path";
import { loadSharp } from "../sharp";
import { uploadContentType } from "../content-types";
import { BadRequestError, HttpError } from "../errors";
import { mailPictureName, VARIANT_WIDTHS, variantName, writeImageVariants, type ImageArea } from "../images";
import { uploadStorage } from "../storage";
import type { TempUpload } from "./form";

export type PictureArea = "profile_pics" | "article_pics" | "body_pics";
export type UploadArea = PictureArea | "media" | "media_thumbnails";

/** 50 megapixels: any camera photo, not a 100,000 x 100,000 PNG of a few KB that would need 40 GB decoded. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Output sizes of §9: profile pictures 300 px on their longest side, article pictures 800 px wide; body pictures 1,600 px at most. */
const PICTURE_SIZE: Record<PictureArea, { maxSide?: number; width?: number }> = {
  profile_pics: { maxSide: 300 },
  article_pics: { width: 800 },
  body_pics: { maxSide: 1600 },
};

export type Crop = { x: number; y: number; width: number; height: number };

const generatedName = (ext: string) => `${randomBytes(12).toString("hex")}.${ext}`;

/** sharp's failures as French 400s: a bomb or an undecodable file is the sender's problem, not a crash. */
function pictureError(e: unknown): Error {
  if (e instanceof HttpError) return e;
  const text = e instanceof Error ? e.message : String(e);
  if (/pixel limit/i.test(text)) return new BadRequestError("Image trop grande (dimensions en pixels).");
  return new BadRequestError("Image illisible.");
}

/**
 * Keeps a checked media file as `/uploads/media/<generated>.<ext>`. Images are re-encoded in their own format and
 * get a 480x270 thumbnail plus the responsive variants of both (as the seed writes them).
 */
export async function keepMediaFile(uploadsDir: string, temp: TempUpload): Promise<{ path: string; thumbnail: string | null }> {
  const sharp = await loadSharp();
  const storage = uploadStorage(uploadsDir);
  const name = generatedName(temp.ext);
  if (temp.kind !== "image" && temp.kind !== "picture") {
    await storage.putFile(`media/${name}`, temp.path, uploadContentType(name) ?? "application/octet-stream");
    return { path: `/uploads/media/${name}`, thumbnail: null };
  }
  const thumbnail = name.replace(/\.[^.]+$/, ".jpg");
  const media = await storage.stage("media");
  const thumbs = await storage.stage("media_thumbnails");
  const mediaNames = [name];
  const thumbNames = [thumbnail];
  try {
    const dest = join(media.dir, name);
    await reencode(temp.path, temp.ext, dest);
    mediaNames.push(...(await writeImageVariants(dest, "media")).map((p) => basename(p)));
    const thumbPath = join(thumbs.dir, thumbnail);
    await sharp(dest).resize(480, 270, { fit: "cover" }).jpeg({ quality: 80, mozjpeg: true }).toFile(thumbPath);
    thumbNames.push(...(await writeImageVariants(thumbPath, "media_thumbnails")).map((p) => basename(p)));
    await media.keep(mediaNames);
    await thumbs.keep(thumbNames);
  } catch (e) {
    // Both: drop forgets the staging (a bucket's temp folder; on disk the files listed so far), and the removal
    // takes what was already kept (the picture in the bucket when its thumbnail failed) and every variant name,
    // including one written before the failure and not yet listed.
    await Promise.all([media.drop(mediaNames), thumbs.drop(thumbNames)]);
    await removeMediaFiles(uploadsDir, { path: `/uploads/media/${name}`, thumbnail });
    throw pictureError(e);
  } finally {
    await temp.discard();
  }
  return { path: `/uploads/media/${name}`, thumbnail };
}

/** Same format out as in, metadata dropped; GIF and WebP keep their animation. */
async function reencode(source: string, ext: string, dest: string): Promise<void> {
  const sharp = await loadSharp();
  const animated = ext === "gif" || ext === "webp";
  let img = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, animated });
  if (!animated) img = img.autoOrient();
  if (ext === "jpg") img = img.jpeg({ quality: 90, mozjpeg: true });
  else if (ext === "png") img = img.png();
  else if (ext === "webp") img = img.webp({ quality: 90 });
  else if (ext === "gif") img = img.gif();
  else throw new BadRequestError("Image illisible.");
  await img.toFile(dest);
}

/**
 * Re-encodes a picture as JPEG under `<area>/<generated>.jpg` and writes its variants: oriented, optionally
 * cropped (`crop` in the oriented picture's pixels, clamped to it), then fitted to the area's size. Returns the
 * file name. The temp file stays (a route may make two pictures of it); the upload route option removes it.
 */
export async function savePicture(
  uploadsDir: string,
  area: PictureArea,
  source: TempUpload | Uint8Array,
  opts: { maxSide?: number; width?: number; crop?: Crop } = {},
): Promise<string> {
  return (await savePictureSized(uploadsDir, area, source, opts)).name;
}

/** `savePicture`, answering the kept picture's size too (pictures inside article bodies need it). */
export async function savePictureSized(
  uploadsDir: string,
  area: PictureArea,
  source: TempUpload | Uint8Array,
  opts: { maxSide?: number; width?: number; crop?: Crop } = {},
): Promise<{ name: string; width: number; height: number }> {
  const sharp = await loadSharp();
  const input = source instanceof Uint8Array ? source : source.path;
  const name = generatedName("jpg");
  const stage = await uploadStorage(uploadsDir).stage(area);
  const names = [name];
  try {
    const dest = join(stage.dir, name);
    let img = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).autoOrient();
    if (opts.crop) {
      const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      img = img.extract(clampCrop(opts.crop, meta.autoOrient.width, meta.autoOrient.height));
    }
    const size = opts.maxSide || opts.width ? opts : PICTURE_SIZE[area];
    img = size.maxSide
      ? img.resize(size.maxSide, size.maxSide, { fit: "inside", withoutEnlargement: true })
      : img.resize({ width: size.width, withoutEnlargement: true });
    // JPEG has no transparency: transparent pixels become white rather than black.
    const info = await img.flatten({ background: "#ffffff" }).jpeg({ quality: 85, mozjpeg: true }).toFile(dest);
    names.push(...(await writeImageVariants(dest, area)).map((p) => basename(p)));
    await stage.keep(names);
    return { name, width: info.width, height: info.height };
  } catch (e) {
    await stage.drop(names);
    await removeUpload(uploadsDir, area, name);
    throw pictureError(e);
  }
}

/** A crop box inside a width x height picture, in whole pixels; 400 when nothing of it is inside. */
export function clampCrop(crop: Crop, width: number, height: number): { left: number; top: number; width: number; height: number } {
  const nums = [crop.x, crop.y, crop.width, crop.height];
  if (!nums.every(Number.isFinite)) throw new BadRequestError("Recadrage invalide.");
  const left = Math.max(0, Math.round(crop.x));
  const top = Math.max(0, Math.round(crop.y));
  const right = Math.min(width, Math.round(crop.x + crop.width));
  const bottom = Math.min(height, Math.round(crop.y + crop.height));
  if (right - left < 1 || bottom - top < 1) throw new BadRequestError("Recadrage invalide.");
  return { left, top, width: right - left, height: bottom - top };
}

/** A stored file name we could have written: no folder, no dot file, nothing to escape the area with. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/**
 * Deletes a file of an area and its responsive variants. Takes a bare file name or its public path
 * (`/uploads/<area>/<name>`); anything else (another folder, `..`) is ignored.
 */
export async function removeUpload(uploadsDir: string, area: UploadArea, fileName: string): Promise<void> {
  const prefix = `/uploads/${area}/`;
  const name = fileName.startsWith(prefix) ? fileName.slice(prefix.length) : fileName;
  if (!SAFE_NAME.test(name) || name.includes("..")) return;
  const widths: readonly number[] = VARIANT_WIDTHS[area as ImageArea];
  const files = [name, ...widths.flatMap((w) => [variantName(name, w, "avif"), variantName(name, w, "webp")])];
  // The newsletter's JPEG, made only for pictures an issue named (uploads/mail-picture.ts); missing is fine.
  if (area === "article_pics" || area === "media_thumbnails") files.push(mailPictureName(name));
  await uploadStorage(uploadsDir).remove(files.map((f) => `${area}/${f}`));
}

/** Deletes a media's file, its thumbnail and all their variants (for a deleted media or a replaced file). */
export async function removeMediaFiles(uploadsDir: string, media: { path: string; thumbnail: string | null }): Promise<void> {
  if (media.path) await removeUpload(uploadsDir, "media", media.path);
  if (media.thumbnail) await removeUpload(uploadsDir, "media_thumbnails", media.thumbnail);
}
