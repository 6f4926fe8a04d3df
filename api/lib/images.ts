/**
 * Responsive variants of uploaded pictures. For `<area>/<base>.jpg` we write `<base>-<w>.avif` and
 * `<base>-<w>.webp` for each width of the area; the site's Picture component relies on exactly these names.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { loadSharp } from "./sharp";

export const VARIANT_WIDTHS = {
  profile_pics: [96, 192, 300],
  article_pics: [400, 800],
  media_thumbnails: [240, 480],
  media: [640, 1200],
  /** Pictures inside article bodies: the reading column is 40rem (640 px, 1280 px on dense screens). */
  body_pics: [640, 1280],
} as const;

export type ImageArea = keyof typeof VARIANT_WIDTHS;

const PICTURE = /\.(jpe?g|png|webp|gif)$/i;

/** Variant file names for one source file, e.g. ("abc.jpg", 400) -> "abc-400.avif" / "abc-400.webp". */
export function variantName(file: string, width: number, format: "avif" | "webp"): string {
  return `${file.replace(/\.[^.]+$/, "")}-${width}.${format}`;
}

/** The newsletter's JPEG of a picture (api/lib/uploads/mail-picture.ts): `abc.jpg` -> `abc-mail.jpg`. */
export function mailPictureName(file: string): string {
  return `${file.replace(/\.[^.]+$/, "")}-mail.jpg`;
}

/**
 * Writes the variants of one picture. EXIF (GPS included) is dropped by sharp; `.rotate()` first applies the
 * orientation it would otherwise lose. Never enlarges: a narrow original gives variants at its own width, so
 * every advertised file exists.
 */
export async function writeImageVariants(path: string, area: ImageArea): Promise<string[]> {
  const sharp = await loadSharp();
  const dir = path.slice(0, path.lastIndexOf("/"));
  const file = path.slice(path.lastIndexOf("/") + 1);
  const written: string[] = [];
  for (const width of VARIANT_WIDTHS[area]) {
    const base = sharp(path).rotate().resize({ width, withoutEnlargement: true });
    const avif = join(dir, variantName(file, width, "avif"));
    const webp = join(dir, variantName(file, width, "webp"));
    // effort 0: AVIF at the default effort costs ~0.3 s per 800 px picture on these 2-core machines, for files
    // only a few percent smaller.
    await Promise.all([base.clone().avif({ quality: 55, effort: 0 }).toFile(avif), base.clone().webp({ quality: 78 }).toFile(webp)]);
    written.push(avif, webp);
  }
  return written;
}

/** Variants for every original picture of an area folder (used by the seed). */
export async function writeFolderVariants(uploadsDir: string, area: ImageArea): Promise<number> {
  const dir = join(uploadsDir, area);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => PICTURE.test(f) && !/-(\d+|mail)\.\w+$/.test(f));
  // Two at a time: libvips already uses both cores for each picture.
  for (let i = 0; i < files.length; i += 2) {
    await Promise.all(files.slice(i, i + 2).map((f) => writeImageVariants(join(dir, f), area)));
  }
  return files.length;
}
