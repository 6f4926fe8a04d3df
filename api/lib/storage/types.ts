/** What every storage of kept uploads offers (api/lib/storage/index.ts chooses one per uploads folder). */
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
