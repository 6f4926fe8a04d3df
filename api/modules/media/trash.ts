/**
 * Media in and out of the trash (« Corbeille », issue 20 §6), as articles are (api/modules/articles/trash.ts):
 * `deleted_at` hides a media everywhere but the trash, its links to articles and its files stay; « Restaurer »
 * clears the mark; « Supprimer définitivement » and the 30-day purge remove the row (its article links cascade)
 * and then its files.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { media, type MediaRow } from "../../../db/schema";
import { ForbiddenError, NotFoundError } from "../../lib/errors";
import { removeMediaFiles } from "../../lib/uploads/store";
import { purgeRows, restoreRow, trashRows, type TrashActor } from "../articles/trash";

/** The media row in the trash (`inTrash`) or out of it, 404 otherwise; for a member, 403 unless they uploaded it. */
export async function mediaInPlace(db: Db, id: string, actor: { id: string; admin: boolean }, inTrash: boolean): Promise<MediaRow> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), inTrash ? isNotNull(media.deletedAt) : isNull(media.deletedAt)))
    .limit(1);
  if (!row) throw new NotFoundError(inTrash ? "Média introuvable dans la corbeille." : "Média non disponible.");
  if (!actor.admin && row.uploadedBy !== actor.id) {
    throw new ForbiddenError("Ce média n'est pas le vôtre\u00a0: seul son auteur peut le modifier ou le supprimer.");
  }
  return row;
}

const MEDIA = { table: media, kind: "media" } as const;

/** Moves live media to the trash, with one journal entry each (the rows and the entries together). */
export function trashMedia(db: Db, rows: { id: string; title: string }[], actor: TrashActor, route: string, now = new Date()) {
  return trashRows(db, MEDIA, rows, actor, route, now);
}

/** « Restaurer »: the media leaves the trash as it was (flags, article links untouched meanwhile). */
export async function restoreMedia(db: Db, id: string, actor: TrashActor, route: string) {
  const row = await mediaInPlace(db, id, actor, true);
  await restoreRow(db, MEDIA, row, actor, route);
  return { _id: id, kind: "media" as const, title: row.title, message: "Média restauré." };
}

/** Removes trashed media for good: rows still in the trash, then their files. */
export async function purgeMediaRows(db: Db, uploadsDir: string, rows: MediaRow[], actor: { id: string | null; nickname: string }, route: string, now = new Date()) {
  const gone = await purgeRows(db, MEDIA, rows, actor, route, now);
  for (const row of gone) await removeMediaFiles(uploadsDir, row);
}

/** « Supprimer définitivement » one media of the trash. */
export async function purgeOneMedia(db: Db, uploadsDir: string, id: string, actor: TrashActor, route: string) {
  const row = await mediaInPlace(db, id, actor, true);
  await purgeMediaRows(db, uploadsDir, [row], actor, route);
  return { _id: id, kind: "media" as const, title: row.title, message: "Média supprimé définitivement." };
}
