import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { media, users } from "../../../db/schema";
import { storedColumns, type StoredRow } from "../../../db/stored-columns";
import { NotFoundError } from "../../lib/errors";
import { summaryColumns, toUserSummary } from "../members/mappers";
import { searchMatcher } from "../articles/search";
import type { AdminMediaQuery, Media } from "./model";

/** Not in the trash (« Corbeille »): every read but the trash's own carries it (api/modules/trash). */
export const mediaIsLive = isNull(media.deletedAt);

/** What the public may see: out of the trash, approved by an admin and online. */
export const mediaIsPublic = and(mediaIsLive, eq(media.approved, true), eq(media.online, true))!;

type Uploader = Parameters<typeof toUserSummary>[0] | null;

/** A media's row as its reads select it: without the folded title, computed at each read (db/stored-columns.ts). */
const mediaColumns = storedColumns(media);
type MediaRead = StoredRow<typeof media>;

export function toMedia(row: MediaRead, uploader: Uploader): Media {
  return {
    _id: row.id,
    title: row.title,
    url: row.url,
    type: row.type,
    description: row.description,
    txt_content: row.txtContent,
    html_content: row.htmlContent,
    path: row.path,
    externalUrl: row.externalUrl,
    thumbnail: row.thumbnail,
    file: row.path && row.fileName ? { name: row.fileName, mime: row.fileMime, size: row.fileBytes } : null,
    duration: row.duration,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    uploadedBy: uploader && uploader.id ? toUserSummary(uploader) : null,
    approved: row.approved,
    online: row.online,
  };
}

export type MediaFilter = {
  uploaderId?: string;
  ids?: string[];
  /** Admin and owner views see pending and offline items too. */
  includeHidden?: boolean;
  /** A member's view: public media plus their own uploads in any state. */
  viewerId?: string;
  status?: AdminMediaQuery["status"];
  /** Words to find in the title, description or tags (case and accents ignored). */
  q?: string;
};

const STATUS_WHERE: Record<NonNullable<MediaFilter["status"]>, SQL> = {
  pending: eq(media.approved, false),
  approved: eq(media.approved, true),
  online: eq(media.online, true),
  offline: eq(media.online, false),
};

/** Media newest first, with their uploader. */
export async function listMedia(db: Db, filter: MediaFilter = {}): Promise<Media[]> {
  const where: SQL[] = [mediaIsLive];
  if (filter.viewerId && !filter.includeHidden) where.push(or(mediaIsPublic, eq(media.uploadedBy, filter.viewerId))!);
  else if (!filter.includeHidden) where.push(mediaIsPublic);
  if (filter.uploaderId) where.push(eq(media.uploadedBy, filter.uploaderId));
  if (filter.status) where.push(STATUS_WHERE[filter.status]);
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    where.push(inArray(media.id, filter.ids));
  }
  const rows = await db
    .select({ media: mediaColumns, uploader: summaryColumns })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(and(...where))
    // The id breaks ties, so the site build can place the media it reads by id (site/src/lib/api.ts).
    .orderBy(desc(media.createdAt), asc(media.id));
  const matches = searchMatcher(filter.q);
  const found = matches ? rows.filter((r) => matches(r.media.title, r.media.description, r.media.tags.join(" "))) : rows;
  return found.map((r) => toMedia(r.media, r.uploader));
}

/**
 * The public media among `ids` (the site build reads the media the change feed named, issue 31 §1), each the same
 * object the whole list carries; the build places them itself (newest first, then by id, as the list is ordered).
 */
export function publicMediaByIds(db: Db, ids: string[]): Promise<Media[]> {
  return listMedia(db, { ids });
}

/**
 * GET /api/user/media: the caller's uploads in any state and the other members' public media, newest first;
 * `mine` keeps only the caller's. (One call, not a ternary of two promises in the handler: Elysia 1.4's handler
 * analysis then answered `[null]`.)
 */
export function memberMedia(db: Db, viewerId: string, mine: boolean): Promise<Media[]> {
  return listMedia(db, mine ? { uploaderId: viewerId, includeHidden: true } : { viewerId });
}

/** One public media by its slug; 404 when it does not exist or is not public. */
export async function getPublicMedia(db: Db, url: string): Promise<Media> {
  const [row] = await db
    .select({ media: mediaColumns, uploader: summaryColumns })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(and(eq(media.url, url), mediaIsPublic))
    .limit(1);
  if (!row) throw new NotFoundError("Média non disponible.");
  return toMedia(row.media, row.uploader);
}

/** One media by id or by url (an id wins), whatever its state, with its uploader; undefined when unknown. */
async function findMediaRow(db: Db, idOrUrl: string) {
  const [row] = await db
    .select({ media: mediaColumns, uploader: summaryColumns })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(and(mediaIsLive, or(eq(media.id, idOrUrl), eq(media.url, idOrUrl))))
    .orderBy(desc(sql`${media.id} = ${idOrUrl}`))
    .limit(1);
  return row;
}

/** One media by id or url in any state (admin views, answers after a write); 404 when unknown. */
export async function findMedia(db: Db, idOrUrl: string): Promise<Media> {
  const row = await findMediaRow(db, idOrUrl);
  if (!row) throw new NotFoundError("Média non disponible.");
  return toMedia(row.media, row.uploader);
}

/**
 * One media (by id or url) as a signed-in person may see it: admins everything, members public media and their
 * own uploads; anything else is 404, so a draft's existence is not revealed.
 */
export async function getMediaFor(db: Db, idOrUrl: string, viewer: { id: string; role: "admin" | "user" }): Promise<Media> {
  const row = await findMediaRow(db, idOrUrl);
  const visible =
    row && (viewer.role === "admin" || (row.media.approved && row.media.online) || row.media.uploadedBy === viewer.id);
  if (!visible) throw new NotFoundError("Média non disponible.");
  return toMedia(row.media, row.uploader);
}
