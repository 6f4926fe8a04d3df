/**
 * The media lists, one page at a time (api/lib/list-query.ts): the back office's (every media) and the member's
 * (their own uploads in any state and the public media; only theirs with `mine`). Without `page`, the routes keep
 * the spec's whole array (docs/DECISIONS.md).
 */
import { and, eq, isNotNull, not, or, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { media } from "../../../db/schema";
import { dayRange, ftsSearch, isOn, listPage, moderationSort, moderationWhere, type CountParts, type ListSpec } from "../../lib/list-query";
import type { AdminMediaQuery, Media, MediaPage, MEDIA_SORTS, MemberMediaQuery } from "./model";
import { listMedia, mediaIsLive, mediaIsPublic, memberMedia } from "./service";

/** Sorts of the media lists, each with its index in db/schema/media.ts; status puts pending first. */
export const MEDIA_LIST: ListSpec<(typeof MEDIA_SORTS)[number]> = {
  table: media,
  id: media.id,
  sorts: {
    recent: { keys: [media.createdAt], dir: "desc" },
    title: { keys: [media.titleKey], dir: "asc" },
    // The uploader's folded name (media.uploader_key, kept by triggers), newest first within one uploader.
    author: { keys: [media.uploaderKey, { key: media.createdAt, reverse: true }], dir: "asc" },
    type: { keys: [media.type, { key: media.createdAt, reverse: true }], dir: "asc" },
    status: moderationSort(media),
  },
  defaultSort: "recent",
  changeFed: true,
  search: ftsSearch(media, "media_fts"),
  live: { where: mediaIsLive, trashed: isNotNull(media.deletedAt) },
};

/** The WHERE of a media list; for a member (`viewerId`), what they may see. */
export function mediaWhere(query: MemberMediaQuery, member?: { viewerId: string }): (SQL | undefined)[] {
  const own = member ? eq(media.uploadedBy, member.viewerId) : undefined;
  return [
    // First and always: the lists' indexes cover live rows only (db/schema/media.ts).
    mediaIsLive,
    // Approved and online without mediaIsPublic's « not in the trash » (said just above): repeated inside the OR it
    // makes SQLite read each row to test it instead of the sort's index alone (as for the member's articles).
    member ? (isOn(query.mine) ? own : or(and(eq(media.approved, true), eq(media.online, true)), own)) : undefined,
    moderationWhere(media, query.status),
    query.type ? eq(media.type, query.type) : undefined,
    query.uploader ? eq(media.uploadedBy, query.uploader) : undefined,
    dayRange(media.createdAt, query.from, query.to),
  ];
}

const read = (db: Db) => (ids: string[]) => listMedia(db, { ids, includeHidden: true });

/** GET /api/admin/media: one page when `page` is given, else every media (narrowed by `status` and `q`). */
export function adminMediaList(db: Db, query: AdminMediaQuery): Promise<Media[] | MediaPage> {
  if (query.page !== undefined) return listPage(db, MEDIA_LIST, query, mediaWhere(query), read(db), (m) => m._id);
  return listMedia(db, { includeHidden: true, status: query.status, q: query.q });
}

/** GET /api/user/media: one page when `page` is given, else the whole list the spec describes. */
export function memberMediaList(db: Db, viewerId: string, query: MemberMediaQuery): Promise<Media[] | MediaPage> {
  if (query.page === undefined) return memberMedia(db, viewerId, isOn(query.mine));
  // As for the member's articles (api/modules/articles/listing.ts): the view « public OR mine » is counted as the
  // public media plus the member's own that are not public, two index ranges instead of an OR SQLite scans
  // (first page at 20,000 media: 100 ms with the OR, 10 ms split).
  return listPage(db, MEDIA_LIST, query, mediaWhere(query, { viewerId }), read(db), (m) => m._id, memberMediaParts(viewerId, query));
}

/** The parts a member's media list is counted in (public, then own and not public); none with `mine`. */
export function memberMediaParts(viewerId: string, query: MemberMediaQuery): CountParts | undefined {
  const filters = mediaWhere(query);
  return isOn(query.mine) ? undefined : [[mediaIsPublic, ...filters], [eq(media.uploadedBy, viewerId), not(mediaIsPublic), ...filters]];
}
