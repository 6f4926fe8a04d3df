/**
 * `npm run backup` and `restore` with uploads in a bucket (S3_BUCKET), against a real S3 server (Ceph's gateway,
 * api/testing/s3-server.ts): the backup holds every object, the restore puts back the ones the bucket lost.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "../api/env";
import { migrateDatabase, openDatabase } from "../db/client";
import { s3Client } from "../api/lib/storage/s3";
import { startTestS3, type TestS3 } from "../api/testing/s3-server";
import { backup, UPLOADS } from "./backup";
import { restore } from "./restore";

/** Digests, not bytes: comparing 12 MB arrays element by element takes the test runner half a minute. */
const sha = (bytes: Uint8Array | ArrayBuffer) => createHash("sha256").update(new Uint8Array(bytes)).digest("hex");

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3({ buckets: ["uploads"] });
  dir = mkdtempSync(join(tmpdir(), "backup-bucket-"));
}, 180_000);
afterAll(async () => {
  await s3?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore of uploads in a bucket", () => {
  it("downloads every object into the backup, and restore sends back what the bucket lost", async () => {
    const bucket = readEnv(s3.env()).s3Uploads!;
    const client = s3Client(bucket);
    const video = new Uint8Array(12 * 1024 * 1024);
    for (let i = 0; i < video.length; i++) video[i] = i % 251;
    await client.write("media/film.mp4", video, { type: "video/mp4" });
    await client.write("profile_pics/awa.jpg", "JPEG", { type: "image/jpeg" });
    const database = await openDatabase(`file:${join(dir, "site.db")}`);
    await migrateDatabase(database);
    database.close();

    const folder = await backup({ databaseUrl: `file:${join(dir, "site.db")}`, uploadsDir: join(dir, "uploads"), bucket, into: join(dir, "snapshot") });
    expect(sha(readFileSync(join(folder, UPLOADS, "media", "film.mp4")))).toBe(sha(video));
    expect(readFileSync(join(folder, UPLOADS, "profile_pics", "awa.jpg"), "utf8")).toBe("JPEG");
    expect(existsSync(join(folder, UPLOADS, "media", "film.mp4.part"))).toBe(false);

    // The bucket loses a file; another appears after the backup.
    await client.delete("media/film.mp4");
    await client.write("media/later.wav", "RIFF", { type: "audio/wav" });
    await restore({ folder, databaseUrl: `file:${join(dir, "site.db")}`, uploadsDir: join(dir, "uploads"), bucket });
    const back = client.file("media/film.mp4");
    expect(sha(await back.arrayBuffer())).toBe(sha(video));
    expect((await back.stat()).type).toBe("video/mp4");
    // Nothing is deleted from the bucket by a restore.
    expect(await client.file("media/later.wav").exists()).toBe(true);
    // The uploads folder holds temp files only with a bucket: a restore leaves it alone.
    expect(existsSync(join(dir, "uploads"))).toBe(false);
  });
});
