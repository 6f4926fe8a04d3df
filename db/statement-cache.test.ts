/**
 * The prepared statements each connection keeps (statement-cache.ts): the same SQL reuses one statement, which
 * still binds its new parameters, sees what other connections committed since, recovers from an error, and comes
 * back with the driver's pluck mode off; a connection keeps a bounded number. Real libSQL files, through the
 * driver and through openDatabase as the API opens it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import LibsqlDatabase from "libsql";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase } from "./client";
import { keepPreparedStatements, statementCacheStats } from "./statement-cache";

const dir = mkdtempSync(join(tmpdir(), "statement-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

keepPreparedStatements();

describe("a connection's prepared statements", () => {
  const file = join(dir, "driver.db");
  const a = new LibsqlDatabase(file);
  const b = new LibsqlDatabase(file);
  a.exec("pragma journal_mode = wal; create table t(x); insert into t values (1), (2), ('{bad')");

  it("are one per SQL text, bind anew and see other connections' commits", () => {
    const count = a.prepare("select count(*) from t where x > ?");
    expect(a.prepare("select count(*) from t where x > ?")).toBe(count);
    expect(b.prepare("select count(*) from t where x > ?")).not.toBe(count);
    expect(count.raw(true).all([0])).toEqual([[3]]);
    expect(count.raw(true).all([1])).toEqual([[2]]);
    b.exec("insert into t values (5)");
    expect(a.prepare("select count(*) from t where x > ?").raw(true).all([0])).toEqual([[4]]);
  });

  it("recover from an error in the middle of their rows", () => {
    const json = () => a.prepare("select json(x) from t order by rowid").raw(true);
    expect(() => json().all()).toThrow(/malformed JSON/);
    b.exec("delete from t where x = '{bad'");
    expect(json().all()).toEqual([["1"], ["2"], ["5"]]);
  });

  it("come back with pluck off, whoever turned it on", () => {
    a.prepare("select x from t order by rowid").pluck(true);
    expect(a.prepare("select x from t order by rowid").raw(true).all()).toEqual([[1], [2], [5]]);
  });

  it("are not handed out once their connection is closed", () => {
    const c = new LibsqlDatabase(file);
    expect(c.prepare("select count(*) from t").raw(true).all()).toEqual([[3]]);
    c.close();
    // As the driver does for a statement never prepared: a closed connection runs nothing.
    expect(() => c.prepare("select 1")).toThrow(/not open/);
    expect(() => c.prepare("select count(*) from t")).toThrow(/not open/);
  });

  it("are kept up to a bound, the least recently used dropped first", () => {
    const first = a.prepare("select 0");
    for (let i = 1; i <= 300; i++) a.prepare(`select ${i}`);
    expect(a.prepare("select 300")).toBe(a.prepare("select 300"));
    expect(a.prepare("select 0")).not.toBe(first);
  });
});

describe("the API's database", () => {
  it("reads what another handle wrote, through the kept statements", async () => {
    const url = `file:${join(dir, "api.db")}`;
    const one = await openDatabase(url);
    const two = await openDatabase(url);
    await one.client.execute("create table notes(body text)");
    const count = async () => (await one.db.all<{ n: number }>(sql`select count(*) as n from notes`))[0]!.n;
    const reused = statementCacheStats.reused;
    expect(await count()).toBe(0);
    await two.client.execute({ sql: "insert into notes values (?)", args: ["une"] });
    expect(await count()).toBe(1);
    await one.db.run(sql`insert into notes values (${"deux"})`);
    expect(await count()).toBe(2);
    // The client's driver is the one wrapped: its statements came from the cache.
    expect(statementCacheStats.reused - reused).toBeGreaterThanOrEqual(2);
    one.close();
    two.close();
  });

  it("never lend one caller's values to the next one's unbound parameters", async () => {
    const database = await openDatabase(`file:${join(dir, "api-binds.db")}`);
    await database.client.execute("create table pairs(who text, secret text)");
    await database.client.execute({ sql: "insert into pairs values (?, ?)", args: ["Awa", "le code d'Awa"] });
    // Fewer values than parameters: SQLite leaves the others unbound, which reads as NULL on a fresh statement.
    await database.client.execute({ sql: "insert into pairs values (?, ?)", args: ["Moussa"] });
    const rows = (await database.client.execute("select who, secret from pairs order by rowid")).rows;
    expect(rows.map((r) => [r.who, r.secret])).toEqual([
      ["Awa", "le code d'Awa"],
      ["Moussa", null],
    ]);
    const read = (args: string[]) => database.client.execute({ sql: "select ? as a, ? as b", args });
    expect((await read(["un", "deux"])).rows[0]).toMatchObject({ a: "un", b: "deux" });
    expect((await read(["trois"])).rows[0]).toMatchObject({ a: "trois", b: null });
    expect((await read([])).rows[0]).toMatchObject({ a: null, b: null });
    database.close();
  });

  it("name the columns a star stands for after another handle changed the table", async () => {
    const url = `file:${join(dir, "api-schema.db")}`;
    const one = await openDatabase(url);
    const two = await openDatabase(url);
    await one.client.execute("create table notes(body text)");
    await one.client.execute("insert into notes values ('une')");
    const read = () => one.client.execute("select * from notes");
    expect((await read()).columns).toEqual(["body"]);
    // A migration run by another process (or another handle) adds a column; this connection then reads the new
    // schema at its next statement (before that, the client itself reads a fresh statement's names too early: a
    // limit of @libsql/client's, kept or not).
    await two.client.execute("alter table notes add column author text default 'Awa'");
    expect((await one.client.execute("select count(*) as n from notes")).rows[0]).toMatchObject({ n: 1 });
    const after = await read();
    expect(after.columns).toEqual(["body", "author"]);
    expect(after.rows[0]).toMatchObject({ body: "une", author: "Awa" });
    one.close();
    two.close();
  });
});
