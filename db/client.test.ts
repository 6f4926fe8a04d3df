import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, refreshStatistics, type Database } from "./client";

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

  it("gives the planner statistics for tables that were empty when the site was installed and grew since", async () => {
    dir = mkdtempSync(join(tmpdir(), "db-client-"));
    database = await openDatabase(`file:${join(dir, "t.db")}`);
    // A fresh install: the tables are empty when the statistics are first gathered.
    await migrateDatabase(database);
    const { client } = database;
    const analysed = async () => (await client.execute("select count(*) as n from sqlite_stat1 where tbl = 'themes'")).rows[0]!.n;
    expect(await analysed()).toBe(0);
    for (let i = 0; i < 50; i++) await client.execute({ sql: "insert into themes (id, name, url, created_at) values (?, ?, ?, ?)", args: [`t${i}`, `Thème ${i}`, `theme-${i}`, Date.now()] });
    // The next start.
    await refreshStatistics(database);
    expect(await analysed()).toBeGreaterThan(0);
  });

  it("gives an index a migration rebuilt its statistics at the start that applies it", async () => {
    dir = mkdtempSync(join(tmpdir(), "db-client-"));
    database = await openDatabase(`file:${join(dir, "t.db")}`);
    await migrateDatabase(database);
    const { client } = database;
    await client.execute(`with recursive s(i) as (select 1 union all select i + 1 from s where i < 200)
      insert into media (id, title, url, type, approved, online, created_at, updated_at) select 'm' || i, 'Média ' || i, 'm-' || i, 'pdf', i % 5 <> 0, 1, i, 0 from s`);
    // A site analysed before migration 0034: the status index as it was, with its statistics, and 0034 not applied.
    await client.execute("drop index media_status_idx");
    await client.execute("create index media_status_idx on media (approved, online, created_at desc, id desc) where deleted_at is null");
    await client.execute("ANALYZE");
    // 0034 and every migration after it undone (drizzle applies what is newer than the last row).
    const journal = JSON.parse(readFileSync(join(import.meta.dirname, "migrations/meta/_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
    const from = journal.entries.find((e) => e.tag.startsWith("0034_"))!.when;
    await client.execute("drop index articles_public_ids_idx");
    await client.execute("drop index articles_public_pics_idx");
    await client.execute({ sql: "delete from __drizzle_migrations where created_at >= ?", args: [from] });
    const statistics = async () => (await client.execute("select count(*) as n from sqlite_stat1 where idx = 'media_status_idx'")).rows[0]!.n;
    expect(await statistics()).toBe(1);
    // The next start rebuilds the index (dropping its statistics with it), then gathers them again.
    await migrateDatabase(database);
    const [index] = (await client.execute("select sql from sqlite_master where name = 'media_status_idx'")).rows;
    expect(String(index!.sql)).toMatch(/uploaded_by/);
    expect(await statistics()).toBe(1);
  });
});
