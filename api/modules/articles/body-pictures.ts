/**
 * Pictures inside article bodies (issue 20 §1): uploaded by the editor before the article is saved, re-encoded
 * and resized by sharp with AVIF/WebP variants like every picture (api/lib/uploads/store.ts), then linked to the
 * articles whose HTML shows them. The link decides visibility (api/lib/uploads/visibility.ts): private to the
 * uploader, the linked articles' authors and admins until a linked article is approved and online. Bytes count
 * against the uploader's pending quota until an approved article shows the picture (api/modules/upload-quota).
 */
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../../../db/client";
import { articleBodyPictures, bodyPictures } from "../../../db/schema";
import type { FileRule, ReadForm } from "../../lib/uploads/form";
import { removeUpload, savePictureSized } from "../../lib/uploads/store";
import type { BodyPicture } from "./model";

export const BODY_PICS = "/uploads/body_pics/";

/** The form of POST /api/user/articles/body-pictures: one picture (JPG, PNG, WEBP, GIF), 5 MB at most. */
export const BODY_PICTURE_RULE: FileRule = { field: "picture", accept: ["picture"], maxBytes: 5 * 1024 * 1024, required: true };

/** Keeps an uploaded body picture for `userId`; answers the address the editor puts in the HTML and its size. */
export async function saveBodyPicture(db: Db, uploadsDir: string, userId: string, readForm: ReadForm): Promise<BodyPicture> {
  const form = await readForm();
  const bytes = form.file!.size;
  let name: string;
  let width: number;
  let height: number;
  try {
    // The size comes from the encoder: the kept file may be in a bucket, not on this disk.
    ({ name, width, height } = await savePictureSized(uploadsDir, "body_pics", form.file!));
  } finally {
    await form.file?.discard();
  }
  try {
    await db.insert(bodyPictures).values({ name, uploadedBy: userId, bytes, width, height, createdAt: new Date() });
    return { src: BODY_PICS + name, width, height };
  } catch (e) {
    await removeUpload(uploadsDir, "body_pics", name);
    throw e;
  }
}

/** File names of body pictures an HTML body shows (its `<img src="/uploads/body_pics/…">`). */
export function bodyPictureNames(html: string): string[] {
  const names = [...html.matchAll(/<img\b[^>]*\ssrc="\/uploads\/body_pics\/([A-Za-z0-9][A-Za-z0-9._-]{0,200})"/g)].map((m) => m[1]!);
  return [...new Set(names)];
}

/**
 * Statements that make the article's links match its new HTML (none when the HTML is not being changed). Only
 * pictures that exist are linked: a name is 24 random hex digits, shown only to those who may see the file.
 */
export async function bodyPictureSteps(db: Db, articleId: string, html: string | undefined): Promise<BatchItem<"sqlite">[]> {
  if (html === undefined) return [];
  const names = bodyPictureNames(html);
  const known = names.length ? await db.select({ name: bodyPictures.name }).from(bodyPictures).where(inArray(bodyPictures.name, names)) : [];
  const steps: BatchItem<"sqlite">[] = [db.delete(articleBodyPictures).where(eq(articleBodyPictures.articleId, articleId))];
  if (known.length) steps.push(db.insert(articleBodyPictures).values(known.map((k) => ({ articleId, name: k.name }))));
  return steps;
}

/** Whether `articleId` shows the picture (used by tests and the authorization matrix). */
export async function isLinked(db: Db, articleId: string, name: string): Promise<boolean> {
  const [row] = await db
    .select({ name: articleBodyPictures.name })
    .from(articleBodyPictures)
    .where(and(eq(articleBodyPictures.articleId, articleId), eq(articleBodyPictures.name, name)))
    .limit(1);
  return row !== undefined;
}
