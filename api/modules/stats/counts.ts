/**
 * Article and media counts for the dashboard. Their modules have no count functions and this module must not
 * edit their services, so these two read-only counts live here.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, media } from "../../../db/schema";

/** All articles, those readers can see (approved and online) and those waiting for approval. */
// Trashed rows count nowhere on the dashboards (they have their own « Corbeille »).
const liveArticle = isNull(articles.deletedAt);
const liveMedia = isNull(media.deletedAt);

export async function countArticles(db: Db): Promise<{ total: number; published: number; pending: number }> {
  const [[all], [published], [pending]] = await Promise.all([
    db.select({ n: count() }).from(articles).where(liveArticle),
    db.select({ n: count() }).from(articles).where(and(liveArticle, eq(articles.approved, true), eq(articles.online, true))),
    db.select({ n: count() }).from(articles).where(and(liveArticle, eq(articles.approved, false), eq(articles.draft, false))),
  ]);
  return { total: all?.n ?? 0, published: published?.n ?? 0, pending: pending?.n ?? 0 };
}

export async function countMedia(db: Db): Promise<{ total: number; pending: number }> {
  const [[all], [pending]] = await Promise.all([
    db.select({ n: count() }).from(media).where(liveMedia),
    db.select({ n: count() }).from(media).where(and(liveMedia, eq(media.approved, false))),
  ]);
  return { total: all?.n ?? 0, pending: pending?.n ?? 0 };
}
