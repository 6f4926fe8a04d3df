/**
 * Empty drafts (issue 32): a new article reaches the server at the first pause in typing, so a draft is never
 * created empty (writes.ts refuses it), but its author may empty it and walk away. Such a draft holds nothing to
 * lose (no title, no text, no picture): the trash purge's round deletes it outright, a day after its last save so
 * that an author clearing the text to start again is not caught mid-sentence. Its revisions and links cascade.
 */
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles } from "../../../db/schema";

/** How long an emptied draft is kept after its last save. */
export const EMPTY_DRAFT_GRACE_MS = 24 * 60 * 60_000;

/** Deletes the drafts left empty since before `now` minus the grace; answers how many. */
export async function removeEmptyDrafts(db: Db, now = new Date(), limit = 100): Promise<number> {
  const before = new Date(now.getTime() - EMPTY_DRAFT_GRACE_MS);
  const empty = and(
    eq(articles.draft, true),
    isNull(articles.deletedAt),
    sql`trim(${articles.title}) = '' and trim(${articles.txtContent}) = '' and trim(${articles.htmlContent}) = ''`,
    isNull(articles.articlePic),
    isNull(articles.articlePicOriginal),
    lt(articles.updatedAt, before),
  );
  const due = db.select({ id: articles.id }).from(articles).where(empty).limit(limit);
  // Checked again by the delete itself: a save landing between the two statements keeps its draft.
  const gone = await db.delete(articles).where(and(inArray(articles.id, due), empty)).returning({ id: articles.id });
  return gone.length;
}
