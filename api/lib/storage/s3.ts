/**
 * Uploads in an S3 bucket (any S3-compatible server: AWS, Ceph's gateway, MinIO...) through Bun's built-in client.
 * Files are processed on disk as before (UPLOADS_DIR/.tmp/) and then streamed to the bucket in parts: a 200 MB
 * video never sits whole in memory (8 MB parts, two in flight). Each object is stored with its served content type,
 * so a CDN in front of the bucket would serve it as the app does.
 */
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { S3Client } from "bun";
import { uploadContentType } from "../content-types";
import { HttpError } from "../errors";
import { STORAGE_DOWN_MESSAGE, useUploadStorage, type Stage, type StoredObject, type UploadStorage } from "./index";

export type S3Settings = { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string };

/** 8 MB parts (S3's minimum is 5 MB), two in flight: ~20 MB of memory per upload whatever the file's size. */
const PART_SIZE = 8 * 1024 * 1024;

export class StorageDownError extends HttpError {
  constructor(readonly cause: unknown) {
    super(503, STORAGE_DOWN_MESSAGE);
  }
}

/** A missing object, by the S3 error code (the gateway's <Message> is empty) or the HTTP status. */
function isMissing(e: unknown): boolean {
  const err = e as { code?: string; name?: string; status?: number };
  return err?.code === "NoSuchKey" || err?.code === "NotFound" || err?.name === "NoSuchKey" || err?.status === 404;
}

export function s3Client(s: S3Settings, bucket = s.bucket): S3Client {
  return new S3Client({ endpoint: s.endpoint, bucket, accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey, region: s.region });
}

/** Streams a local file to `key` in parts; the multipart upload is aborted by the client when a part fails. */
export async function streamToBucket(client: S3Client, key: string, localPath: string, type: string): Promise<void> {
  const writer = client.file(key).writer({ partSize: PART_SIZE, queueSize: 2, retry: 1, type });
  try {
    for await (const chunk of Bun.file(localPath).stream()) {
      writer.write(chunk);
      // Waits for the part in flight: what is read from disk never runs ahead of what the bucket accepted.
      await writer.flush();
    }
    await writer.end();
  } catch (e) {
    await Promise.resolve(writer.end(e as Error)).catch(() => {});
    throw e;
  }
}

export class S3Storage implements UploadStorage {
  readonly kind = "s3" as const;
  readonly client: S3Client;

  /** `uploadsDir` keeps temp files and the staging folders of pictures being processed. */
  constructor(
    readonly settings: S3Settings,
    private readonly uploadsDir: string,
  ) {
    this.client = s3Client(settings);
  }

  async stage(area: string): Promise<Stage> {
    const base = join(this.uploadsDir, ".tmp");
    await mkdir(base, { recursive: true });
    const dir = await mkdtemp(join(base, `stage-${randomBytes(4).toString("hex")}-`));
    return {
      dir,
      keep: async (names) => {
        const sent: string[] = [];
        try {
          for (const name of names) {
            const key = `${area}/${name}`;
            await this.send(key, join(dir, name), uploadContentType(name) ?? "application/octet-stream");
            sent.push(key);
          }
        } catch (e) {
          await this.remove(sent);
          throw e;
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
      drop: async () => {
        await rm(dir, { recursive: true, force: true });
      },
    };
  }

  private async send(key: string, localPath: string, type: string): Promise<void> {
    try {
      await streamToBucket(this.client, key, localPath, type);
    } catch (e) {
      throw new StorageDownError(e);
    }
  }

  async putFile(key: string, localPath: string, type: string): Promise<void> {
    await this.send(key, localPath, type);
    await rm(localPath, { force: true });
  }

  /** Best effort, like `rm --force`: a delete that fails is logged (the object stays, unreachable through the app). */
  async remove(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((k) =>
        this.client.delete(k).catch((e) => {
          if (!isMissing(e)) console.error(`S3: could not delete ${k}: ${(e as Error).message}`);
        }),
      ),
    );
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const st = await this.client.file(key).stat();
      return { size: st.size, mtime: st.lastModified };
    } catch (e) {
      if (isMissing(e)) return null;
      throw new StorageDownError(e);
    }
  }

  /** A stream (a Response cannot take an S3 file with its own status and headers): one ranged GET to the bucket. */
  body(key: string, range?: [number, number]): ReadableStream<Uint8Array> {
    const file = this.client.file(key);
    return (range ? file.slice(range[0], range[1] + 1) : file).stream();
  }

  list(prefix: string): AsyncIterable<BucketObject> {
    return listObjects(this.client, prefix);
  }
}

export type BucketObject = { key: string; size: number; eTag: string };

/** Every object of the bucket (under `prefix`), a page of 1,000 at a time. */
export async function* listObjects(client: S3Client, prefix = ""): AsyncIterable<BucketObject> {
  let continuationToken: string | undefined;
  do {
    const page = await client.list({ maxKeys: 1000, ...(prefix ? { prefix } : {}), ...(continuationToken ? { continuationToken } : {}) });
    for (const o of page.contents ?? []) if (o.key) yield { key: o.key, size: o.size ?? 0, eTag: (o.eTag ?? "").replace(/"/g, "") };
    continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
  } while (continuationToken);
}

/** Makes the bucket the storage of this process's uploads (api/server.ts, api/web-worker.ts, scripts, tests). */
export function useBucketForUploads(uploadsDir: string, settings: S3Settings): S3Storage {
  const storage = new S3Storage(settings, uploadsDir);
  useUploadStorage(uploadsDir, storage);
  return storage;
}

/**
 * Sends the files of a local uploads folder that the bucket lacks, or holds with another size (an object cut short):
 * the demo seed writes its pictures on disk, a restore brings a backup's. Answers how many were sent. Temp and
 * hidden files are left out.
 */
export async function sendMissingFiles(client: S3Client, dir: string): Promise<number> {
  let sent = 0;
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    const key = relative(dir, path);
    if (key.split("/").some((p) => p.startsWith("."))) continue;
    const remote = await client.file(key).stat().catch(() => null);
    if (remote && remote.size === (await stat(path)).size) continue;
    await streamToBucket(client, key, path, uploadContentType(key) ?? "application/octet-stream");
    sent++;
  }
  return sent;
}
