/**
 * Article and media counts for the dashboard and the site build's time limit. Their modules have no count
 * functions and this module must not edit their services, so these read-only counts live here.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, media } from "../../../db/schema";
import { articleIsLive, articleIsPublic } from "../articles/service";
import { mediaIsLive, mediaIsPublic } from "../media/service";

/**
 * All articles, those readers can see (approved and online) and those waiting for approval. Trashed rows count
 * nowhere on the dashboards (they have their own « Corbeille »): every condition starts from the live rows.
 */
export async function countArticles(db: Db): Promise<{ total: number; published: number; pending: number }> {
  const [[all], [published], [pending]] = await Promise.all([
    db.select({ n: count() }).from(articles).where(articleIsLive),
    db.select({ n: count() }).from(articles).where(articleIsPublic),
    db.select({ n: count() }).from(articles).where(and(articleIsLive, eq(articles.approved, false), eq(articles.draft, false), isNull(articles.publishAt))),
  ]);
  return { total: all?.n ?? 0, published: published?.n ?? 0, pending: pending?.n ?? 0 };
}

export async function countMedia(db: Db): Promise<{ total: number; pending: number }> {
  const [[all], [pending]] = await Promise.all([
    db.select({ n: count() }).from(media).where(mediaIsLive),
    db.select({ n: count() }).from(media).where(and(mediaIsLive, eq(media.approved, false))),
  ]);
  return { total: all?.n ?? 0, pending: pending?.n ?? 0 };
}

/** What readers can see, articles and media: the site's size, for the build's time limit (api/lib/build-timeout.ts). */
export async function countPublished(db: Db): Promise<number> {
  const [[articleCount], [mediaCount]] = await Promise.all([
    db.select({ n: count() }).from(articles).where(articleIsPublic),
    db.select({ n: count() }).from(media).where(mediaIsPublic),
  ]);
  return (articleCount?.n ?? 0) + (mediaCount?.n ?? 0);
}
