/**
 * Article picture files (uploads/article_pics) are shared by the row and its revisions: a member's new picture
 * for a published article waits in the pending revision, and the approved one stays named by the sealed revisions
 * of « Historique ». A file is removed only once nothing names it any more.
 */
import { inArray, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articleRevisions, articles } from "../../../db/schema";
import { removeUpload } from "../../lib/uploads/store";

/** The picture files the revisions of these articles name (read before a purge removes the revisions). */
export async function revisionPictureNames(db: Db, articleIds: string[]): Promise<string[]> {
  if (!articleIds.length) return [];
  const rows = await db
    .select({ pic: articleRevisions.articlePic, original: articleRevisions.articlePicOriginal })
    .from(articleRevisions)
    .where(inArray(articleRevisions.articleId, articleIds));
  return rows.flatMap((r) => [r.pic, r.original]).filter((n): n is string => !!n);
}

/** Removes those of `names` that no article (trashed ones included) and no kept revision names. */
export async function removeUnnamedPictures(db: Db, uploadsDir: string, names: (string | null | undefined)[]): Promise<void> {
  const candidates = [...new Set(names.filter((n): n is string => !!n))];
  if (!candidates.length) return;
  const [rows, revs] = await Promise.all([
    db
      .select({ pic: articles.articlePic, original: articles.articlePicOriginal })
      .from(articles)
      .where(or(inArray(articles.articlePic, candidates), inArray(articles.articlePicOriginal, candidates))),
    db
      .select({ pic: articleRevisions.articlePic, original: articleRevisions.articlePicOriginal })
      .from(articleRevisions)
      .where(or(inArray(articleRevisions.articlePic, candidates), inArray(articleRevisions.articlePicOriginal, candidates))),
  ]);
  const named = new Set([...rows, ...revs].flatMap((r) => [r.pic, r.original]));
  await Promise.all(candidates.filter((n) => !named.has(n)).map((n) => removeUpload(uploadsDir, "article_pics", n)));
}
