/**
 * The picture of an item as a newsletter shows it. The site's variants are AVIF and WebP, which Outlook and many
 * mail apps cannot show; a mail needs a JPEG. One JPEG per picture, `<stem>-mail.jpg` beside its original (public
 * with it: uploads/visibility.ts), at most MAIL_PICTURE_WIDTH pixels wide (twice the mail's 552 px column, for
 * dense screens). Made the first time an issue names the picture, so pictures kept before newsletters had
 * pictures get one too; made again only if it is missing.
 */
import { join } from "node:path";
import { loadSharp } from "../sharp";
import { mailPictureName } from "../images";
import { uploadStorage } from "../storage";
import { MAX_INPUT_PIXELS } from "./store";

/** Pixels of the JPEG: the mail column is 552 CSS px (600 minus its padding), times two. */
export const MAIL_PICTURE_WIDTH = 1104;

export type MailPicture = { src: string; width: number; height: number };

async function bytesOf(body: Blob | ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(body).arrayBuffer());
}

/**
 * The mail JPEG of `area/file` (made now if missing), with its pixel size; null when the original is gone or
 * unreadable (the item then goes out without a picture rather than failing the issue).
 */
export async function ensureMailPicture(uploadsDir: string, area: "article_pics" | "media_thumbnails", file: string): Promise<MailPicture | null> {
  const sharp = await loadSharp();
  const storage = uploadStorage(uploadsDir);
  const name = mailPictureName(file);
  const src = `/uploads/${area}/${name}`;
  try {
    if (await storage.stat(`${area}/${name}`)) {
      const meta = await sharp(await bytesOf(storage.body(`${area}/${name}`))).metadata();
      return { src, width: meta.width, height: meta.height };
    }
    if (!(await storage.stat(`${area}/${file}`))) return null;
    const input = await bytesOf(storage.body(`${area}/${file}`));
    const stage = await storage.stage(area);
    try {
      // Flattened on white: JPEG has no transparency, and a mail in dark mode keeps the picture as it is.
      const info = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .autoOrient()
        .resize({ width: MAIL_PICTURE_WIDTH, withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 72, mozjpeg: true, progressive: true })
        .toFile(join(stage.dir, name));
      await stage.keep([name]);
      return { src, width: info.width, height: info.height };
    } catch (e) {
      await stage.drop([name]);
      throw e;
    }
  } catch (e) {
    console.warn(`newsletter: no mail picture for ${area}/${file}: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}
