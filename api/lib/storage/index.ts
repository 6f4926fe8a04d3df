/**
 * Where kept uploads live: a folder on disk (the default, UPLOADS_DIR) or an S3 bucket (S3_* settings). Keys are
 * the paths under /uploads/ (`media/abc.jpg`). Temp files of uploads in progress stay on disk in either case
 * (`UPLOADS_DIR/.tmp/`, api/lib/uploads/form.ts): a file is checked and processed locally, then kept.
 *
 * The storage of a process is chosen once at start, for its uploads folder (`useUploadStorage`, called by
 * api/server.ts, api/web-worker.ts and the scripts); code that writes or serves uploads asks `uploadStorage(dir)`
 * and never knows which one it got. Without a call, a folder is stored on disk, exactly as before.
 */
import { resolve } from "node:path";
import { DiskStorage } from "./disk";
import type { UploadStorage } from "./types";

export type { Stage, StoredObject, UploadStorage } from "./types";

/** The French answer when the bucket cannot be reached: the upload is refused, nothing is recorded. */
export const STORAGE_DOWN_MESSAGE = "Le stockage des fichiers est momentanément indisponible\u00a0: réessayez dans quelques minutes.";

const chosen = new Map<string, UploadStorage>();

export function useUploadStorage(uploadsDir: string, storage: UploadStorage): void {
  chosen.set(resolve(uploadsDir), storage);
}

export function uploadStorage(uploadsDir: string): UploadStorage {
  const key = resolve(uploadsDir);
  let storage = chosen.get(key);
  if (!storage) {
    storage = new DiskStorage(key);
    chosen.set(key, storage);
  }
  return storage;
}
