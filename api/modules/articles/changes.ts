/**
 * The change feed as the site build reads it (issue 31 §1). The triggers of migration 0029 add a row to
 * `content_changes` in the transaction of every write to an article, its links, a member, a theme or a media; here
 * those rows become the articles whose public data may have changed since a sequence number: an article named
 * directly, the articles a changed member signed or whose media they uploaded, the articles of a changed theme and
 * those showing a changed media. The build then reads only those articles (GET /api/public/articles/full?ids=).
 */
import { and, eq, gt, inArray, lt, max, min, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articleAuthors, articleMedia, articleThemes, type ContentChangeKind, contentChanges, media } from "../../../db/schema";

/** Past this many articles a build reads the whole list again: one request instead of many ids. */
export const MAX_CHANGED_ARTICLES = 200;

export type ArticleChanges = {
  /** The newest sequence number: what to ask from next time. */
  latest: number;
  /** The articles touched since `since`; null when the reader must read every article again. */
  articles: string[] | null;
};

/** Rows older than this are deleted by `pruneChangeFeed` (a build process that slept longer reads everything). */
export const FEED_KEEP_MS = 7 * 24 * 60 * 60_000;

export async function articleChangesSince(db: Db, since: number | undefined): Promise<ArticleChanges> {
  const [top] = await db.select({ latest: max(contentChanges.seq), oldest: min(contentChanges.seq) }).from(contentChanges);
  const latest = top?.latest ?? 0;
  if (since === undefined) return { latest, articles: null };
  // A number from the future: the database was replaced (a restore); everything is read again. Older than the
  // oldest row kept: rows it needs may have been pruned (a gap in the numbers would only cost a full read).
  if (!Number.isSafeInteger(since) || since < 0 || since > latest || since < (top?.oldest ?? 1) - 1) return { latest, articles: null };
  if (since === latest) return { latest, articles: [] };
  const changed = (kind: ContentChangeKind) =>
    db
      .selectDistinct({ id: contentChanges.id })
      .from(contentChanges)
      .where(and(gt(contentChanges.seq, since), sql`${contentChanges.seq} <= ${latest}`, eq(contentChanges.kind, kind)));
  const [direct, byAuthor, byUploader, byTheme, byMedia] = await Promise.all([
    changed("article"),
    db.selectDistinct({ id: articleAuthors.articleId }).from(articleAuthors).where(inArray(articleAuthors.userId, changed("user"))),
    db
      .selectDistinct({ id: articleMedia.articleId })
      .from(articleMedia)
      .innerJoin(media, eq(media.id, articleMedia.mediaId))
      .where(inArray(media.uploadedBy, changed("user"))),
    db.selectDistinct({ id: articleThemes.articleId }).from(articleThemes).where(inArray(articleThemes.themeId, changed("theme"))),
    db.selectDistinct({ id: articleMedia.articleId }).from(articleMedia).where(inArray(articleMedia.mediaId, changed("media"))),
  ]);
  const ids = [...new Set([...direct, ...byAuthor, ...byUploader, ...byTheme, ...byMedia].map((r) => r.id))].sort();
  return { latest, articles: ids.length > MAX_CHANGED_ARTICLES ? null : ids };
}

/**
 * Deletes the feed's rows older than `keepMs`, always keeping the newest (so the sequence never seems to go back);
 * run by the server's poll loop (api/server.ts). A reader that asks from before the oldest row left reads everything.
 */
export async function pruneChangeFeed(db: Db, now = new Date(), keepMs = FEED_KEEP_MS): Promise<number> {
  const [top] = await db.select({ latest: max(contentChanges.seq) }).from(contentChanges);
  if (!top?.latest) return 0;
  const gone = await db
    .delete(contentChanges)
    .where(and(lt(contentChanges.at, new Date(now.getTime() - keepMs)), lt(contentChanges.seq, top.latest)))
    .returning({ seq: contentChanges.seq });
  return gone.length;
}
