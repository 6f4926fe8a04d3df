/**
 * The change feed as the site build reads it (issue 31 §1). The triggers of migrations 0029 and 0033 add a row to
 * `content_changes` in the transaction of every write to an article, its links, a member, a theme, a media or an
 * event; here those rows become what the public lists show that may have changed since a sequence number:
 *  - articles: one named directly, those a changed member signed or whose media they uploaded, those of a changed
 *    theme and those showing a changed media;
 *  - media: one named directly, those a changed member uploaded;
 *  - events: one named directly (its row, organizers or themes), those a changed member organizes, those of a
 *    changed theme.
 * The build then reads only those (GET /api/public/articles/full?ids=, …/summaries?ids=, /api/public/media-by-ids,
 * /api/public/events-by-ids).
 */
import { and, eq, gt, inArray, lt, max, min, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { MAX_IDS } from "../../lib/ids-query";
import { articleAuthors, articleMedia, articleThemes, type ContentChangeKind, contentChanges, eventOrganizers, eventThemes, media } from "../../../db/schema";

export type FeedChanges = {
  /** The newest sequence number: what to ask from next time. */
  latest: number;
  /** The articles touched since `since`; null when the reader must read every article again. */
  articles: string[] | null;
  /** The same for the media and the events. */
  media: string[] | null;
  events: string[] | null;
};

/** Rows older than this are deleted by `pruneChangeFeed` (a build process that slept longer reads everything). */
export const FEED_KEEP_MS = 7 * 24 * 60 * 60_000;

/** Distinct ids, sorted; null past MAX_IDS (the build reads that whole list again: one request, not many ids). */
function capped(rows: { id: string }[][]): string[] | null {
  const ids = [...new Set(rows.flat().map((r) => r.id))].sort();
  return ids.length > MAX_IDS ? null : ids;
}

export async function articleChangesSince(db: Db, since: number | undefined): Promise<FeedChanges> {
  const [top] = await db.select({ latest: max(contentChanges.seq), oldest: min(contentChanges.seq) }).from(contentChanges);
  const latest = top?.latest ?? 0;
  const everything = { latest, articles: null, media: null, events: null };
  if (since === undefined) return everything;
  // A number from the future: the database was replaced (a restore); everything is read again. Older than the
  // oldest row kept: rows it needs may have been pruned (a gap in the numbers would only cost a full read).
  if (!Number.isSafeInteger(since) || since < 0 || since > latest || since < (top?.oldest ?? 1) - 1) return everything;
  if (since === latest) return { latest, articles: [], media: [], events: [] };
  const changed = (kind: ContentChangeKind) =>
    db
      .selectDistinct({ id: contentChanges.id })
      .from(contentChanges)
      .where(and(gt(contentChanges.seq, since), sql`${contentChanges.seq} <= ${latest}`, eq(contentChanges.kind, kind)));
  const [direct, byAuthor, byUploader, byTheme, byMedia, mediaDirect, mediaByUploader, eventsDirect, eventsByOrganizer, eventsByTheme] = await Promise.all([
    changed("article"),
    db.selectDistinct({ id: articleAuthors.articleId }).from(articleAuthors).where(inArray(articleAuthors.userId, changed("user"))),
    db
      .selectDistinct({ id: articleMedia.articleId })
      .from(articleMedia)
      .innerJoin(media, eq(media.id, articleMedia.mediaId))
      .where(inArray(media.uploadedBy, changed("user"))),
    db.selectDistinct({ id: articleThemes.articleId }).from(articleThemes).where(inArray(articleThemes.themeId, changed("theme"))),
    db.selectDistinct({ id: articleMedia.articleId }).from(articleMedia).where(inArray(articleMedia.mediaId, changed("media"))),
    changed("media"),
    db.selectDistinct({ id: media.id }).from(media).where(inArray(media.uploadedBy, changed("user"))),
    changed("event"),
    db.selectDistinct({ id: eventOrganizers.eventId }).from(eventOrganizers).where(inArray(eventOrganizers.userId, changed("user"))),
    db.selectDistinct({ id: eventThemes.eventId }).from(eventThemes).where(inArray(eventThemes.themeId, changed("theme"))),
  ]);
  return {
    latest,
    articles: capped([direct, byAuthor, byUploader, byTheme, byMedia]),
    media: capped([mediaDirect, mediaByUploader]),
    events: capped([eventsDirect, eventsByOrganizer, eventsByTheme]),
  };
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
