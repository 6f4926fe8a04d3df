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

export type StoredObject = { size: number; mtime: Date };

/** A folder where files are written before they are kept, and the way to keep or drop them. */
export type Stage = {
  dir: string;
  /** Makes the named files of `dir` the area's files (same names); throws a French 503 when the storage fails. */
  keep(names: string[]): Promise<void>;
  /** Forgets the named files (and the folder when it is a private one). */
  drop(names: string[]): Promise<void>;
};

export interface UploadStorage {
  readonly kind: "disk" | "s3";
  /** Where to write files of `area` before keeping them. */
  stage(area: string): Promise<Stage>;
  /** Keeps a local file (moved, or streamed then deleted) under `key`. */
  putFile(key: string, localPath: string, type: string): Promise<void>;
  /** Deletes objects; missing ones are not an error. */
  remove(keys: string[]): Promise<void>;
  /** Size and date of an object, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes, or `[start, end]` of them (inclusive), as a response body that streams. */
  body(key: string, range?: [number, number]): Blob | ReadableStream<Uint8Array>;
  /** Every key under a prefix (backup). */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
}

/** The French answer when the bucket cannot be reached: the upload is refused, nothing is recorded. */
export const STORAGE_DOWN_MESSAGE = "Le stockage des fichiers est momentanément indisponible : réessayez dans quelques minutes.";

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
