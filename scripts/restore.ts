/**
 * `npm run restore <folder>`: puts a backup made by `npm run backup` (scripts/backup.ts) back in place. Stop the
 * server first: it holds the database open. Nothing is deleted: the current database and uploads are moved aside
 * (`<name>.before-restore-<time>`) before the backup's copies take their place, so a wrong folder can be undone.
 * The backup's database is checked (`PRAGMA integrity_check`) before anything moves. Mail that was waiting in the
 * backup, and newsletter issues that were leaving, are held until an administrator resumes them (issue 30 §5).
 *
 * With uploads in a bucket (S3_BUCKET), the backup's files are sent to the bucket where an object of that name and
 * size is missing; nothing in the bucket is deleted or overwritten (objects the restored database does not name
 * are unreachable through the site, and a later restore may need them).
 */
import { existsSync } from "node:fs";
import { copyFile, cp, mkdir, rename, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { migrateDatabase, openDatabase } from "../db/client";
import { s3Client, sendMissingFiles, type S3Settings } from "../api/lib/storage/s3";
import { holdDeliveries } from "../api/modules/delivery-hold/service";
import type { HeldDeliveries } from "../api/modules/delivery-hold/model";
import { DB_FILE, describe, MANIFEST, UPLOADS, type Manifest } from "./backup";

export type Restored = Manifest & { held: HeldDeliveries };

export async function restore(opts: { folder: string; databaseUrl: string; uploadsDir: string; bucket?: S3Settings }): Promise<Restored> {
  if (!opts.databaseUrl.startsWith("file:")) throw new Error("npm run restore writes a file database (DATABASE_URL=file:…)");
  const folder = resolve(opts.folder);
  if (!existsSync(join(folder, MANIFEST)) || !existsSync(join(folder, DB_FILE))) {
    throw new Error(`${folder} is not a backup folder (no ${MANIFEST} or ${DB_FILE})`);
  }
  const manifest = await describe(folder); // throws on a damaged database
  const dbPath = resolve(opts.databaseUrl.slice("file:".length));
  const uploadsDir = resolve(opts.uploadsDir);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");

  // Objects first: if the bucket fails half-way, the current database is still in place (and the extra objects
  // harmless); once the database moves, every file it names is there.
  if (opts.bucket) await sendMissingFiles(s3Client(opts.bucket), join(folder, UPLOADS));
  await mkdir(dirname(dbPath), { recursive: true });
  // The new file is written beside the database and renamed over it: the database path never holds half a file.
  const incoming = `${dbPath}.restoring`;
  await copyFile(join(folder, DB_FILE), incoming);
  const held = await holdRestoredDeliveries(incoming);
  if (existsSync(dbPath)) await rename(dbPath, `${dbPath}.before-restore-${stamp}`);
  // A write-ahead log left by the old database would be replayed into the restored one: move it aside with it.
  for (const suffix of ["-wal", "-shm"]) {
    if (existsSync(dbPath + suffix)) await rename(dbPath + suffix, `${dbPath}.before-restore-${stamp}${suffix}`);
  }
  await rename(incoming, dbPath);
  // Its own log, if closing left one (emptied by the checkpoint), goes with it under the database's name.
  for (const suffix of ["-wal", "-shm"]) {
    if (existsSync(incoming + suffix)) await rename(incoming + suffix, dbPath + suffix);
  }

  if (opts.bucket) return { ...manifest, held };
  if (existsSync(uploadsDir)) await rename(uploadsDir, `${uploadsDir}.before-restore-${stamp}`);
  await mkdir(dirname(uploadsDir), { recursive: true });
  await cp(join(folder, UPLOADS), uploadsDir, { recursive: true, preserveTimestamps: true });
  return { ...manifest, held };
}

/**
 * Pauses, in the restored copy before it takes the database's place, every delivery that would leave on its own
 * (api/modules/delivery-hold): what was waiting when the backup was taken may have left since, and is sent again
 * only on an administrator's « Reprendre l'envoi ». The copy is brought to the current schema first (the server
 * would at its start anyway), and its write-ahead log folded back in, so the file renamed into place is whole.
 */
async function holdRestoredDeliveries(file: string): Promise<HeldDeliveries> {
  const database = await openDatabase(`file:${file}`);
  try {
    await migrateDatabase(database);
    const held = await holdDeliveries(database.db);
    await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    return held;
  } finally {
    database.close();
  }
}

if (import.meta.main) {
  const folder = process.argv[2];
  if (!folder) {
    console.error("Usage: npm run restore <backup folder>   (stop the server first)");
    process.exit(2);
  }
  const { readEnv } = await import("../api/env");
  const env = readEnv();
  try {
    const m = await restore({ folder, databaseUrl: env.databaseUrl, uploadsDir: env.uploadsDir, bucket: env.s3Uploads });
    console.log(`Restored ${folder} (snapshot of the database checked: ${Object.keys(m.tables).length} tables, ${m.uploads} uploaded files). The previous data was moved aside with the suffix .before-restore-….`);
    if (m.held.messages + m.held.issues > 0) {
      console.log(
        `Held: ${m.held.messages} message(s) and ${m.held.issues} newsletter issue(s) waiting when the backup was taken (they may have left since). ` +
          "Nothing is sent until an administrator presses « Reprendre l'envoi » in « Courriels ».",
      );
    }
    if (env.twoFactorKeyFile?.created) {
      // Backups never hold the key (api/lib/two-factor-key.ts): a fresh one opens none of the restored secrets.
      console.log(`A new two-factor key was generated at ${env.twoFactorKeyFile.path}: put the old key file there (or set TWO_FACTOR_KEY) before starting, or every authenticator app and recovery code of the restored members stops working.`);
    }
  } catch (e) {
    console.error(`Restore failed: ${(e as Error).message}`);
    process.exit(1);
  }
}
