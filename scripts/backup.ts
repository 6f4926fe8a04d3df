/**
 * `npm run backup [folder]`: a consistent snapshot of the site's data while the site runs, in a new timestamped
 * folder (default `backups/<UTC time>/`): the database through SQLite's `VACUUM INTO` (one read transaction: a
 * single point in time, written as a compact standalone file, checked with `PRAGMA integrity_check`), and a copy
 * of the uploads. Restore it with `npm run restore <folder>` (scripts/restore.ts).
 *
 * Uploads are copied before and after the database snapshot: a file the snapshot names existed when it was
 * taken, so the first pass has it or the second finds it (only a file added and removed again between the two
 * passes could be missing, and the snapshot would name a file the site itself no longer has).
 *
 * The two-factor key (TWO_FACTOR_KEY, or the key file beside the database: api/lib/two-factor-key.ts) is never
 * copied, and the script says so: a stolen backup alone opens no authenticator secret.
 *
 * With uploads in a bucket (S3_BUCKET), the same two passes download the bucket's objects missing from the folder
 * (streamed to disk, never whole in memory); `npm run restore` sends them back (see README « Sauvegarde »).
 */
import { cp, mkdir, readdir, rename, stat, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { openDatabase } from "../db/client";
import { listObjects, s3Client, type S3Settings } from "../api/lib/storage/s3";

export const DB_FILE = "site.db";
export const UPLOADS = "uploads";
export const MANIFEST = "manifest.json";

export type Manifest = { createdAt: string; database: string; tables: Record<string, number>; uploads: number; bytes: number };

async function* files(dir: string): AsyncGenerator<string> {
  if (!existsSync(dir)) return;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* files(path);
    else if (e.isFile()) yield path;
  }
}

/** Copies files of `from` missing in `to` (uploads are never rewritten in place: a new version has a new name). */
async function copyMissingFiles(from: string, to: string): Promise<void> {
  for await (const path of files(from)) {
    const target = join(to, relative(from, path));
    if (!existsSync(target)) await cp(path, target, { preserveTimestamps: true });
  }
}

/** Downloads the bucket's objects missing in `to` (objects, like files, are never rewritten: a new version has a new name). */
async function downloadMissing(bucket: S3Settings, to: string): Promise<void> {
  const client = s3Client(bucket);
  for await (const o of listObjects(client)) {
    if (o.key.split("/").some((p) => p === "" || p.startsWith("."))) continue;
    const target = join(to, o.key);
    if (existsSync(target)) continue;
    await mkdir(dirname(target), { recursive: true });
    // Written beside and renamed: an interrupted backup never leaves half an object under its name.
    await Bun.write(`${target}.part`, client.file(o.key));
    await rename(`${target}.part`, target);
  }
}

export async function backup(opts: { databaseUrl: string; authToken?: string; uploadsDir: string; bucket?: S3Settings; into: string }): Promise<string> {
  const copyMissing = (from: string, to: string) => (opts.bucket ? downloadMissing(opts.bucket, to) : copyMissingFiles(from, to));
  if (!opts.databaseUrl.startsWith("file:")) {
    throw new Error("npm run backup copies a file database (DATABASE_URL=file:…); a libSQL server keeps its own snapshots (sqld / Turso backups)");
  }
  const folder = resolve(opts.into);
  if (existsSync(folder)) throw new Error(`${folder} already exists: a backup never overwrites another`);
  await mkdir(join(folder, UPLOADS), { recursive: true });

  await copyMissing(opts.uploadsDir, join(folder, UPLOADS));

  const database = await openDatabase(opts.databaseUrl, opts.authToken);
  const snapshotAt = new Date().toISOString();
  try {
    await database.client.execute({ sql: "VACUUM INTO ?", args: [join(folder, DB_FILE)] });
  } finally {
    database.close();
  }

  await copyMissing(opts.uploadsDir, join(folder, UPLOADS));

  const manifest = { ...(await describe(folder)), createdAt: snapshotAt };
  await writeFile(join(folder, MANIFEST), JSON.stringify(manifest, null, 2));
  return folder;
}

/** Checks a backup folder's database and counts what it holds (also used by restore and the tests). */
export async function describe(folder: string): Promise<Manifest> {
  const database = await openDatabase(`file:${join(folder, DB_FILE)}`);
  try {
    const check = await database.client.execute("PRAGMA integrity_check");
    if (check.rows[0]?.[0] !== "ok") throw new Error(`the database in ${folder} is damaged: ${JSON.stringify(check.rows)}`);
    const names = await database.client.execute(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and sql not like 'CREATE VIRTUAL%' order by name",
    );
    const tables: Record<string, number> = {};
    for (const row of names.rows) {
      const name = String(row[0]);
      tables[name] = Number((await database.client.execute(`select count(*) from "${name.replace(/"/g, '""')}"`)).rows[0]![0]);
    }
    let uploads = 0;
    let bytes = (await stat(join(folder, DB_FILE))).size;
    for await (const path of files(join(folder, UPLOADS))) {
      uploads++;
      bytes += (await stat(path)).size;
    }
    return { createdAt: new Date().toISOString(), database: DB_FILE, tables, uploads, bytes };
  } finally {
    database.close();
  }
}

if (import.meta.main) {
  const { readEnv } = await import("../api/env");
  const env = readEnv();
  const stamp = new Date().toISOString().replace(/:/g, "-").replace(/\.\d+Z$/, "Z");
  const into = process.argv[2] ?? join("backups", stamp);
  try {
    const folder = await backup({ databaseUrl: env.databaseUrl, authToken: env.databaseAuthToken, uploadsDir: env.uploadsDir, bucket: env.s3Uploads, into });
    const m = await describe(folder);
    const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
    console.log(`Backup written to ${folder}: ${rows} rows in ${Object.keys(m.tables).length} tables, ${m.uploads} uploaded files, ${(m.bytes / 1e6).toFixed(1)} MB.`);
    // Never copied (api/lib/two-factor-key.ts): a backup alone must not open the two-factor secrets it holds.
    console.log(
      env.twoFactorKeyFile
        ? `Not included: the two-factor key ${env.twoFactorKeyFile.path}. Keep a copy of it apart from the backups; a restore on another machine needs it beside the database.`
        : "Not included: TWO_FACTOR_KEY (from the environment). A restore needs the same value.",
    );
  } catch (e) {
    console.error(`Backup failed: ${(e as Error).message}`);
    process.exit(1);
  }
}
