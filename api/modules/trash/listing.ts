/**
 * The trash list (« Corbeille »): articles and media with `deleted_at` set, most recently deleted first, one page
 * at a time. Two tables in one list, so not a `ListSpec` of api/lib/list-query.ts (one table each): the same
 * query schema, page sizes and full-text search (each table's own FTS index), over a UNION ALL of the two
 * trash indexes (db/schema: `articles_trash_idx`, `media_trash_idx`). The trash holds 30 days of
 * deletions, so the union stays small.
 */
import { and, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { articles, media, users } from "../../../db/schema";
import { pageOf } from "../../lib/list-query";
import { ARTICLE_LIST } from "../articles/listing";
import { MEDIA_LIST } from "../media/listing";
import { summaryColumns, toUserSummary } from "../members/mappers";
import { TRASH_DAYS, type TrashItem, type TrashKind, type TrashPage, type TrashQuery } from "./model";

const DAY_MS = 86_400_000;

/** `ownerId`: a member's trash (the articles they co-wrote, the media they uploaded); none for admins. */
export type TrashScope = { ownerId?: string };

function partOf(kind: TrashKind, scope: TrashScope, q: string | undefined): SQL | null {
  if (kind === "article") {
    const search = q ? ARTICLE_LIST.search!.where(q, false) : undefined;
    if (search === null) return null;
    const own = scope.ownerId ? sql`${articles.id} in (select article_id from article_authors where user_id = ${scope.ownerId})` : undefined;
    return sql`select 'article' as kind, ${articles.id} as id, ${articles.deletedAt} as deleted_at from ${articles} where ${and(isNotNull(articles.deletedAt), own, search)}`;
  }
  const search = q ? MEDIA_LIST.search!.where(q, false) : undefined;
  if (search === null) return null;
  const own = scope.ownerId ? eq(media.uploadedBy, scope.ownerId) : undefined;
  return sql`select 'media' as kind, ${media.id} as id, ${media.deletedAt} as deleted_at from ${media} where ${and(isNotNull(media.deletedAt), own, search)}`;
}

/** One page of the trash, with its total. */
export async function trashPage(db: Db, scope: TrashScope, query: TrashQuery): Promise<TrashPage> {
  const { page, pageSize } = pageOf(query);
  // A search with nothing to look for (punctuation only) lists everything, as the other lists do.
  const q = query.q?.trim() || undefined;
  const kinds: TrashKind[] = query.kind ? [query.kind] : ["article", "media"];
  const parts = kinds.map((k) => partOf(k, scope, q) ?? partOf(k, scope, undefined)!);
  const union = sql.join(parts, sql` union all `);
  const [rows, [counted]] = await Promise.all([
    db.all<{ kind: TrashKind; id: string }>(
      sql`select kind, id from (${union}) order by deleted_at desc, id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    db.all<{ n: number }>(sql`select count(*) as n from (${union})`),
  ]);
  const items = await trashItems(db, rows);
  return { items, total: Number(counted?.n ?? 0), page, pageSize };
}

/** The rows of a page in full, in the page's order. */
async function trashItems(db: Db, refs: { kind: TrashKind; id: string }[]): Promise<TrashItem[]> {
  const ids = (kind: TrashKind) => refs.filter((r) => r.kind === kind).map((r) => r.id);
  const [articleIds, mediaIds] = [ids("article"), ids("media")];
  const [articleRows, mediaRows] = await Promise.all([
    articleIds.length
      ? db
          .select({ id: articles.id, title: articles.title, url: articles.url, deletedAt: articles.deletedAt, by: summaryColumns })
          .from(articles)
          .leftJoin(users, eq(users.id, articles.deletedBy))
          .where(inArray(articles.id, articleIds))
      : [],
    mediaIds.length
      ? db
          .select({ id: media.id, title: media.title, url: media.url, type: media.type, deletedAt: media.deletedAt, by: summaryColumns })
          .from(media)
          .leftJoin(users, eq(users.id, media.deletedBy))
          .where(inArray(media.id, mediaIds))
      : [],
  ]);
  const item = (kind: TrashKind, r: { id: string; title: string; url: string; deletedAt: Date | null; by: Parameters<typeof toUserSummary>[0] | null }, mediaType: string | null): TrashItem => {
    const deletedAt = r.deletedAt ?? new Date(0);
    return {
      kind,
      _id: r.id,
      title: r.title,
      mediaType,
      url: kind === "article" ? `/article/${r.url}` : `/media/${r.url}`,
      deletedAt: deletedAt.toISOString(),
      purgeAt: new Date(deletedAt.getTime() + TRASH_DAYS * DAY_MS).toISOString(),
      deletedBy: r.by ? toUserSummary(r.by) : null,
    };
  };
  const byKey = new Map<string, TrashItem>();
  for (const r of articleRows) byKey.set(`article:${r.id}`, item("article", r, null));
  for (const r of mediaRows) byKey.set(`media:${r.id}`, item("media", r, r.type));
  return refs.flatMap((r) => byKey.get(`${r.kind}:${r.id}`) ?? []);
}
