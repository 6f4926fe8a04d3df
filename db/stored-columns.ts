/**
 * A table's columns without its virtual generated ones: the folded sort keys (db/fold.ts) are a chain of about 30
 * replace() calls that SQLite runs each time such a column is read. Selected with the rest of a row, the two of
 * media or events cost 0.7 ms a page of 50 at 50,000 articles (1.1 ms against 0.4 ms for the page's rows): a
 * fifth of the page's time, for keys the indexes already hold and no answer shows.
 */
import { getTableColumns, type Table } from "drizzle-orm";

/** The columns of `C` that are not generated (what `select()` of the row returns, less the computed keys). */
export type StoredColumns<C> = { [K in keyof C as C[K] extends { _: { generated: { type: "always" } } } ? never : K]: C[K] };

/** A row of `T` as `storedColumns(T)` selects it. */
export type StoredRow<T extends Table> = { [K in keyof StoredColumns<T["_"]["columns"]> & keyof T["$inferSelect"]]: T["$inferSelect"][K] };

/**
 * `table`'s stored columns, for `db.select(storedColumns(table))` or as one member of a selection. Every generated
 * column is left out, as the type says (the type cannot tell a virtual one from a stored one; ours are all virtual).
 */
export function storedColumns<T extends Table>(table: T): StoredColumns<T["_"]["columns"]> {
  const columns = Object.entries(getTableColumns(table)).filter(([, column]) => column.generated === undefined);
  return Object.fromEntries(columns) as StoredColumns<T["_"]["columns"]>;
}
