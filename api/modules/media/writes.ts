/**
 * Media writes for both audiences. A member writes only what they uploaded, and what they write waits for an
 * admin (approved = false); an admin writes any media. Files come checked from the upload reader
 * (api/lib/uploads/form.ts) and are kept, replaced and removed through api/lib/uploads/store.ts only.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { newId } from "../../../db/ids";
import { media, type MediaRow } from "../../../db/schema";
import { BadRequestError, UnsupportedMediaTypeError } from "../../lib/errors";
import type { FileRule, ReadForm, UploadForm } from "../../lib/uploads/form";
import { unsupportedMessage } from "../../lib/uploads/formats";
import { keepMediaFile, removeMediaFiles } from "../../lib/uploads/store";
import { withFreeSlug } from "../articles/slug";
import type { Actor } from "../articles/writes";
import { flagEvents, submissionEvents } from "../notifications/events";
import { FILE_TYPES, isFileType, MEDIA_FIELDS, readMediaInput, type FileMediaType } from "./input";
import type { MediaState } from "./model";
import { findMedia } from "./service";
import { mediaInPlace, trashMedia } from "./trash";

/** The file part of the media form: any format of §5, up to the configured size (UPLOAD_MAX_MB). */
export function mediaFileRule(maxBytes: number): FileRule {
  return { field: "file", accept: FILE_TYPES, maxBytes, fields: MEDIA_FIELDS };
}

/** The media row out of the trash, 404 when unknown or trashed; for a member, 403 unless they uploaded it. */
export function mediaForWrite(db: Db, id: string, actor: Actor): Promise<MediaRow> {
  return mediaInPlace(db, id, actor, false);
}

/**
 * Keeps the form's file for a media of `type`, refusing content of another type (a PDF sent as « audio »), with
 * what the edit form shows of it: the name it had on the uploader's machine, its detected type and its size.
 */
async function keepFileFor(uploadsDir: string, form: UploadForm, type: FileMediaType) {
  const file = form.file!;
  if (file.kind !== type) throw new UnsupportedMediaTypeError(unsupportedMessage([type]));
  // The bytes received are shown in the edit form and count against the uploader's pending quota (api/modules/upload-quota).
  const about = { fileName: file.clientName, fileMime: file.mime, fileBytes: file.size };
  return { ...(await keepMediaFile(uploadsDir, file)), ...about };
}

/** The file columns of a media without a file (link, external). */
const NO_FILE = { path: "", thumbnail: null, fileName: "", fileMime: "", fileBytes: 0 };


type Kept = { path: string; thumbnail: string | null };
type StoredFile = Kept & { fileName: string; fileMime: string; fileBytes: number };

/**
 * Runs a write that may keep a new file: if the write fails, the new file goes too; whatever happens, the temp
 * file of the request is removed (harmless once kept).
 */
async function withUpload<T>(uploadsDir: string, form: UploadForm, write: (kept: Kept[]) => Promise<T>) {
  const kept: Kept[] = [];
  try {
    return await write(kept);
  } catch (e) {
    await Promise.all(kept.map((k) => removeMediaFiles(uploadsDir, k)));
    throw e;
  } finally {
    await form.file?.discard();
  }
}

/** Creates a media: a member's waits for approval, an admin's is approved at once. */
export async function createMedia(db: Db, uploadsDir: string, readForm: ReadForm, actor: Actor) {
  const form = await readForm();
  return withUpload(uploadsDir, form, async (kept) => {
    const input = readMediaInput(form.fields);
    let stored: StoredFile = NO_FILE;
    if (isFileType(input.type)) {
      if (!form.file) throw new BadRequestError("Un fichier est obligatoire");
      stored = await keepFileFor(uploadsDir, form, input.type);
      kept.push(stored);
    }
    const id = newId();
    const now = new Date();
    await withFreeSlug(db, media, input.title, "media", (url) =>
      db.batch([
        db.insert(media).values({
          id,
          url,
          title: input.title,
          type: input.type,
          description: input.description,
          tags: input.tags ?? [],
          externalUrl: input.externalUrl,
          ...stored,
          uploadedBy: actor.id,
          approved: actor.admin,
          online: true,
          createdAt: now,
          updatedAt: now,
        }),
        ...submissionEvents(db, "media", id, actor, now),
      ]),
    );
    return findMedia(db, id);
  });
}

