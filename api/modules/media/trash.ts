/**
 * Media in and out of the trash (« Corbeille », issue 20 §6), as articles are (api/modules/articles/trash.ts):
 * `deleted_at` hides a media everywhere but the trash, its links to articles and its files stay; « Restaurer »
 * clears the mark; « Supprimer définitivement » and the 30-day purge remove the row (its article links cascade)
 * and then its files.
 */
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { media, type MediaRow } from "../../../db/schema";
import { ForbiddenError, NotFoundError } from "../../lib/errors";
import { removeMediaFiles } from "../../lib/uploads/store";
import { recordAudits } from "../audit/service";
import { TRASH_ACTIONS, trashJournal, type TrashActor } from "../articles/trash";

/** The media row in the trash (`inTrash`) or out of it, 404 otherwise; for a member, 403 unless they uploaded it. */
export async function mediaInPlace(db: Db, id: string, actor: { id: string; admin: boolean }, inTrash: boolean): Promise<MediaRow> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), inTrash ? isNotNull(media.deletedAt) : isNull(media.deletedAt)))
    .limit(1);
  if (!row) throw new NotFoundError(inTrash ? "Média introuvable dans la corbeille." : "Média non disponible.");
  if (!actor.admin && row.uploadedBy !== actor.id) {
    throw new ForbiddenError("Ce média n'est pas le vôtre : seul son auteur peut le modifier ou le supprimer.");
  }
  return row;
}

/** Moves live media to the trash, with one journal entry each (the rows and the entries together). */
export async function trashMedia(db: Db, rows: { id: string; title: string }[], actor: TrashActor, route: string, now = new Date()) {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.update(media).set({ deletedAt: now, deletedBy: actor.id }).where(and(inArray(media.id, ids), isNull(media.deletedAt)));
    await recordAudits(tx, trashJournal(rows, actor, TRASH_ACTIONS.trash, route, "media"), now);
  });
}

/** « Restaurer »: the media leaves the trash as it was (flags, article links untouched meanwhile). */
export async function restoreMedia(db: Db, id: string, actor: TrashActor, route: string) {
  const row = await mediaInPlace(db, id, actor, true);
  await db.transaction(async (tx) => {
    await tx.update(media).set({ deletedAt: null, deletedBy: null }).where(eq(media.id, id));
    await recordAudits(tx, trashJournal([row], actor, TRASH_ACTIONS.restore, route, "media"));
  });
  return { _id: id, kind: "media" as const, title: row.title, message: "Média restauré." };
}

/** Removes trashed media for good: rows still in the trash, then their files. */
export async function purgeMediaRows(db: Db, uploadsDir: string, rows: MediaRow[], actor: { id: string | null; nickname: string }, route: string, now = new Date()) {
  if (rows.length === 0) return;
  const gone = await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(media)
      .where(and(inArray(media.id, rows.map((r) => r.id)), isNotNull(media.deletedAt)))
      .returning({ id: media.id });
    const ids = new Set(deleted.map((d) => d.id));
    const purged = rows.filter((r) => ids.has(r.id));
    await recordAudits(tx, trashJournal(purged, actor, TRASH_ACTIONS.purge, route, "media"), now);
    return purged;
  });
  for (const row of gone) await removeMediaFiles(uploadsDir, row);
}

/** « Supprimer définitivement » one media of the trash. */
export async function purgeOneMedia(db: Db, uploadsDir: string, id: string, actor: TrashActor, route: string) {
  const row = await mediaInPlace(db, id, actor, true);
  await purgeMediaRows(db, uploadsDir, [row], actor, route);
  return { _id: id, kind: "media" as const, title: row.title, message: "Média supprimé définitivement." };
}
