import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client";

describe("embedded database connections", () => {
  let dir = "";
  let database: Database | null = null;
  afterEach(() => {
    database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps foreign keys and the busy timeout on connections opened while a transaction holds one", async () => {
    dir = mkdtempSync(join(tmpdir(), "db-client-"));
    database = await openDatabase(`file:${join(dir, "t.db")}`);
    const { client } = database;
    await client.execute("create table parent (id integer primary key)");
    await client.execute("create table child (id integer primary key, parent_id integer not null references parent(id))");
    const tx = await client.transaction("write");
    // The transaction holds the first connection: these run on another one, opened now.
    const [fk, timeout] = await Promise.all([client.execute("PRAGMA foreign_keys"), client.execute("PRAGMA busy_timeout")]);
    await tx.rollback();
    expect(Number(fk.rows[0]?.[0])).toBe(1);
    expect(Number(timeout.rows[0]?.[0])).toBe(5000);
    await expect(client.execute("insert into child (id, parent_id) values (1, 42)")).rejects.toThrow(/FOREIGN KEY/);
  });
});
