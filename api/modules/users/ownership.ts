/**
 * What a member owns elsewhere (articles they author, media they uploaded, events they organise), and the
 * statements that hand it over when the member is deleted. This reads the articles and media tables directly,
 * which modules otherwise leave to each other's services: the hand-over must run in the same batch as the
 * deletion (all or nothing), so it cannot be a call into another service.
 */
import { and, count, eq, exists, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articleAuthors, eventOrganizers, media } from "../../../db/schema";

/** Articles of `userId` that have no other author. */
const soleAuthored = (db: Db, userId: string) => {
  const other = db
    .select({ one: sql`1` })
    .from(articleAuthors)
    .where(and(sql`${articleAuthors.articleId} = "aa"."article_id"`, ne(articleAuthors.userId, userId)));
  return sql`select "aa"."article_id", "aa"."position" from ${articleAuthors} "aa" where "aa"."user_id" = ${userId} and not ${exists(other)}`;
};

export async function ownershipOf(db: Db, userId: string) {
  const [[authored], [sole], [uploaded], [organised]] = await Promise.all([
    db.select({ n: count() }).from(articleAuthors).where(eq(articleAuthors.userId, userId)),
    db.all<{ n: number }>(sql`select count(*) as n from (${soleAuthored(db, userId)})`),
    db.select({ n: count() }).from(media).where(eq(media.uploadedBy, userId)),
    db.select({ n: count() }).from(eventOrganizers).where(eq(eventOrganizers.userId, userId)),
  ]);
  return { articles: authored?.n ?? 0, soleAuthorArticles: Number(sole?.n ?? 0), media: uploaded?.n ?? 0, events: organised?.n ?? 0 };
}

/**
 * Statements giving `to` the articles `from` is the only author of (at the same place in the byline) and the
 * media `from` uploaded. Co-authored articles simply lose `from` when the member row goes (cascade).
 */
export function handOver(db: Db, from: string, to: string) {
  return [
    db.run(
      sql`insert into ${articleAuthors} ("article_id", "user_id", "position") select "article_id", ${to}, "position" from (${soleAuthored(db, from)})`,
    ),
    db.update(media).set({ uploadedBy: to }).where(eq(media.uploadedBy, from)),
  ] as const;
}
