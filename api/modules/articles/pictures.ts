/**
 * The article's picture (the crop shown on the site, and the original kept so the crop can be redone). A member's
 * new picture for an approved article is unreviewed content: it waits in the pending edit like the text
 * (revisions.ts), and the public page keeps the approved picture until an admin approves the edit. A file is
 * removed once neither the article nor a kept revision names it (picture-files.ts).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articleRevisions, articles, type ArticleRow } from "../../../db/schema";
import type { FileRule, ReadForm } from "../../lib/uploads/form";
import { savePicture } from "../../lib/uploads/store";
import { submissionEvents } from "../notifications/events";
import { removeUnnamedPictures } from "./picture-files";
import { keepApprovedPictureSteps, pendingRevision, revisionSteps, workingText, type Pictures } from "./revisions";
import { articleForWrite, runBatch, type Actor } from "./writes";

export type PictureSlot = "articlePic" | "articlePicOriginal";

/** The picture part of the picture routes (§9: 5 MB, JPG, PNG or WEBP). */
export function pictureRule(field: "originalPic" | "croppedPic"): FileRule {
  return { field, accept: ["picture"], maxBytes: 5 * 1024 * 1024, required: true };
}

/**
 * Writes a change of the pictures and answers the file names it replaced. A member's change of an approved article
 * goes to its pending edit (a revision, as a text save does); anything else is written to the row, and an admin's
 * change also to a pending edit, so approving that edit does not bring the older picture back.
 */
async function changePictures(db: Db, row: ArticleRow, actor: Actor, change: Partial<Pictures>): Promise<(string | null)[]> {
  const now = new Date();
  const slots = (Object.keys(change) as (keyof Pictures)[]).filter((k): k is PictureSlot => k === "articlePic" || k === "articlePicOriginal");
  if (!actor.admin && row.approved) {
    const working = await workingText(db, row);
    const keep = await keepApprovedPictureSteps(db, row, now);
    const revision = await revisionSteps(db, row, { ...working, ...change }, actor.id, now);
    await runBatch(db, [
      ...keep,
      // A member's save cancels a schedule (it was set for another version), as in updateArticle.
      db.update(articles).set({ pendingRevisionId: revision.id, publishAt: null }).where(eq(articles.id, row.id)),
      ...revision.steps,
      ...submissionEvents(db, "article", row.id, actor, now),
    ]);
    return slots.map((s) => working[s]);
  }
  const pending = await pendingRevision(db, row);
  await runBatch(db, [
    db.update(articles).set({ ...change, updatedAt: now }).where(eq(articles.id, row.id)),
    ...(pending ? [db.update(articleRevisions).set(change).where(and(eq(articleRevisions.id, pending.id), eq(articleRevisions.articleId, row.id)))] : []),
  ]);
  return slots.flatMap((s) => [row[s], pending?.[s] ?? null]);
}

/**
 * Saves a new picture for an article: the crop (shown on the site, 800 px wide) or the original (never shown).
 * Every save gets a new file name (pictures are cached).
 */
export async function saveArticlePicture(db: Db, uploadsDir: string, id: string, actor: Actor, slot: PictureSlot, readForm: ReadForm) {
  // 404 or 403 before a byte of the body is read.
  await articleForWrite(db, id, actor);
  const form = await readForm();
  let name: string;
  const bytes = form.file!.size;
  try {
    name = await savePicture(uploadsDir, "article_pics", form.file!, slot === "articlePic" ? { width: 800 } : { maxSide: 2000 });
  } finally {
    await form.file?.discard();
  }
  let replaced: (string | null)[];
  try {
    const row = await articleForWrite(db, id, actor);
    // The bytes received count against the authors' pending quota (api/modules/upload-quota).
    replaced = await changePictures(db, row, actor, { [slot]: name, [`${slot}Bytes`]: bytes });
  } catch (e) {
    await removeUnnamedPictures(db, uploadsDir, [name]);
    throw e;
  }
  await removeUnnamedPictures(db, uploadsDir, replaced);
  return picturesAnswer(db, id, slot === "articlePic" ? "Image recadrée et sauvée" : "Image originale enregistrée");
}

/** Removes both pictures of an article (the cropped one and its original); for a member's published article, on approval. */
export async function deleteArticlePicture(db: Db, uploadsDir: string, id: string, actor: Actor) {
  const row = await articleForWrite(db, id, actor);
  const replaced = await changePictures(db, row, actor, { articlePic: null, articlePicOriginal: null, articlePicBytes: 0, articlePicOriginalBytes: 0 });
  await removeUnnamedPictures(db, uploadsDir, replaced);
  return picturesAnswer(db, id, "Image supprimée");
}

/** The pictures as the article's authors and admins work on them (a pending edit's when there is one). */
async function picturesAnswer(db: Db, id: string, message: string) {
  const [row] = await db
    .select({ id: articles.id, pendingRevisionId: articles.pendingRevisionId, articlePic: articles.articlePic, articlePicOriginal: articles.articlePicOriginal })
    .from(articles)
    .where(eq(articles.id, id));
  const pics = (row && (await pendingRevision(db, row))) ?? row;
  return { _id: id, articlePic: pics?.articlePic ?? null, articlePicOriginal: pics?.articlePicOriginal ?? null, message };
}