/**
 * Updates a media. The stored file stays unless a new one is sent (then the old one is removed: a new name, as
 * uploads are cached) or the type changes (a file of the new type is then required). A member's edit sends the
 * media back to pending (docs/DECISIONS.md).
 */
export async function updateMedia(db: Db, uploadsDir: string, id: string, readForm: ReadForm, actor: Actor) {
  // 404 or 403 before a byte of the (possibly large) body is read.
  await mediaForWrite(db, id, actor);
  const form = await readForm();
  return withUpload(uploadsDir, form, async (kept) => {
    const row = await mediaForWrite(db, id, actor);
    const input = readMediaInput(form.fields);
    let stored: StoredFile & { duration: number | null } = {
      path: row.path,
      thumbnail: row.thumbnail,
      fileName: row.fileName,
      fileMime: row.fileMime,
      fileBytes: row.fileBytes,
      duration: row.duration,
    };
    if (isFileType(input.type)) {
      if (form.file) {
        const file = await keepFileFor(uploadsDir, form, input.type);
        kept.push(file);
        stored = { ...file, duration: null };
      } else if (!row.path || row.type !== input.type) throw new BadRequestError("Un fichier est obligatoire");
    } else stored = { ...NO_FILE, duration: null };
    await db.batch([
      db
        .update(media)
        .set({
          title: input.title,
          type: input.type,
          description: input.description,
          externalUrl: input.externalUrl,
          ...stored,
          ...(input.tags ? { tags: input.tags } : {}),
          ...(actor.admin ? {} : { approved: false }),
          updatedAt: new Date(),
        })
        .where(eq(media.id, id)),
      ...submissionEvents(db, "media", id, actor),
    ]);
    if (stored.path !== row.path) await removeMediaFiles(uploadsDir, row);
    return findMedia(db, id);
  });
}

/**
 * Deletes a media: it goes to the trash for 30 days (api/modules/media/trash.ts); articles stop listing it, its
 * files and links stay until « Supprimer définitivement » or the purge. The spec's message stays.
 */
export async function deleteMedia(db: Db, id: string, actor: Actor) {
  const row = await mediaForWrite(db, id, actor);
  const door = actor.admin ? "admin" : "user";
  await trashMedia(db, [row], { id: actor.id, nickname: actor.nickname ?? "?", admin: actor.admin }, `DELETE /api/${door}/media/:id`);
  return { message: "Média supprimé." };
}

const FLAG_MESSAGES = {
  approved: ["Média approuvé\u00a0!", "Média désapprouvé\u00a0!"],
  online: ["Média mis en ligne\u00a0!", "Média mis hors ligne\u00a0!"],
} as const;

/** Sets (or, without a value, flips) approved or online; answers both flags and the §4 message. */
export async function setMediaFlag(db: Db, id: string, flag: "approved" | "online", value?: boolean): Promise<MediaState> {
  const row = await mediaForWrite(db, id, { id: "", admin: true });
  const next = value ?? !row[flag];
  // The uploader's notification is read from the flag as it was: before the update, in the same batch.
  const update = db.update(media).set({ [flag]: next, updatedAt: new Date() }).where(eq(media.id, id));
  await db.batch([...flagEvents(db, "media", next ? flag : "", [id]), update] as [typeof update]);
  const state = { approved: row.approved, online: row.online, [flag]: next };
  return { _id: id, approved: state.approved, online: state.online, message: FLAG_MESSAGES[flag][next ? 0 : 1] };
}
