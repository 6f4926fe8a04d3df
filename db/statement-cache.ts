/**
 * Prepared statements kept per connection (issue 34). @libsql/client prepares every statement it runs afresh: on a
 * back-office page of 50,000 articles that was 0.7 ms of its ~5.5 ms (a tenth of the API's CPU under load). The
 * driver's statements are reusable (each run binds anew after a reset, and sees the commits of other connections:
 * checked in db/statement-cache.test.ts), so each connection keeps its last statements by SQL text, the most
 * recently used first out of the way when it holds too many. The API builds its SQL with parameters, so the
 * texts repeat (a page's `in (?, …)` of 25, 50 or 100 ids).
 *
 * A statement's modes are the caller's to set: the client sets raw and safe integers at every run; pluck, set by
 * the driver's own `pragma()` helper only, is put back off at each reuse.
 *
 * A statement keeps the values it was last bound to (SQLite's reset does not clear them, and the driver has no
 * call that does): a kept statement run with fewer positional values than parameters read the previous caller's
 * values where a fresh one reads NULL. Each kept statement therefore pads a shorter list with NULLs up to the
 * longest it was given (a parameter never bound by anyone is NULL already); named values are bound afresh by the
 * driver.
 *
 * A statement whose columns a star stands for (`select *`, `t.*`, `returning *`) is not kept: when the table changes
 * (a migration, from any connection), SQLite prepares it again at its next step, but the client reads the column
 * names before stepping, so a kept one named the old columns beside rows of the new ones. Named columns (all the
 * SQL drizzle builds, `count(*)` included) keep their names whatever the table becomes.
 */
import LibsqlDatabase from "libsql";

/** Statements kept per connection. */
const MAX_STATEMENTS = 256;

/** A star that stands for columns: any `*` but the one of `count(*)` (a product or a comment is merely not kept). */
const STAR_COLUMNS = /\*(?!\s*\))/;

type Statement = { pluck(on?: boolean): Statement };
type Connection = { open: boolean };
type Prepare = (this: Connection, sql: string) => Statement;

const kept = new WeakMap<object, Map<string, Statement>>();

/**
 * Statements prepared and reused through the cache: a test reads them to know that the client's driver is the one
 * wrapped (a copy of `libsql` of its own would silently bypass the cache).
 */
export const statementCacheStats = { prepared: 0, reused: 0 };

type Run = (...values: unknown[]) => unknown;

/** See the head of this file: values the caller leaves out are NULL, as on a statement never run before. */
function padPositionalValues(statement: Statement): void {
  let widest = 0;
  const target = statement as unknown as Record<string, Run>;
  for (const name of ["run", "get", "all", "iterate"]) {
    const method = target[name]!;
    target[name] = function (this: unknown, ...values: unknown[]) {
      // The driver's own reading of its arguments: one object (an array, or named values), else a list.
      const named = values.length === 1 && typeof values[0] === "object" && values[0] !== null && !Array.isArray(values[0]);
      if (named) return method.apply(this, values);
      const list = values.length === 1 && Array.isArray(values[0]) ? (values[0] as unknown[]) : values.flat();
      if (list.length >= widest) {
        widest = list.length;
        return method.apply(this, values);
      }
      return method.call(this, [...list, ...new Array<null>(widest - list.length).fill(null)]);
    };
  }
}

/** Makes every connection of the process keep its prepared statements (once per process). */
export function keepPreparedStatements(): void {
  const proto = LibsqlDatabase.prototype as unknown as { prepare: Prepare; close: (this: Connection) => void; __keeps?: true };
  if (proto.__keeps) return;
  const prepare = proto.prepare;
  const close = proto.close;
  proto.prepare = function (this: Connection, sql: string) {
    // A closed connection refuses, as the driver does (a kept statement would still run on it).
    if (!this.open) return prepare.call(this, sql);
    let statements = kept.get(this);
    if (!statements) kept.set(this, (statements = new Map()));
    const found = statements.get(sql);
    if (found) {
      // Most recently used last: the first entry is the one to drop.
      statements.delete(sql);
      statements.set(sql, found);
      statementCacheStats.reused++;
      return found.pluck(false);
    }
    const statement = prepare.call(this, sql);
    statementCacheStats.prepared++;
    if (STAR_COLUMNS.test(sql)) return statement;
    padPositionalValues(statement);
    statements.set(sql, statement);
    if (statements.size > MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
    return statement;
  };
  // Closing lets go of the kept statements: each holds the SQLite connection open (its file, its WAL) until the
  // garbage collector frees it, and a closed connection's statements serve no one.
  proto.close = function (this: Connection) {
    kept.delete(this);
    return close.call(this);
  };
  proto.__keeps = true;
}
