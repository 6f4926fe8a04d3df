/**
 * A migrated libSQL file filled with generated rows straight in SQL, for tests that need thousands of rows
 * (query plans, search plans): `seed` gets a function that runs one statement. `remove` closes and deletes it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase, type Database } from "../../db/client";

/** Rows numbered 1..n as `s(i)`, to put before an `insert … select … from s`. */
export const series = (n: number) => `with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n}) `;

export async function openSeeded(prefix: string, seed: (run: (statement: string) => Promise<unknown>) => Promise<void>): Promise<{ database: Database; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const database = await openDatabase(`file:${join(dir, "plans.db")}`);
  await migrateDatabase(database);
  await seed((statement) => database.client.execute(statement));
  return {
    database,
    remove: () => {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
