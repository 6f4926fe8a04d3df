import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase, type Database } from "./client";
import { mergeSearchIndexes, SEARCH_INDEXES } from "./search-indexes";

describe("merging the full-text indexes' segments", () => {
  let dir = "";
  let database: Database | null = null;
  afterEach(() => {
    database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("merges an index written by many transactions, finds nothing left the second time, and keeps every match", async () => {
    dir = mkdtempSync(join(tmpdir(), "db-fts-"));
    database = await openDatabase(`file:${join(dir, "t.db")}`);
    await migrateDatabase(database);
    const { client } = database;
    // FTS5 would merge four segments of one level by itself: without that, each insert below leaves its own.
    await client.execute("insert into media_fts(media_fts, rank) values('automerge', 0)");
    for (let i = 0; i < 12; i++) {
      await client.execute({
        sql: "insert into media (id, title, url, type, approved, online, created_at, updated_at) values (?, ?, ?, 'pdf', 1, 1, ?, 0)",
        args: [`m${i}`, `Économie bleue ${i}`, `economie-${i}`, i],
      });
    }
    const matches = async () =>
      (await client.execute("select rowid from media_fts where media_fts match 'econ*' order by rowid")).rows.map((r) => Number(r.rowid));
    const before = await matches();
    expect(before).toHaveLength(12);

    const first = await mergeSearchIndexes(database);
    expect(first.media_fts).toBeGreaterThan(0);
    const second = await mergeSearchIndexes(database);
    expect(Object.keys(second).sort()).toEqual([...SEARCH_INDEXES].sort());
    expect(Object.values(second).every((steps) => steps === 0)).toBe(true);
    expect(await matches()).toEqual(before);
    await client.execute("insert into media_fts(media_fts) values('integrity-check')");
  });
});
