import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { media, users, type MediaRow } from "../../../db/schema";
import { NotFoundError } from "../../lib/errors";
import { summaryColumns, toUserSummary } from "../members/mappers";
import type { Media } from "./model";

/** What the public may see: approved by an admin and online. */
export const mediaIsPublic = and(eq(media.approved, true), eq(media.online, true))!;

type Uploader = Parameters<typeof toUserSummary>[0] | null;

export function toMedia(row: MediaRow, uploader: Uploader): Media {
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
};

/** Media newest first, with their uploader. */
export async function listMedia(db: Db, filter: MediaFilter = {}): Promise<Media[]> {
  const where: SQL[] = [];
  if (!filter.includeHidden) where.push(mediaIsPublic);
  if (filter.uploaderId) where.push(eq(media.uploadedBy, filter.uploaderId));
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    where.push(inArray(media.id, filter.ids));
  }
  const rows = await db
    .select({ media, uploader: summaryColumns })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(and(...where))
    .orderBy(desc(media.createdAt));
  return rows.map((r) => toMedia(r.media, r.uploader));
}

/** One public media by its slug; 404 when it does not exist or is not public. */
export async function getPublicMedia(db: Db, url: string): Promise<Media> {
  const [row] = await db
    .select({ media, uploader: summaryColumns })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(and(eq(media.url, url), mediaIsPublic))
    .limit(1);
  if (!row) throw new NotFoundError("Média non disponible.");
  return toMedia(row.media, row.uploader);
}

/** One media as a signed-in person may see it: admins everything, members public media and their own uploads. */
export async function getMediaFor(db: Db, url: string, viewer: { id: string; role: "admin" | "user" }): Promise<Media> {
  const [row] = await db
    .select({ media, uploader: summaryColumns })
    .from(media)
    .leftJoin(users, eq(users.id, media.uploadedBy))
    .where(eq(media.url, url))
    .limit(1);
  const visible =
    row && (viewer.role === "admin" || (row.media.approved && row.media.online) || row.media.uploadedBy === viewer.id);
  if (!visible) throw new NotFoundError("Média non disponible.");
  return toMedia(row.media, row.uploader);
}
