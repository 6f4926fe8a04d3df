import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema";

export type Db = LibSQLDatabase<typeof schema>;
export type Database = { db: Db; client: Client; close: () => void };

const MIGRATIONS = new URL("./migrations", import.meta.url).pathname;

/**
 * Opens the database named by a libSQL URL: `file:` for the embedded default, `libsql://` or `http(s)://` for a
 * server. This module is the only place that knows the driver.
 */
export async function openDatabase(url: string, authToken?: string): Promise<Database> {
  if (url.startsWith("file:")) {
    const path = url.slice("file:".length);
    // libSQL cannot create the parent folder itself (SQLITE_CANTOPEN, error 14).
    if (path && path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  }
  const client = createClient({ url, authToken: authToken || undefined });
  if (url.startsWith("file:")) {
    // WAL lets the site build read while the API writes; busy_timeout avoids spurious SQLITE_BUSY.
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute("PRAGMA synchronous = NORMAL");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  const db = drizzle(client, { schema });
  return { db, client, close: () => client.close() };
}

/** Applies the committed migrations; safe to run at every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder: MIGRATIONS });
  // migrate() may run statements on a fresh connection state; foreign keys must stay enforced.
  await database.client.execute("PRAGMA foreign_keys = ON");
  // Refreshes planner statistics where they are stale, so joins pick the right loop order as tables grow.
  // Some hosted libSQL servers refuse PRAGMAs: the statistics are an optimisation, not a requirement.
  await database.client.execute("PRAGMA optimize=0x10002").catch(() => undefined);
}
