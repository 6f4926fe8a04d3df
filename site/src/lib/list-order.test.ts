import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { latestFirst, placeInto } from "./list-order";

type Row = { _id: string; createdAt: string };

describe("the public lists' order kept by the build", () => {
  // Many items at the same instant, ids of mixed case and symbols: where a JS order could part from SQLite's.
  const rows: Row[] = Array.from({ length: 300 }, (_, i) => ({
    _id: `${"aZ_-9"[i % 5]}${(i * 7919).toString(36)}${"Ab"[i % 2]}`,
    createdAt: new Date(Date.UTC(2026, 10, 1 + (i % 4), 8, i % 3)).toISOString(),
  }));

  it("sorts as the API's ORDER BY date DESC, id ASC does in SQLite", async () => {
    const db = createClient({ url: ":memory:" });
    await db.execute("create table t (id text primary key, created_at integer not null)");
    await db.batch(rows.map((r) => ({ sql: "insert into t values (?, ?)", args: [r._id, Date.parse(r.createdAt)] })));
    const sqlOrder = (await db.execute("select id from t order by created_at desc, id asc")).rows.map((r) => String(r.id));
    expect(rows.slice().sort(latestFirst((r) => r.createdAt)).map((r) => r._id)).toEqual(sqlOrder);
    db.close();
  });

  it("places an item read by id where the whole sorted list has it", () => {
    const compare = latestFirst<Row>((r) => r.createdAt);
    const whole = rows.slice().sort(compare);
    for (const index of [0, 1, 57, 150, 298, 299]) {
      const without = whole.filter((_, i) => i !== index);
      placeInto(without, whole[index]!, compare);
      expect(without).toEqual(whole);
    }
    const empty: Row[] = [];
    placeInto(empty, rows[0]!, compare);
    expect(empty).toEqual([rows[0]]);
  });
});
