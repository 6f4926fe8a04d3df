import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { ConnectionPool } from "@libsql/client/sqlite3";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema";
import { keepPreparedStatements } from "./statement-cache";

export type Db = LibSQLDatabase<typeof schema>;
export type Database = { db: Db; client: Client; close: () => void };

const MIGRATIONS = new URL("./migrations", import.meta.url).pathname;

/** Per-connection settings of the embedded database (foreign keys and the busy timeout are not stored in the file). */
const CONNECTION_PRAGMAS = ["PRAGMA foreign_keys = ON", "PRAGMA busy_timeout = 5000", "PRAGMA synchronous = NORMAL"];
/**
 * A process that only reads (a worker answering API reads, api/lib/worker-api.ts) opens its connections with
 * `query_only`: any write it would attempt fails at once with SQLITE_READONLY instead of silently becoming a second
 * writer. Set for the whole process by openDatabase({ readOnly: true }); a process opens one database.
 */
let readOnlyProcess = false;

type PooledDatabase = { exec(sql: string): unknown };
const configured = new WeakSet<object>();

/**
 * @libsql/client 0.18 keeps a pool of connections for `file:` URLs and opens a new one whenever a transaction holds
 * the others; it has no "on connect" hook, so a connection opened later would silently run without foreign keys
 * (deletes would stop cascading) and without the busy timeout. Every connection the pool hands out is given the
 * same settings once, here.
 */
function configureEveryPooledConnection() {
  const proto = ConnectionPool.prototype as unknown as { acquireSync: (forTransaction?: boolean) => PooledDatabase; __configured?: true };
  if (proto.__configured) return;
  const acquireSync = proto.acquireSync;
  proto.acquireSync = function (this: unknown, forTransaction?: boolean) {
    const db = acquireSync.call(this, forTransaction);
    if (!configured.has(db)) {
      for (const pragma of CONNECTION_PRAGMAS) db.exec(pragma);
      if (readOnlyProcess) db.exec("PRAGMA query_only = ON");
      configured.add(db);
    }
    return db;
  };
  proto.__configured = true;
}

/**
 * Opens the database named by a libSQL URL: `file:` for the embedded default, `libsql://` or `http(s)://` for a
 * server. This module is the only place that knows the driver.
 */
export async function openDatabase(url: string, authToken?: string, opts: { readOnly?: boolean } = {}): Promise<Database> {
  const embedded = url.startsWith("file:");
  if (opts.readOnly) {
    if (!embedded) throw new Error("A read-only database handle is only made for an embedded (file:) database");
    readOnlyProcess = true;
  }
  if (embedded) {
    const path = url.slice("file:".length);
    // libSQL cannot create the parent folder itself (SQLITE_CANTOPEN, error 14).
    if (path && path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    configureEveryPooledConnection();
    keepPreparedStatements();
  }
  const client = createClient({ url, authToken: authToken || undefined });
  if (!embedded) {
    // A libSQL server keeps no per-connection state between requests we could rely on; ask anyway.
    await client.execute("PRAGMA foreign_keys = ON");
  } else if (!opts.readOnly) {
    // WAL (stored in the file) lets the site build read while the API writes; a reader finds it set by the writer.
    await client.execute("PRAGMA journal_mode = WAL");
  }
  const db = drizzle(client, { schema });
  if (embedded) takeTurns(db, url);
  return { db, client, close: () => client.close() };
}

/**
 * Write transactions of an embedded database take turns in this process. The driver runs SQLite synchronously: a
 * transaction that holds the write lock across an await, and a second one (or a lone write) of the same process on
 * another pooled connection, would have the second wait in SQLite's busy handler, which blocks the thread, so the
 * first could never reach its COMMIT: both stall for the busy timeout and one fails with SQLITE_BUSY (200
 * simultaneous registrations did). Queuing them here serves every module; a transaction opened inside one that
 * holds the turn runs at once (it would otherwise wait for itself). Between processes, and on a libSQL server, the
 * database's own lock orders them and no thread is blocked.
 */
const turns = new Map<string, Promise<unknown>>();
/** The file of each embedded handle: two handles on one file in one process share its turns. */
const fileOf = new WeakMap<object, string>();
const holding = new AsyncLocalStorage<string>();

/** Runs `work` when this process's earlier writes to `db`'s file are done (at once if already inside one of them). */
export function inWriteTurn<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const file = fileOf.get(db);
  if (file === undefined || holding.getStore() === file) return work();
  const run = (turns.get(file) ?? Promise.resolve()).then(() => holding.run(file, work));
  turns.set(file, run.catch(() => undefined));
  return run;
}

function takeTurns(db: Db, file: string): void {
  fileOf.set(db, file);
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn, config) => inWriteTurn(db, () => transaction(fn, config))) as Db["transaction"];
}

/** Applies the committed migrations; safe to run at every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  const before = await appliedMigrations(database);
  await migrate(database.db, { migrationsFolder: MIGRATIONS });
  // migrate() may run statements on a fresh connection state; foreign keys must stay enforced.
  await database.client.execute("PRAGMA foreign_keys = ON");
  await refreshStatistics(database, { migrated: (await appliedMigrations(database)) > before });
}

/** How many migrations the database has had (0 before the first start: drizzle's table does not exist yet). */
async function appliedMigrations(database: Database): Promise<number> {
  try {
    return Number((await database.client.execute("select count(*) as n from __drizzle_migrations")).rows[0]?.n ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Planner statistics. Without them SQLite prefers the (approved, online) index over a primary-key lookup and
 * nests loops the wrong way round: an author page went from 90 ms to 15 ms at 5,000 articles once analysed, and a
 * member's page of 50 articles took 450 ms instead of 8 ms at 50,000. A table with no statistics yet is analysed
 * (on a fresh install every table is empty at the first start, and ANALYZE records nothing for an empty table;
 * `PRAGMA optimize` never analyses a table that has no statistics, so without this a site that grew after its
 * installation ran on none); then `PRAGMA optimize` re-analyses tables that changed a lot. A full ANALYZE of the
 * 50,000-article database takes 0.16 s; no sample limit: sampled statistics misjudged the approved and online
 * flags (1,001 rows per value instead of 25,000) and chose a 115 ms plan over a 1.5 ms one. Some hosted libSQL
 * servers refuse these statements: statistics are an optimisation, not a requirement. `migrated`: a migration was
 * just applied, and an index it made or rebuilt has no statistics (`PRAGMA optimize` does not look at indexes):
 * everything is analysed once. Without this, migration 0034's rebuilt media_status_idx ran without statistics.
 */
export async function refreshStatistics(database: Database, opts: { migrated?: boolean } = {}): Promise<void> {
  const { client } = database;
  try {
    const hasStats = (await client.execute("select 1 from sqlite_master where name = 'sqlite_stat1'")).rows.length > 0;
    if (!hasStats || opts.migrated) {
      await client.execute("ANALYZE");
      return;
    }
    // Tables of ours (not SQLite's, not the full-text shadow tables) without a row of statistics.
    const bare = await client.execute(
      "select name from sqlite_master m where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%'" +
        " and not exists (select 1 from sqlite_stat1 s where s.tbl = m.name)",
    );
    for (const row of bare.rows) {
      const name = String(row.name).replace(/"/g, '""');
      const some = await client.execute(`select 1 from "${name}" limit 1`);
      if (some.rows.length > 0) await client.execute(`ANALYZE "${name}"`);
    }
    await client.execute("PRAGMA optimize=0x10002");
  } catch {
    // see above
  }
}
